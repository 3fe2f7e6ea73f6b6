import { controlCharactersIn, holdsControlCharacters } from '../shared/rules';
import { badInput } from './shop-error';

/** Lower case, hyphenated, ASCII letters and digits only: "Home & Kitchen" -> "home-and-kitchen". */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'item';
}

/** `base`, or the first of base-2, base-3, ... that is not taken. */
export function freeSlug(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  let suffix = 2;
  while (taken(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** A keyword matched literally inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A search as given, refused when it holds control characters (tab and line breaks too: a
 * search is one line), as every text field is (common/fields.ts).
 */
export function withoutControlCharacters(search: string): string {
  if (holdsControlCharacters(search)) throw badInput(controlCharactersIn('Search'));
  return search;
}

/** A search keyword as a pattern matching it literally, ignoring case. */
export function searchPattern(keyword: string): RegExp {
  return new RegExp(escapeRegExp(withoutControlCharacters(keyword)), 'i');
}

/**
 * An optional text as stored: trimmed, a blank as null (none); refused, naming `field`, when it
 * holds control characters (tab and line breaks allowed in one that `spansLines`).
 */
export function optionalTextOf(
  given: string | null,
  field: string,
  spansLines = false,
): string | null {
  const text = (given ?? '').trim();
  if (holdsControlCharacters(text, spansLines)) throw badInput(controlCharactersIn(field));
  return text || null;
}
