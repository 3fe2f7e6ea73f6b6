import { IN_STOCK, OUT_OF_STOCK } from '../../lib/messages';

/** Units at or below which the page says how many are left, so a shopper can hurry. */
export const FEW_LEFT = 5;

/** What a product's page says of the units in stock of the product or the variant chosen. */
export function stockMessage(quantity: number): string {
  if (quantity <= 0) return OUT_OF_STOCK;
  return quantity <= FEW_LEFT ? `Only ${quantity} left` : IN_STOCK;
}
