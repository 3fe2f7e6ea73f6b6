import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import type { ShopError } from '../common/shop-error';
import { photoTooLarge } from '../products/photo-rules';
import { PHOTO_MAX_BYTES } from '../shared/rules';

/** The most bytes an upload may hold, and the refusal of a larger one. */
export interface UploadLimit {
  maxBytes: number;
  tooLarge: () => ShopError;
}

/** A photo must be under PHOTO_MAX_BYTES. */
const PHOTO_LIMIT: UploadLimit = { maxBytes: PHOTO_MAX_BYTES - 1, tooLarge: photoTooLarge };

/**
 * Reads an uploaded file into memory. graphql-upload already stops a stream past the
 * size limit; the count here is a second guard that does not rely on its options, and
 * the only one for files allowed less than that (`limit`).
 */
export async function readUpload(
  upload: Promise<FileUpload> | undefined | null,
  limit: UploadLimit = PHOTO_LIMIT,
): Promise<Buffer | undefined> {
  if (!upload) return undefined;
  const file = await upload;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.createReadStream()) {
    size += (chunk as Buffer).length;
    if (size > limit.maxBytes) throw limit.tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
