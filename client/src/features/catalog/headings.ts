/** Words that name what a list shows, in correct grammar, for every list of the storefront. */
import { plural, t } from '@lingui/core/macro';
import { inShopLanguage } from '../../lib/i18n';
import { formatCount } from '../../lib/money';

/** "1 product", "1,250 products". */
export function productsCount(total: number): string {
  const count = formatCount(total);
  return plural(total, { one: `${count} product`, other: `${count} products` });
}

/** "No products found", "1 product found", "12 products found". */
export function productsFound(total: number): string {
  if (total < 1) return t`No products found`;
  const count = formatCount(total);
  return plural(total, { one: `${count} product found`, other: `${count} products found` });
}

/** "Electronics", "Electronics and Books", "Electronics, Books and Fashion". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  const first = names.slice(0, -1).join(', ');
  const last = names[names.length - 1];
  return t`${first} and ${last}`;
}

/** The home list's heading: the categories ticked, by name, or all the products. */
export function homeHeading(
  chosen: readonly string[],
  categories: readonly { slug: string; name: string; nameHi?: string | null }[],
): string {
  const names = chosen.flatMap((slug) => {
    const category = categories.find((one) => one.slug === slug);
    return category ? inShopLanguage(category.name, category.nameHi) : [];
  });
  return names.length > 0 ? namesInWords(names) : t`All Products`;
}

/** The search page's heading: what was searched for. */
export function searchHeading(words: string): string {
  return words ? t`Results for “${words}”` : t`Search`;
}
