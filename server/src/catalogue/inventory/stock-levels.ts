/**
 * How much of a product is left, as the admin's list badges and filters it. The one place the
 * rule is written: low in stock is 1 to the threshold (the setting LOW_STOCK_THRESHOLD).
 */
export const STOCK_LEVEL = {
  OUT_OF_STOCK: 'out-of-stock',
  LOW_STOCK: 'low-stock',
  IN_STOCK: 'in-stock',
} as const;
export type StockLevel = (typeof STOCK_LEVEL)[keyof typeof STOCK_LEVEL];

export function stockLevelOf(quantity: number, threshold: number): StockLevel {
  if (quantity <= 0) return STOCK_LEVEL.OUT_OF_STOCK;
  return quantity <= threshold ? STOCK_LEVEL.LOW_STOCK : STOCK_LEVEL.IN_STOCK;
}

/** The units in stock a level spans, both bounds included. */
export function quantitiesOf(level: StockLevel, threshold: number): { min: number; max: number } {
  switch (level) {
    case STOCK_LEVEL.OUT_OF_STOCK:
      return { min: -Infinity, max: 0 };
    case STOCK_LEVEL.LOW_STOCK:
      return { min: 1, max: threshold };
    case STOCK_LEVEL.IN_STOCK:
      return { min: threshold + 1, max: Infinity };
  }
}
