import { NOT_A_PHOTO, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from '@shop/rules';

/**
 * Why a picked file cannot be the product's photo, or null when it can. The server checks
 * the bytes themselves; this only spares the admin an upload that would be refused.
 */
export function photoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return NOT_A_PHOTO;
  if (file.size >= PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE;
  return null;
}
