import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import type { ShopError } from '../shop-error';

/** The most bytes an upload may hold, and the refusal of a larger one. */
export interface UploadLimit {
  maxBytes: number;
  tooLarge: () => ShopError;
}

/**
 * Reads an uploaded file into memory. graphql-upload already stops a stream past the
 * size limit; the count here is a second guard that does not rely on its options, and
 * the only one for files allowed less than that.
 */
export async function readUpload(
  upload: Promise<FileUpload> | undefined | null,
  limit: UploadLimit,
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

/** Reads uploads one after the other, each within `limit`: a stream is read before the next. */
export async function readUploads(
  uploads: Promise<FileUpload>[],
  limit: UploadLimit,
): Promise<Buffer[]> {
  const read: Buffer[] = [];
  for (const upload of uploads) read.push((await readUpload(upload, limit))!);
  return read;
}
