import type { ProductRecord } from './product.schema';

/**
 * How much of a product is left, as the admin's list badges and filters it and the dashboard
 * counts it. The one place the rule is written: out of stock is no unit of any variant; low in
 * stock is a variant on sale with 0 to the threshold (the setting LOW_STOCK_THRESHOLD) while
 * others still sell, so a size running out is seen before the product is gone.
 */
export const STOCK_LEVEL = {
  OUT_OF_STOCK: 'out-of-stock',
  LOW_STOCK: 'low-stock',
  IN_STOCK: 'in-stock',
} as const;
export type StockLevel = (typeof STOCK_LEVEL)[keyof typeof STOCK_LEVEL];

type Stocked = Pick<ProductRecord, 'quantity' | 'variants'>;

export function stockLevelOf(product: Stocked, threshold: number): StockLevel {
  if (product.quantity <= 0) return STOCK_LEVEL.OUT_OF_STOCK;
  return fewestLeftOf(product) <= threshold ? STOCK_LEVEL.LOW_STOCK : STOCK_LEVEL.IN_STOCK;
}

/** Units of the variant on sale with the fewest; the product's units when none is on sale. */
export function fewestLeftOf(product: Stocked): number {
  const onSale = (product.variants ?? []).filter((variant) => variant.onSale);
  return onSale.length ? Math.min(...onSale.map((variant) => variant.quantity)) : product.quantity;
}
