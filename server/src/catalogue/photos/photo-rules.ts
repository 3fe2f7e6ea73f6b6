import type { UploadLimit } from '../../common/graphql/upload';
import sharp from 'sharp';
import { ShopError, badInput } from '../../common/shop-error';
import { NOT_A_PHOTO, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from '../../shared/rules';

/**
 * Far more than a product photo needs (6000 x 4000), and little enough that a small
 * file which inflates into a huge picture (a decompression bomb) is refused unread.
 */
const PHOTO_MAX_PIXELS = 24_000_000;

/** The answer to a photo of PHOTO_MAX_BYTES or more, however it was sent. */
export const photoTooLarge = () => new ShopError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE);

/** A photo uploaded through GraphQL must be under PHOTO_MAX_BYTES. */
export const PHOTO_UPLOAD_LIMIT: UploadLimit = {
  maxBytes: PHOTO_MAX_BYTES - 1,
  tooLarge: photoTooLarge,
};

export const PHOTO_TYPES = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;

export type PhotoType = (typeof PHOTO_TYPES)[keyof typeof PHOTO_TYPES];

/**
 * Checks an uploaded photo and returns its real content type. The name and declared type
 * prove nothing, and neither do the first bytes: a file that starts like a GIF or PNG and
 * goes on as JavaScript or HTML (a polyglot) must not pass. So the image decoder (libvips,
 * through sharp) names the format and then reads every pixel of the first frame; anything
 * it cannot read whole is refused.
 */
export async function checkPhoto(bytes: Buffer): Promise<PhotoType> {
  if (bytes.length === 0) throw badInput('The photo is empty');
  if (bytes.length >= PHOTO_MAX_BYTES) {
    throw photoTooLarge();
  }
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS });
    const { format } = await image.metadata();
    const type = PHOTO_TYPES[format as keyof typeof PHOTO_TYPES];
    if (!type) throw badInput(NOT_A_PHOTO);
    await image.stats();
    return type;
  } catch (error) {
    if (error instanceof ShopError) throw error;
    throw badInput(NOT_A_PHOTO);
  }
}
