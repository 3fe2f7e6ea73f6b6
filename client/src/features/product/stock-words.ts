import { t } from '@lingui/core/macro';
import { WORDS } from '../../lib/messages';

/** Units at or below which the page says how many are left, so a shopper can hurry. */
export const FEW_LEFT = 5;

/** What a product's page says of the units in stock of the product or the variant chosen. */
export function stockMessage(quantity: number): string {
  if (quantity <= 0) return WORDS.outOfStock;
  return quantity <= FEW_LEFT ? t`Only ${quantity} left` : WORDS.inStock;
}
