import type { CartQuoteQuery } from '../../gql/graphql';
import { formatINR } from '../../lib/money';

type Hint = CartQuoteQuery['cartQuote']['hints'][number];

const items = (count: number) => `${count} more item${count === 1 ? '' : 's'}`;

/**
 * What the cart lacks for an offer, from the server's hint: "Add 1 more item to get: Buy 2
 * kitchen items, 10% off", "Add ₹59.00 more for: Free shipping over ₹499".
 */
export function hintInWords(hint: Hint): string {
  if (hint.itemsShort > 0 && hint.amountShort > 0) {
    return `Add ${items(hint.itemsShort)} and ${formatINR(hint.amountShort)} more to get: ${hint.name}`;
  }
  if (hint.itemsShort > 0) return `Add ${items(hint.itemsShort)} to get: ${hint.name}`;
  return `Add ${formatINR(hint.amountShort)} more for: ${hint.name}`;
}
