import { paiseAtLeast, paiseAtMost, toPaise, toRupees } from '../../common/money';

/**
 * Products keep their price in whole paise; REST and GraphQL speak rupees. The controller
 * and the resolver convert what comes in with these, REST converts what goes out with
 * priceInRupees, and GraphQL's money fields with RupeesFromPaise (common/fields.ts).
 */

/** A product input in rupees, its price (when given) in paise. */
export function priceInPaise<T extends { price?: number | null }>(input: T): T {
  return typeof input.price === 'number' ? { ...input, price: toPaise(input.price) } : input;
}

/** A product as stored, its price in rupees. */
export function priceInRupees<T extends { price: number }>(product: T): T {
  return { ...product, price: toRupees(product.price) };
}

/**
 * A price range in rupees as the whole paise it includes, bounds included. A range with
 * no whole paise in it (19.995 to 19.999) becomes a half paisa, which no price equals,
 * rather than a reversed range the service would refuse.
 */
export function boundsInPaise<T extends { priceMin?: number | null; priceMax?: number | null }>(
  filter: T,
): T {
  const { priceMin, priceMax } = filter;
  const min = typeof priceMin === 'number' ? paiseAtLeast(priceMin) : priceMin;
  const max = typeof priceMax === 'number' ? paiseAtMost(priceMax) : priceMax;
  if (typeof min === 'number' && typeof max === 'number' && priceMin! <= priceMax! && min > max) {
    return { ...filter, priceMin: max + 0.5, priceMax: max + 0.5 };
  }
  return { ...filter, priceMin: min, priceMax: max };
}

/** Options and variants as an API gives them, each variant's price and MRP in paise. */
export function variantsInPaise<
  T extends { variants: readonly { price: number; mrp?: number | null }[] },
>(input: T): T {
  return {
    ...input,
    variants: input.variants.map((variant) => ({
      ...variant,
      price: toPaise(variant.price),
      mrp: typeof variant.mrp === 'number' ? toPaise(variant.mrp) : null,
    })),
  };
}
