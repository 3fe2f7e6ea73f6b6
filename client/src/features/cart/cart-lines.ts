import type { CartProduct } from '../../session/cart';

export interface CartLine {
  product: CartProduct;
  quantity: number;
}

/**
 * The stored cart stays a list with one entry per "add" (so the badge counts entries);
 * the cart page shows it as one line per product, in the order first added.
 */
export function toLines(items: readonly CartProduct[]): CartLine[] {
  const lines = new Map<string, CartLine>();
  for (const product of items) {
    const line = lines.get(product.id);
    if (line) line.quantity += 1;
    else lines.set(product.id, { product, quantity: 1 });
  }
  return [...lines.values()];
}

/** The stored list for these lines: each product repeated `quantity` times. */
export function toItems(lines: readonly CartLine[]): CartProduct[] {
  return lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.product));
}

/** The cart with one product's quantity changed (0 removes it). */
export function withQuantity(
  items: readonly CartProduct[],
  productId: string,
  quantity: number,
): CartProduct[] {
  return toItems(
    toLines(items)
      .map((line) => (line.product.id === productId ? { ...line, quantity } : line))
      .filter((line) => line.quantity > 0),
  );
}
