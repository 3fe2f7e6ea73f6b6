import {
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
import { ApiConsumes, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../auth/auth.guards';
import { ObjectIdPipe } from '../common/object-id';
import { pageRequest } from '../common/pagination';
import { badInput } from '../common/shop-error';
import { PHOTO_MAX_BYTES } from './photo-rules';
import { ProductFiltersDto, ProductFormDto, ProductUpdateDto } from './product.dto';
import { boundsInPaise, priceInPaise, priceInRupees } from './product-prices';
import { ProductsService } from './products.service';

/** Page size of the storefront's "load more" list. */
export const STOREFRONT_PAGE_SIZE = 6;

const photoUpload = () =>
  UseInterceptors(
    FileInterceptor('photo', {
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
    }),
  );

const pageNumber = new ParseIntPipe({
  exceptionFactory: () => badInput('Page must be a whole number from 1'),
});

/** If-None-Match may list several tags, weak ones (W/"...") or '*'. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes(etag) || tags.includes('*');
}

@ApiTags('product')
@Controller('api/v1/product')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get('product-list/:page')
  async list(@Param('page', pageNumber) page: number) {
    const result = await this.products.page(pageRequest(page, STOREFRONT_PAGE_SIZE));
    return { success: true, products: result.items.map(priceInRupees) };
  }

  @Get('product-count')
  async count() {
    return { success: true, total: await this.products.count() };
  }

  @Post('product-filters')
  @HttpCode(200)
  async filter(@Body() body: ProductFiltersDto) {
    const radio = body.radio ?? [];
    if (radio.length === 1) throw badInput('radio must hold two prices: [min, max]');
    const products = await this.products.all({
      categoryIds: body.checked,
      ...boundsInPaise({ priceMin: radio[0], priceMax: radio[1] }),
    });
    return { success: true, products: products.map(priceInRupees) };
  }

  @Get('search/:keyword')
  async search(@Param('keyword') keyword: string) {
    return (await this.products.all({ search: keyword })).map(priceInRupees);
  }

  @Get('product-photo/:id')
  @ApiProduces('image/jpeg', 'image/png', 'image/webp', 'image/gif')
  async photo(
    @Param('id', ObjectIdPipe) id: string,
    @Query('v') version: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ) {
    const photo = await this.products.photo(id);
    const etag = `"${photo.hash}"`;
    // A URL carrying the photo's hash never changes meaning, so it may be cached for good;
    // the bare URL is revalidated, so a new photo shows at once.
    response.setHeader(
      'Cache-Control',
      version === photo.hash ? 'public, max-age=31536000, immutable' : 'public, no-cache',
    );
    response.setHeader('ETag', etag);
    if (matchesEtag(ifNoneMatch, etag)) {
      response.status(304).end();
      return;
    }
    response.setHeader('Content-Type', photo.contentType);
    response.setHeader('Content-Length', photo.data.length);
    response.end(photo.data);
  }

  @Post('create-product')
  @AdminOnly()
  @ApiConsumes('multipart/form-data', 'application/json')
  @photoUpload()
  async create(@Body() body: ProductFormDto, @UploadedFile() photo?: Express.Multer.File) {
    const product = await this.products.create(
      priceInPaise({ ...body, shipping: body.shipping ?? false }),
      photo?.buffer,
    );
    return {
      success: true,
      message: 'Product Created Successfully',
      products: priceInRupees(product),
    };
  }

  @Get('get-product')
  async all() {
    const products = (await this.products.all()).map(priceInRupees);
    return { success: true, countTotal: products.length, message: 'All products', products };
  }

  @Get('get-product/:slug')
  async bySlug(@Param('slug') slug: string) {
    return {
      success: true,
      message: 'Product found',
      product: priceInRupees(await this.products.detailsBySlug(slug)),
    };
  }

  @Put('update-product/:id')
  @AdminOnly()
  @ApiConsumes('multipart/form-data', 'application/json')
  @photoUpload()
  async update(
    @Param('id', ObjectIdPipe) id: string,
    @Body() body: ProductUpdateDto,
    @UploadedFile() photo?: Express.Multer.File,
  ) {
    const product = await this.products.update(id, priceInPaise(body), photo?.buffer);
    return {
      success: true,
      message: 'Product Updated Successfully',
      products: priceInRupees(product),
    };
  }

  @Delete('delete-product/:id')
  @AdminOnly()
  async delete(@Param('id', ObjectIdPipe) id: string) {
    await this.products.delete(id);
    return { success: true, message: 'Product Deleted successfully' };
  }

  @Get('related-product/:pid/:cid')
  async related(
    @Param('pid', ObjectIdPipe) productId: string,
    @Param('cid', ObjectIdPipe) _categoryId: string,
  ) {
    return {
      success: true,
      products: (await this.products.related(productId)).map(priceInRupees),
    };
  }
}
