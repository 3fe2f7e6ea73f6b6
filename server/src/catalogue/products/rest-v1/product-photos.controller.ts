import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Post,
  Put,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../auth';
import { listOf, nullable, shapeOf, succeeded, text } from '../../../common/rest-v1/answers';
import { ApiAnswer, ApiErrors, IdParam } from '../../../common/rest-v1/api-responses';
import { ObjectIdPipe } from '../../../common/object-id';
import { notFound } from '../../../common/shop-error';
import { PHOTO_MAX_BYTES, PRODUCT_PHOTO_RULES } from '../../../shared/rules';
import { PHOTO_TYPES } from '../../photos/photo-rules';
import { largestPhotoUrl } from '../../photos/photo-variants';
import type { ProductRecord } from '../../records/product.schema';
import { PhotoAltDto, PhotoOrderDto } from '../gallery.dto';
import { ProductGallery } from '../product-gallery.service';
import { PRODUCT_NOT_FOUND, ProductReads } from '../product-reads.service';

const PHOTO = shapeOf({
  hash: text,
  alt: text,
  url: nullable({ ...text, description: 'The largest resized file; null until it is resized' }),
});
const PHOTOS = succeeded({ photos: listOf(PHOTO) });

/** A product's photos as REST answers list them, in order. */
function photosAnswer({ photos }: ProductRecord) {
  return {
    success: true,
    photos: photos.map(({ hash, alt, layout }) => ({
      hash,
      alt,
      url: layout && largestPhotoUrl(hash, layout),
    })),
  };
}

const HashParam = () =>
  ApiParam({ name: 'hash', description: "The photo's hash, as the list gives it" });

/**
 * A product's several photos, beside the first clients' calls (product-photo/{id} still
 * serves the first as uploaded): listed, added several at once (multipart, each in a part
 * named `photos`), put in order, given alt text, taken off one by one. ProductGallery holds
 * every rule.
 */
@ApiTags('product')
@Controller('api/v1/product/product-photos')
export class ProductPhotosController {
  constructor(
    private readonly gallery: ProductGallery,
    private readonly reads: ProductReads,
  ) {}

  @Get(':id')
  @IdParam('id', 'Product id')
  @ApiErrors(404)
  @ApiAnswer(200, "The product's photos in order, the first its card's", PHOTOS)
  list(@Param('id', ObjectIdPipe) id: string) {
    const [product] = this.reads.findByIds([id]);
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return photosAnswer(product);
  }

  @Post(':id')
  @AdminOnly()
  @IdParam('id', 'Product id')
  @ApiErrors(404)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: shapeOf({
      photos: listOf({ type: 'string', format: 'binary' }),
    }),
    encoding: { photos: { contentType: Object.values(PHOTO_TYPES).join(', ') } },
  })
  @ApiAnswer(201, 'Added after the photos there were; all or none', PHOTOS)
  @UseInterceptors(
    FilesInterceptor('photos', PRODUCT_PHOTO_RULES.maxPhotos + 1, {
      // One more than a product may have, so too many is refused in the shop's words.
      limits: { fileSize: PHOTO_MAX_BYTES, files: PRODUCT_PHOTO_RULES.maxPhotos + 1, fields: 0 },
    }),
  )
  async add(
    @Param('id', ObjectIdPipe) id: string,
    @UploadedFiles() files: Express.Multer.File[] = [],
  ) {
    return photosAnswer(
      await this.gallery.add(
        id,
        files.map((file) => file.buffer),
      ),
    );
  }

  @Put(':id/order')
  @AdminOnly()
  @IdParam('id', 'Product id')
  @ApiErrors(404, 409)
  @ApiAnswer(200, 'The photos in the new order', PHOTOS)
  async reorder(@Param('id', ObjectIdPipe) id: string, @Body() body: PhotoOrderDto) {
    return photosAnswer(await this.gallery.reorder(id, body.order));
  }

  @Put(':id/:hash')
  @AdminOnly()
  @IdParam('id', 'Product id')
  @HashParam()
  @ApiErrors(404, 409)
  @ApiAnswer(200, 'The photos, this one with its new alt text', PHOTOS)
  async describe(
    @Param('id', ObjectIdPipe) id: string,
    @Param('hash') hash: string,
    @Body() body: PhotoAltDto,
  ) {
    return photosAnswer(await this.gallery.describe(id, hash, body.alt));
  }

  @Delete(':id/:hash')
  @AdminOnly()
  @IdParam('id', 'Product id')
  @HashParam()
  @ApiErrors(404, 409)
  @ApiAnswer(200, 'The photos left', PHOTOS)
  async remove(@Param('id', ObjectIdPipe) id: string, @Param('hash') hash: string) {
    return photosAnswer(await this.gallery.remove(id, hash));
  }
}
