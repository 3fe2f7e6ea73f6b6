import type { Request } from 'express';
import { idString } from '../common/object-id';
import { largestPhotoUrl } from '../catalogue';
import type { ProductRecord } from '../catalogue';

/** The storefront's pages of a product and of a category, as its router has them (client/src/lib/routes.ts). */
export const productPath = (slug: string): string => `/product/${encodeURIComponent(slug)}`;
export const categoryPath = (slug: string): string => `/category/${encodeURIComponent(slug)}`;
/** The search page, its words in `q`, as a URL template for structured data. */
export const SEARCH_TEMPLATE = '/search?q={search_term_string}';

/**
 * Where photos are served as uploaded (the REST API): robots.txt leaves them open to link
 * previews, for photos not resized yet. Resized files are under /photos/, open anyway.
 */
export const PHOTO_PATH = '/api/v1/product/product-photo/';

/**
 * The one photo of a product that link previews and structured data show, as a path on the
 * shop, or null when it has none. Previews want one large image, so this is the place to
 * choose which of a photo's files that is.
 */
export function sharePhotoUrl(product: ProductRecord): string | null {
  if (!product.photoHash) return null;
  if (product.photo) return largestPhotoUrl(product.photoHash, product.photo);
  return `${PHOTO_PATH}${idString(product._id)}?v=${product.photoHash}`;
}

/**
 * Whose address absolute links start with: PUBLIC_URL when set, otherwise the request's own
 * protocol and host (from X-Forwarded-Proto and X-Forwarded-Host only behind a proxy that
 * TRUST_PROXY names). A Host that is no host at all gives localhost rather than a broken link.
 */
export function siteOrigin(request: Request, publicUrl: string | null): string {
  if (publicUrl) return publicUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  try {
    return new URL(`${protocol}://${request.host || 'localhost'}`).origin;
  } catch {
    return `${protocol}://localhost`;
  }
}
