import { ShopError, badInput } from '../common/shop-error';

/** The photo limit the admin form states: under 1 MB, so 1 MiB itself is refused. */
export const PHOTO_MAX_BYTES = 1024 * 1024;

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** Recognises an image by its first bytes; the name and declared type prove nothing. */
export function detectImageType(bytes: Buffer): PhotoType | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Checks an uploaded photo and returns its real content type. */
export function checkPhoto(bytes: Buffer): PhotoType {
  if (bytes.length === 0) throw badInput('The photo is empty');
  if (bytes.length >= PHOTO_MAX_BYTES) {
    throw new ShopError('PAYLOAD_TOO_LARGE', 'Photo should be less than 1 MB');
  }
  const type = detectImageType(bytes);
  if (!type) throw badInput('Photo must be a JPEG, PNG, WebP or GIF image');
  return type;
}
