/** Words that name what a list shows, in correct grammar, for every list of the storefront. */

/** "1 product", "1,250 products". */
export const productsCount = (total: number): string =>
  `${total.toLocaleString('en-IN')} product${total === 1 ? '' : 's'}`;

/** "No products found", "1 product found", "12 products found". */
export const productsFound = (total: number): string =>
  total < 1 ? 'No products found' : `${productsCount(total)} found`;

/** "Electronics", "Electronics and Books", "Electronics, Books and Fashion". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The home list's heading: the categories ticked, by name, or all the products. */
export function homeHeading(
  chosen: readonly string[],
  categories: readonly { slug: string; name: string }[],
): string {
  const names = chosen.flatMap((slug) => categories.find((one) => one.slug === slug)?.name ?? []);
  return names.length > 0 ? namesInWords(names) : 'All Products';
}

/** The search page's heading: what was searched for. */
export const searchHeading = (words: string): string =>
  words ? `Results for “${words}”` : 'Search';
