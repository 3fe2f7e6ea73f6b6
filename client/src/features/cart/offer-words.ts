import { plural, t } from '@lingui/core/macro';
import type { CartQuoteQuery } from '../../gql/graphql';
import { formatINR } from '../../lib/money';

type Hint = CartQuoteQuery['cartQuote']['hints'][number];

/**
 * What the cart lacks for an offer, from the server's hint: "Add 1 more item to get: Buy 2
 * kitchen items, 10% off", "Add ₹59.00 more for: Free shipping over ₹499".
 */
export function hintInWords(hint: Hint): string {
  const count = hint.itemsShort;
  const amount = formatINR(hint.amountShort);
  const name = hint.name;
  if (count > 0 && hint.amountShort > 0) {
    return plural(count, {
      one: `Add # more item and ${amount} more to get: ${name}`,
      other: `Add # more items and ${amount} more to get: ${name}`,
    });
  }
  if (count > 0) {
    return plural(count, {
      one: `Add # more item to get: ${name}`,
      other: `Add # more items to get: ${name}`,
    });
  }
  return t`Add ${amount} more for: ${name}`;
}
