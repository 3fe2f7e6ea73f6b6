import { badInput, notFound } from '../../common/shop-error';
import {
  controlCharactersIn,
  holdsControlCharacters,
  PRODUCT_PHOTO_RULES,
} from '../../shared/rules';
import type { GalleryPhoto, Product } from './product.schema';

/**
 * A product's photos and the rules of changing them, as pure functions over the stored list:
 * each returns the list to store, or refuses with the message naming what is wrong.
 */

/** The photo its card, previews and REST's product-photo/{id} show, or null without one. */
export const firstPhoto = ({ photos }: Pick<Product, 'photos'>): GalleryPhoto | null =>
  photos[0] ?? null;

/** Whether `hash` names one of the product's photos (a variant may show only those). */
export const isProductPhoto = ({ photos }: Pick<Product, 'photos'>, hash: string): boolean =>
  photos.some((photo) => photo.hash === hash);

function photoAt(photos: GalleryPhoto[], hash: string): number {
  const at = photos.findIndex((photo) => photo.hash === hash);
  if (at < 0) throw notFound(PRODUCT_PHOTO_RULES.noSuchPhoto);
  return at;
}

/** `added` after the photos there are, each once, up to the limit. */
export function withAdded(photos: GalleryPhoto[], added: GalleryPhoto[]): GalleryPhoto[] {
  const hashes = [...photos, ...added].map((photo) => photo.hash);
  if (new Set(hashes).size < hashes.length) throw badInput(PRODUCT_PHOTO_RULES.alreadyShown);
  if (hashes.length > PRODUCT_PHOTO_RULES.maxPhotos) throw badInput(PRODUCT_PHOTO_RULES.tooMany);
  return [...photos, ...added];
}

/** `first` in place of the first photo (REST's and the product form's one photo). */
export function withFirst(photos: GalleryPhoto[], first: GalleryPhoto): GalleryPhoto[] {
  const rest = photos.slice(1).filter((photo) => photo.hash !== first.hash);
  return [first, ...rest];
}

/** The photos in the order `hashes` names them: each photo once, no other. */
export function reordered(photos: GalleryPhoto[], hashes: string[]): GalleryPhoto[] {
  const byHash = new Map(photos.map((photo) => [photo.hash, photo]));
  if (!hashes.every((hash) => byHash.has(hash))) throw notFound(PRODUCT_PHOTO_RULES.noSuchPhoto);
  if (hashes.length !== photos.length || new Set(hashes).size !== hashes.length) {
    throw badInput(PRODUCT_PHOTO_RULES.order);
  }
  return hashes.map((hash) => byHash.get(hash)!);
}

/** The photos without the one `hash` names. */
export function without(photos: GalleryPhoto[], hash: string): GalleryPhoto[] {
  const at = photoAt(photos, hash);
  return photos.filter((_photo, index) => index !== at);
}

/** The photos with `alt`, trimmed, as the alt text of the one `hash` names. */
export function withAlt(photos: GalleryPhoto[], hash: string, alt: string): GalleryPhoto[] {
  const at = photoAt(photos, hash);
  const text = alt.trim();
  if (text.length > PRODUCT_PHOTO_RULES.alt.maxLength) {
    throw badInput(PRODUCT_PHOTO_RULES.alt.message);
  }
  if (holdsControlCharacters(text)) throw badInput(controlCharactersIn('alt'));
  return photos.map((photo, index) => (index === at ? { ...photo, alt: text } : photo));
}
