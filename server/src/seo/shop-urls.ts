import type { Request } from 'express';
import { idString } from '../common/object-id';
import { firstPhoto, largestPhotoUrl } from '../catalogue';
import type { GalleryPhoto, ProductRecord } from '../catalogue';
import { type Language, LANGUAGE_PARAM, LANGUAGES } from '../shared/rules';

/** The storefront's pages of a product and of a category, as its router has them (client/src/lib/routes.ts). */
export const productPath = (slug: string): string => `/product/${encodeURIComponent(slug)}`;
export const categoryPath = (slug: string): string => `/category/${encodeURIComponent(slug)}`;
/**
 * A page of the storefront in `language`: English at its own path, Hindi with `?lang=hi`,
 * which the storefront opens in Hindi (client/src/lib/i18n.ts, firstLanguage).
 */
export const inLanguage = (path: string, language: Language): string =>
  language === 'en' ? path : `${path}?${LANGUAGE_PARAM}=${language}`;

/** The language a request asks a page in: `?lang=hi`, English otherwise. */
export function pageLanguage(request: Request): Language {
  const asked = request.query[LANGUAGE_PARAM];
  return LANGUAGES.find((language) => language === asked) ?? 'en';
}

/**
 * How `hreflang` names each language: as the storefront speaks them, for shoppers in India.
 * English is also the page for everyone else (`x-default`).
 */
export const HREFLANG: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/** A page's versions in every language, by `hreflang`, then the one for any other reader. */
export function languageVersions(path: string): [hreflang: string, path: string][] {
  return [
    ...LANGUAGES.map((language): [string, string] => [
      HREFLANG[language],
      inLanguage(path, language),
    ]),
    ['x-default', inLanguage(path, 'en')],
  ];
}

/** The search page, its words in `q`, as a URL template for structured data. */
export const SEARCH_TEMPLATE = '/search?q={search_term_string}';

/**
 * Where photos are served as uploaded (the REST API): robots.txt leaves them open to link
 * previews, for photos not resized yet. Resized files are under /photos/, open anyway.
 */
export const PHOTO_PATH = '/api/v1/product/product-photo/';

/**
 * A product's photo as link previews and structured data show it, as a path on the shop:
 * previews want one large image, so this is the place to choose which of a photo's files
 * that is. A photo not resized yet has none; the first is then shown as uploaded.
 */
function sharedPhotoUrl(product: ProductRecord, photo: GalleryPhoto): string | null {
  if (photo.layout) return largestPhotoUrl(photo.hash, photo.layout);
  if (photo !== firstPhoto(product)) return null;
  return `${PHOTO_PATH}${idString(product._id)}?v=${photo.hash}`;
}

/** The product's first photo, the one link previews show, or null when it has none. */
export function sharePhotoUrl(product: ProductRecord): string | null {
  const first = firstPhoto(product);
  return first && sharedPhotoUrl(product, first);
}

/** Every photo of the product, in order, for structured data. */
export const productPhotoUrls = (product: ProductRecord): string[] =>
  product.photos.flatMap((photo) => sharedPhotoUrl(product, photo) ?? []);

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
