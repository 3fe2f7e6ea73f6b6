import { Badge } from '@mantine/core';
import type { StockLevel } from '../../../gql/graphql';
import { WORDS } from '../../../lib/messages';
import { PRODUCTS } from '../messages';

/**
 * Out of stock in red, Low stock with the units left in orange (of the variant with the fewest,
 * when others have more), nothing when in stock.
 */
export function StockBadge({
  level,
  quantity,
  fewestLeft,
}: {
  level: StockLevel;
  quantity: number;
  fewestLeft: number;
}) {
  if (level === 'OUT_OF_STOCK') {
    return (
      <Badge color="red.9" data-testid="stock-badge">
        {WORDS.outOfStock}
      </Badge>
    );
  }
  if (level === 'LOW_STOCK') {
    return (
      <Badge color="orange.9" data-testid="stock-badge">
        {PRODUCTS.lowStock(fewestLeft, fewestLeft < quantity)}
      </Badge>
    );
  }
  return null;
}
