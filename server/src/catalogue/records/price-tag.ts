import { discountPercent } from '../../shared/rules';
import type { ProductRecord, ProductVariant } from './product.schema';

type Priced = Pick<ProductRecord, 'price' | 'variants'>;

/**
 * The variant a product is listed by: the cheapest in stock among those on sale, else the
 * cheapest on sale; undefined for a product selling none. Its price is what cards show
 * ("from Rs X"), the price filter compares and the price sorts order by.
 */
export function listedVariantOf(product: Priced): ProductVariant | undefined {
  const onSale = (product.variants ?? []).filter((variant) => variant.onSale);
  const inStock = onSale.filter((variant) => variant.quantity > 0);
  const priced = inStock.length > 0 ? inStock : onSale;
  return priced.reduce<ProductVariant | undefined>(
    (cheapest, variant) => (!cheapest || variant.price < cheapest.price ? variant : cheapest),
    undefined,
  );
}

/** The price a product is listed at, in paise: its listed variant's, else the product's. */
export const listedPriceOf = (product: Priced): number =>
  listedVariantOf(product)?.price ?? product.price;

/** What a product card shows of its price: paise, and the MRP of the same variant. */
export interface PriceTag {
  price: number;
  mrp: number | null;
  discountPercent: number;
  /** Whether the variants on sale differ in price, so the card says "from". */
  varies: boolean;
}

/**
 * Tags worked out, by record: a card's fields all read the tag, and a record is never changed
 * in place (a write stores, and the read model keeps, a new one), so one tag serves it for life.
 */
const tagsOf = new WeakMap<Priced, PriceTag>();

export function priceTagOf(product: Priced): PriceTag {
  let tag = tagsOf.get(product);
  if (!tag) {
    tag = workOutPriceTag(product);
    tagsOf.set(product, tag);
  }
  return tag;
}

function workOutPriceTag(product: Priced): PriceTag {
  const listed = listedVariantOf(product);
  const price = listed?.price ?? product.price;
  const mrp = listed?.mrp ?? null;
  const prices = new Set(
    (product.variants ?? []).filter((variant) => variant.onSale).map((variant) => variant.price),
  );
  return { price, mrp, discountPercent: discountPercent(price, mrp), varies: prices.size > 1 };
}
