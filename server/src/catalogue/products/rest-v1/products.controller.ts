import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../../../auth';
import { CachedCatalogueResponse } from '../../read-model/cached-response.interceptor';
import { ApiAnswer, ApiErrors, IdParam } from '../../../common/rest-v1/api-responses';
import { listOf, succeeded } from '../../../common/rest-v1/answers';
import { PRODUCT, PRODUCT_DETAILS } from './product.answers';
import { ObjectIdPipe } from '../../../common/object-id';
import { pageRequest } from '../../../common/pagination';
import { badInput } from '../../../common/shop-error';
import { CACHED_FOR_GOOD, clientHolds, REVALIDATED, sendPhoto } from '../../photos/photo-responses';
import { PHOTO_TYPES } from '../../photos/photo-rules';
import { PHOTO_MAX_BYTES, STOREFRONT_PAGE_SIZE } from '../../../shared/rules';
import { ProductFormDto, ProductUpdateDto } from '../product.dto';
import { ProductFiltersDto } from './product-filters.dto';
import { boundsInPaise, priceInPaise, priceInRupees } from '../product-prices';
import { ProductReads, UNPAGED_LIST_LIMIT } from '../product-reads.service';
import { ProductWrites } from '../product-writes.service';
import type { GalleryPhoto, ProductRecord } from '../../records/product.schema';
import { firstPhoto } from '../../records/gallery';
import { LISTED_ORDERS, SortOrder } from '../../read-model/catalogue';

/** REST lists take `?sort=`; REST's search is literal, so there is no best match to sort by. */
const sortOrder = {
  transform(value: unknown): SortOrder {
    if (value === undefined) return 'newest';
    if (!LISTED_ORDERS.includes(value as never)) {
      throw badInput(`sort must be one of ${LISTED_ORDERS.join(', ')}`);
    }
    return value as SortOrder;
  },
};

const SortQuery = () =>
  ApiQuery({
    name: 'sort',
    required: false,
    schema: { type: 'string', enum: [...LISTED_ORDERS], default: 'newest' },
  });

/** Says in the OpenAPI document that a list stops at UNPAGED_LIST_LIMIT products. */
const UNPAGED = (what: string) =>
  `${what}, newest first unless sorted: at most ${UNPAGED_LIST_LIMIT}; X-Total-Count tells how many matched`;

const TOTAL_COUNT = {
  'X-Total-Count': {
    description: 'How many products matched, also those beyond the list',
    schema: { type: 'integer' },
  },
};

/** The products in rupees, and how many matched in X-Total-Count. */
function unpaged(found: { items: ProductRecord[]; total: number }, response: Response) {
  response.setHeader('X-Total-Count', found.total);
  return found.items.map(productAnswer);
}

/**
 * The product form, as JSON or as multipart with the photo in its `photo` part: read, and
 * declared in the OpenAPI document with the photo's types (so clients, and the contract fuzz,
 * send image parts).
 */
const productForm = (form: typeof ProductFormDto | typeof ProductUpdateDto) =>
  applyDecorators(
    ApiConsumes('multipart/form-data', 'application/json'),
    ApiBody({
      type: form,
      encoding: { photo: { contentType: Object.values(PHOTO_TYPES).join(', ') } },
    }),
    UseInterceptors(
      FileInterceptor('photo', {
        limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
      }),
    ),
  );

/**
 * A product as REST answers carry it: its price in rupees, of its photos only the first's hash
 * as `photoHash` (REST clients fetch product-photo/{id}; product-photos/{id} lists all), and
 * neither its options nor its variants: REST v1 knows a product by its first variant's price
 * and its total stock, which the product carries; GraphQL and the variants route speak of
 * variants.
 */
export function productAnswer<
  T extends { price: number; photos: GalleryPhoto[]; options?: unknown; variants?: unknown },
>({ photos, options: _options, variants: _variants, ...product }: T) {
  return { ...priceInRupees(product), photoHash: firstPhoto({ photos })?.hash ?? null };
}

const pageNumber = new ParseIntPipe({
  exceptionFactory: () => badInput('Page must be a whole number from 1'),
});

/**
 * REST v1 compatibility layer (docs/decisions/010-rest-v1-compatibility-layer.md): the
 * product calls as the first clients know them. Its quirks stay here: the `{ success,
 * message }` envelope, a created or saved product under `products` (one product, plural
 * key), the filter's `checked`/`radio` (product-filters.dto.ts), the unpaged lists capped
 * at UNPAGED_LIST_LIMIT with X-Total-Count, and the category id of `related-product` that
 * is read but not used. Everything else is ProductReads' and ProductWrites'.
 */
@ApiTags('product')
@Controller('api/v1/product')
export class ProductsController {
  constructor(
    private readonly reads: ProductReads,
    private readonly writes: ProductWrites,
  ) {}

  @Get('product-list/:page')
  @CachedCatalogueResponse()
  @ApiAnswer(
    200,
    'One page of products, newest first unless sorted',
    succeeded({ products: listOf(PRODUCT) }),
  )
  @ApiParam({ name: 'page', schema: { type: 'integer', minimum: 1 } })
  @SortQuery()
  list(@Param('page', pageNumber) page: number, @Query('sort', sortOrder) sort: SortOrder) {
    const result = this.reads.page(pageRequest(page, STOREFRONT_PAGE_SIZE), {}, sort);
    return { success: true, products: result.items.map(productAnswer) };
  }

  @Get('product-count')
  @ApiAnswer(200, 'How many products there are', succeeded({ total: { type: 'integer' } }))
  count() {
    return { success: true, total: this.reads.count() };
  }

