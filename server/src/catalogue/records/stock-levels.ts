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

export function stockLevelOf(
  product: Pick<ProductRecord, 'quantity' | 'variants'>,
  threshold: number,
): StockLevel {
  if (product.quantity <= 0) return STOCK_LEVEL.OUT_OF_STOCK;
  const onSale = (product.variants ?? []).filter((variant) => variant.onSale);
  const lowest = onSale.length
    ? Math.min(...onSale.map((variant) => variant.quantity))
    : product.quantity;
  return lowest <= threshold ? STOCK_LEVEL.LOW_STOCK : STOCK_LEVEL.IN_STOCK;
}
