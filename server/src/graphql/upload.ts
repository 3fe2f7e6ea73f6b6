import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { photoTooLarge } from '../products/photo-rules';
import { PHOTO_MAX_BYTES } from '../shared/rules';

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
    if (size >= PHOTO_MAX_BYTES) throw photoTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