  @Post('product-filters')
  @HttpCode(200)
  @CachedCatalogueResponse()
  @ApiAnswer(200, UNPAGED('The products matching'), succeeded({ products: listOf(PRODUCT) }), {
    headers: TOTAL_COUNT,
  })
  @SortQuery()
  filter(
    @Body() body: ProductFiltersDto,
    @Query('sort', sortOrder) sort: SortOrder,
    @Res({ passthrough: true }) response: Response,
  ) {
    const radio = body.radio ?? [];
    if (radio.length === 1) throw badInput('radio must hold two prices: [min, max]');
    const products = this.reads.list(
      {
        categoryIds: body.checked,
        ...boundsInPaise({ priceMin: radio[0], priceMax: radio[1] }),
      },
      sort,
    );
    return { success: true, products: unpaged(products, response) };
  }

  @Get('search/:keyword')
  @CachedCatalogueResponse()
  @ApiAnswer(200, UNPAGED('The products matching'), listOf(PRODUCT), { headers: TOTAL_COUNT })
  @ApiParam({ name: 'keyword', schema: { type: 'string', minLength: 1 } })
  @SortQuery()
  search(
    @Param('keyword') keyword: string,
    @Query('sort', sortOrder) sort: SortOrder,
    @Res({ passthrough: true }) response: Response,
  ) {
    return unpaged(this.reads.list({ keyword }, sort), response);
  }

  @Get('product-photo/:id')
  @IdParam('id', 'Product id')
  @ApiResponse({
    status: 200,
    description: 'The photo, of the type its bytes were found to be on upload',
    content: Object.fromEntries(
      Object.values(PHOTO_TYPES).map((type) => [
        type,
        { schema: { type: 'string', format: 'binary' } },
      ]),
    ),
  })
  @ApiResponse({ status: 304, description: 'Unchanged since the ETag given in If-None-Match' })
  @ApiErrors(404)
  async photo(
    @Param('id', ObjectIdPipe) id: string,
    @Query('v') version: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ) {
    // The catalogue knows the photo's hash, so a client holding it is answered unread.
    const known = this.reads.photoVersion(id);
    const unchanged = known !== null && clientHolds(ifNoneMatch, `"${known}"`);
    const photo = unchanged ? null : await this.reads.photo(id);
    const hash = photo?.hash ?? known!;
    await sendPhoto(response, {
      etag: `"${hash}"`,
      // A URL carrying the photo's hash never changes meaning, so it may be cached for
      // good; the bare URL is revalidated, so a new photo shows at once.
      cacheControl: version === hash ? CACHED_FOR_GOOD : REVALIDATED,
      ifNoneMatch,
      read: async () => photo ?? (await this.reads.photo(id)),
    });
  }

  @Post('create-product')
  @AdminOnly()
  @ApiAnswer(201, 'Created', succeeded({ products: PRODUCT }))
  @productForm(ProductFormDto)
  async create(@Body() body: ProductFormDto, @UploadedFile() photo?: Express.Multer.File) {
    const product = await this.writes.create(
      priceInPaise({ ...body, shipping: body.shipping ?? false }),
      photo ? [photo.buffer] : [],
    );
    return {
      success: true,
      message: 'Product Created Successfully',
      products: productAnswer(product),
    };
  }

  @Get('get-product')
  @CachedCatalogueResponse()
  @ApiAnswer(
    200,
    UNPAGED('Every product'),
    succeeded({ countTotal: { type: 'integer' }, products: listOf(PRODUCT) }),
    { headers: TOTAL_COUNT },
  )
  all(@Res({ passthrough: true }) response: Response) {
    const products = unpaged(this.reads.list(), response);
    return { success: true, countTotal: products.length, message: 'All products', products };
  }

  @Get('get-product/:slug')
  @ApiAnswer(200, 'The product with its category', succeeded({ product: PRODUCT_DETAILS }))
  @ApiParam({ name: 'slug', schema: { type: 'string', minLength: 1 } })
  @ApiErrors(404)
  bySlug(@Param('slug') slug: string) {
    return {
      success: true,
      message: 'Product found',
      product: productAnswer(this.reads.detailsBySlug(slug)),
    };
  }

  @Put('update-product/:id')
  @AdminOnly()
  @ApiAnswer(200, 'Saved', succeeded({ products: PRODUCT }))
  @IdParam('id', 'Product id')
  @ApiErrors(404)
  @productForm(ProductUpdateDto)
  async update(
    @Param('id', ObjectIdPipe) id: string,
    @Body() body: ProductUpdateDto,
    @UploadedFile() photo?: Express.Multer.File,
  ) {
    const product = await this.writes.update(id, priceInPaise(body), photo?.buffer);
    return {
      success: true,
      message: 'Product Updated Successfully',
      products: productAnswer(product),
    };
  }

  @Delete('delete-product/:id')
  @AdminOnly()
  @ApiAnswer(200, 'Deleted', succeeded())
  @IdParam('id', 'Product id')
  @ApiErrors(404)
  async delete(@Param('id', ObjectIdPipe) id: string) {
    await this.writes.delete(id);
    return { success: true, message: 'Product Deleted successfully' };
  }

  @Get('related-product/:pid/:cid')
  @ApiAnswer(200, 'Other products of its category', succeeded({ products: listOf(PRODUCT) }))
  @IdParam('pid', 'Product id')
  @IdParam('cid', "Category id (not used: the product's own category counts)")
  @ApiErrors(404)
  related(
    @Param('pid', ObjectIdPipe) productId: string,
    @Param('cid', ObjectIdPipe) _categoryId: string,
  ) {
    return {
      success: true,
      products: this.reads.related(productId).map(productAnswer),
    };
  }
}
