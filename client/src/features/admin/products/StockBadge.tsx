import { Badge } from '@mantine/core';
import type { StockLevel } from '../../../gql/graphql';
import { OUT_OF_STOCK } from '../../../lib/messages';
import { PRODUCTS } from '../messages';

/** Out of stock in red, Low stock with the units left in orange, nothing when in stock. */
export function StockBadge({ level, quantity }: { level: StockLevel; quantity: number }) {
  if (level === 'OUT_OF_STOCK') {
    return (
      <Badge color="red.9" data-testid="stock-badge">
        {OUT_OF_STOCK}
      </Badge>
    );
  }
  if (level === 'LOW_STOCK') {
    return (
      <Badge color="orange.9" data-testid="stock-badge">
        {PRODUCTS.lowStock(quantity)}
      </Badge>
    );
  }
  return null;
}
