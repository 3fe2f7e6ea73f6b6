import type { Response } from 'express';
import { SANDBOXED_FILE_POLICY } from '../../common/security-headers';

/** Named by content: the bytes behind such a URL never change, so caches keep them for good. */
export const CACHED_FOR_GOOD = 'public, max-age=31536000, immutable';
/** A URL whose bytes can change: caches keep them but ask (If-None-Match) before each use. */
export const REVALIDATED = 'public, no-cache';

/** If-None-Match may list several tags, weak ones (W/"...") or '*'. */
export function clientHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes(etag) || tags.includes('*');
}

interface PhotoAnswer {
  /** The strong ETag, quoted. */
  etag: string;
  cacheControl: string;
  /** If-None-Match of the request. */
  ifNoneMatch: string | undefined;
  /** Read only when the client does not hold these bytes already. */
  read: () => Promise<{ data: Buffer; contentType: string }>;
}

/**
 * Answers a photo: 304 when the client's copy is current, which reads nothing, else the
 * bytes. Opened on its own, an uploaded file is a document of our origin: nothing in it
 * may run, whatever its bytes.
 */
export async function sendPhoto(response: Response, answer: PhotoAnswer): Promise<void> {
  // Read before any header is set, so that a photo not found is not cached for good.
  const file = clientHolds(answer.ifNoneMatch, answer.etag) ? null : await answer.read();
  response.setHeader('Cache-Control', answer.cacheControl);
  response.setHeader('ETag', answer.etag);
  response.setHeader('Content-Security-Policy', SANDBOXED_FILE_POLICY);
  if (!file) {
    response.status(304).end();
    return;
  }
  response.setHeader('Content-Type', file.contentType);
  response.setHeader('Content-Length', file.data.length);
  response.end(file.data);
}
