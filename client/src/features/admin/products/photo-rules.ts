import { NOT_A_PHOTO, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, PRODUCT_PHOTO_RULES } from '@shop/rules';

/**
 * Why a picked file cannot be the product's photo, or null when it can. The server checks
 * the bytes themselves; this only spares the admin an upload that would be refused.
 */
export function photoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return NOT_A_PHOTO;
  if (file.size >= PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE;
  return null;
}

/**
 * Why files picked together cannot be added to a product that has room for `room` more
 * photos, or null when they can: the first file's problem, or too many.
 */
export function photosProblem(files: File[], room: number): string | null {
  if (files.length > room) return PRODUCT_PHOTO_RULES.tooMany;
  return files.map(photoProblem).find((problem) => problem !== null) ?? null;
}
