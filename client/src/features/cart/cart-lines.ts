import type { CartStockQuery } from '../../gql/graphql';
import type { CartLine } from '../../session/cart-lines';

/** The shop's product now, as the cart asks for it (CartStock). */
type LiveProduct = CartStockQuery['productsByIds'][number];

/** A line as the shop sells it now: price, units in stock (null: not known yet) and why not. */
export interface LineNow {
  price: number;
  stock: number | null;
  /** Why the line cannot be bought as it is: no longer sold, or its options not chosen. */
  problem: 'gone' | 'choose' | null;
}

/**
 * What a line costs and has in stock now: its variant's figures, or the product's for an
 * entry with no variant. `live` is undefined until the shop answers and null when it no
 * longer has the product. A line stored without a variant, for a product that has options
 * since, must be chosen again: checkout would be refused.
 */
export function lineNow(line: CartLine, live: LiveProduct | null | undefined): LineNow {
  const { product } = line;
  const stored = product.variant?.price ?? product.price;
  if (live === undefined) return { price: stored, stock: null, problem: null };
  if (live === null) return { price: stored, stock: null, problem: 'gone' };
  if (!product.variant) {
    if (live.options.length > 0) return { price: stored, stock: null, problem: 'choose' };
    return { price: live.price, stock: live.quantity, problem: null };
  }
  const variant = live.variants.find((candidate) => candidate.id === product.variant?.id);
  if (!variant?.onSale) return { price: stored, stock: null, problem: 'gone' };
  return { price: variant.price, stock: variant.quantity, problem: null };
}
