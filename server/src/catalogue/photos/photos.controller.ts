import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../../common/rest-v1/api-responses';
import { notFound } from '../../common/shop-error';
import { CACHED_FOR_GOOD, sendPhoto } from './photo-responses';
import { isPhotoFileName, PHOTO_FILES_PATH, PHOTO_FORMAT_TYPES } from './photo-variants';
import { ProductPhotosService } from './product-photos.service';

const NO_SUCH_PHOTO = 'No such photo';

/**
 * The storefront's photos: resized files named by content (photo-variants.ts). A name
 * never changes meaning, so a client that names one in If-None-Match already holds it
 * and is answered 304 without any lookup; anything else is one read by `_id`, or none
 * when the file was served lately.
 */
@ApiTags('photos')
@Controller(PHOTO_FILES_PATH)
export class PhotosController {
  constructor(private readonly photos: ProductPhotosService) {}

  @Get(':name')
  @ApiParam({ name: 'name', description: '<sha256 of the upload>-<width>.<avif|webp|jpg|png>' })
  @ApiResponse({
    status: 200,
    description: 'The resized photo',
    content: Object.fromEntries(
      Object.values(PHOTO_FORMAT_TYPES).map((type) => [
        type,
        { schema: { type: 'string', format: 'binary' } },
      ]),
    ),
  })
  @ApiResponse({ status: 304, description: 'The client holds this file already' })
  @ApiErrors(404)
  async file(
    @Param('name') name: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ) {
    if (!isPhotoFileName(name)) throw notFound(NO_SUCH_PHOTO);
    await sendPhoto(response, {
      etag: `"${name}"`,
      cacheControl: CACHED_FOR_GOOD,
      ifNoneMatch,
      read: async () => {
        const file = await this.photos.file(name);
        if (!file) throw notFound(NO_SUCH_PHOTO);
        return file;
      },
    });
  }
}
