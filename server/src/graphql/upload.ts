import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { PHOTO_MAX_BYTES } from '../products/photo-rules';
import { ShopError } from '../common/shop-error';

/**
 * Reads an uploaded file into memory. graphql-upload already stops a stream past the
 * size limit; the count here is a second guard that does not rely on its options.
 */
export async function readUpload(
  upload: Promise<FileUpload> | undefined | null,
): Promise<Buffer | undefined> {
  if (!upload) return undefined;
  const file = await upload;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.createReadStream()) {
    size += (chunk as Buffer).length;
    if (size > PHOTO_MAX_BYTES)
      throw new ShopError('PAYLOAD_TOO_LARGE', 'Photo should be less than 1 MB');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
