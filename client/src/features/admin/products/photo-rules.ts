/** The admin form's stated photo limit: under 1 MB (the server enforces the same). */
export const PHOTO_MAX_BYTES = 1024 * 1024;

/** Why a picked file cannot be the product's photo, or null when it can. */
export function photoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'The photo must be an image (JPEG, PNG, WebP or GIF)';
  if (file.size >= PHOTO_MAX_BYTES) return 'Photo should be less than 1 MB';
  return null;
}
