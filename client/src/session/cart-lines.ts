import type { CartProduct } from './cart';

export interface CartLine {
  /** The product and variant it buys (lineKey). */
  key: string;
  product: CartProduct;
  quantity: number;
}

/** Two variants of one product are two lines; an entry with no variant is the product's only. */
export const lineKey = (item: CartProduct): string =>
  item.variant ? `${item.id}/${item.variant.id}` : item.id;

/**
 * The stored cart stays a list with one entry per "add" (so the badge counts entries);
 * the cart page shows it as one line per product and variant, in the order first added.
 */
export function toLines(items: readonly CartProduct[]): CartLine[] {
  const lines = new Map<string, CartLine>();
  for (const product of items) {
    const key = lineKey(product);
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else lines.set(key, { key, product, quantity: 1 });
  }
  return [...lines.values()];
}

/** The stored list for these lines: each entry repeated `quantity` times. */
export function toItems(lines: readonly CartLine[]): CartProduct[] {
  return lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.product));
}

/** The cart with one line's quantity changed (0 removes it); `key` is the line's. */
export function withQuantity(
  items: readonly CartProduct[],
  key: string,
  quantity: number,
): CartProduct[] {
  return toItems(
    toLines(items)
      .map((line) => (line.key === key ? { ...line, quantity } : line))
      .filter((line) => line.quantity > 0),
  );
}

/** What checkout sends for a line: the variant when one was chosen. */
export const checkoutLine = ({ product, quantity }: CartLine) => ({
  productId: product.id,
  quantity,
  ...(product.variant && { variantId: product.variant.id }),
});
