import { rupeesText } from '../common/money';
import { COUPON_RULES } from '../shared/offer-rules';

/**
 * The price engine: what a cart costs, worked out once, on the server, the same way for the
 * cart's quote, checkout and the stored order (docs/decisions/027-price-engine-and-offers.md). It is a pure
 * function of the cart's lines, the coupon's terms, the automatic offers and the shipping rule,
 * so the same cart always costs the same; every amount is whole paise.
 *
 * The combination rule:
 * 1. Item offers do not add up: of the automatic item offers the cart meets, the one saving the
 *    most applies (ties: the one listed first).
 * 2. A coupon that combines with offers applies after it, to its items' values less the offer.
 *    One that does not combine is weighed against the offers: the cart is priced with the coupon
 *    alone and with the offers alone, and the shopper pays the lower total (ties: the coupon).
 * 3. Free-shipping offers apply when the goods, less every discount, reach their amount; they go
 *    with the item offer, and with a coupon that combines.
 *
 * Rounding: a percent discount is taken of the sum of the lines it applies to and rounded half
 * up to a whole paisa; a discount is then spread over those lines in proportion to their value,
 * each line rounded down and the paise left over given one each to the lines with the largest
 * remainders (ties: the earlier line). So lines add up to the discount exactly, no line's
 * discount exceeds its value, and the tax on each line can be worked out from its own value.
 */

/** A line as the engine prices it. */
export interface EngineLine {
  product: string;
  category: string | null;
  /** Paise a unit. */
  price: number;
  quantity: number;
}

/** What a coupon takes off, and of which items: its terms, checked as usable already. */
export interface CouponTerms {
  code: string;
  kind: 'percent' | 'amount';
  /** A whole percent, or paise. */
  value: number;
  /** Paise: the most a percent coupon takes off; null: no cap. */
  maxDiscount: number | null;
  /** Paise: the least the goods must be worth, before any discount. */
  minCartValue: number;
  /** The products and categories it applies to; both empty: every item. */
  products: readonly string[];
  categories: readonly string[];
  combinesWithOffers: boolean;
}

/** Percent off the items of a category (or any) once the cart holds enough of them. */
export interface ItemOffer {
  kind: 'items';
  id: string;
  name: string;
  category: string | null;
  minQuantity: number;
  percent: number;
}

/** Free shipping once the goods, less discounts, are worth enough. */
export interface ShippingOffer {
  kind: 'shipping';
  id: string;
  name: string;
  /** Paise. */
  minCartValue: number;
}

export type AutomaticOffer = ItemOffer | ShippingOffer;

/** What shipping costs goods worth so much (paise), by the shop's delivery rule. */
export type ShippingRule = (goods: number) => number;

export interface EngineInput {
  lines: readonly EngineLine[];
  coupon: CouponTerms | null;
  /** The automatic offers running now, in the admin's order. */
  offers: readonly AutomaticOffer[];
  shipping: ShippingRule;
}

/** One discount applied: a coupon's or an offer's, and what it saved. */
export interface AppliedDiscount {
  kind: 'coupon' | 'offer';
  /** The coupon's code, or the offer's id. */
  key: string;
  name: string;
  /** Paise saved: off the items, or off shipping for free shipping. */
  amount: number;
}

/** An offer the cart does not meet yet, and what it lacks. */
export interface OfferHint {
  offer: string;
  name: string;
  /** Items more of the offer's kind to get it; 0 when items are not what it lacks. */
  itemsShort: number;
  /** Paise more of goods to get it; 0 when value is not what it lacks. */
  amountShort: number;
}

export interface PricedLine {
  /** Paise: price times quantity. */
  value: number;
  /** Paise off this line, from every discount. */
  discount: number;
}

export interface PricedCart {
  /** Parallel to the input lines. */
  lines: PricedLine[];
  /** Paise: the lines at their prices. */
  goods: number;
  /** Paise off the goods. */
  discount: number;
  /** Paise: shipping as charged, after any free-shipping offer. */
  shipping: number;
  /** Paise: goods less discount, plus shipping. */
  total: number;
  applied: AppliedDiscount[];
  /** The coupon's code once it applied; else null. */
  couponApplied: string | null;
  /** Why the coupon given did not apply; null when it did or none was given. */
  couponRefusal: string | null;
  hints: OfferHint[];
}

export function priceCart(input: EngineInput): PricedCart {
  const values = input.lines.map((line) => line.price * line.quantity);
  const goods = sum(values);
  const offersOnly = withOffers(input, values, null);
  const { coupon } = input;
  if (!coupon) return finish(offersOnly, null);

  const refusal = couponRefusal(input.lines, values, goods, coupon);
  if (refusal) return finish(offersOnly, refusal);
  const couponFirst = coupon.combinesWithOffers
    ? withOffers(input, values, coupon)
    : withCouponAlone(input, values, coupon);
  if (!coupon.combinesWithOffers && couponFirst.total > offersOnly.total) {
    return finish(offersOnly, COUPON_RULES.notCombined(coupon.code));
  }
  return finish({ ...couponFirst, couponApplied: coupon.code }, null);

  function finish(cart: Omit<PricedCart, 'couponRefusal'>, why: string | null): PricedCart {
    return { ...cart, couponRefusal: why };
  }
}

/** Why a coupon does not apply to this cart, or null: the rules that depend on the cart. */
function couponRefusal(
  lines: readonly EngineLine[],
  values: readonly number[],
  goods: number,
  coupon: CouponTerms,
): string | null {
  if (goods < coupon.minCartValue) {
    return COUPON_RULES.addMore(shortRupees(coupon.minCartValue - goods), coupon.code);
  }
  const eligible = lines.some((line, at) => values[at] > 0 && couponCovers(coupon, line));
  return eligible ? null : COUPON_RULES.noItems(coupon.code);
}

const couponCovers = (coupon: CouponTerms, line: EngineLine): boolean =>
  (coupon.products.length === 0 && coupon.categories.length === 0) ||
  coupon.products.includes(line.product) ||
  (line.category !== null && coupon.categories.includes(line.category));

const offerCovers = (offer: ItemOffer, line: EngineLine): boolean =>
  offer.category === null || offer.category === line.category;

type Priced = Omit<PricedCart, 'couponRefusal'>;

/** The best item offer, then the coupon (when given) on what is left, then shipping. */
function withOffers(
  input: EngineInput,
  values: readonly number[],
  coupon: CouponTerms | null,
): Priced {
  const hints: OfferHint[] = [];
  let best: { offer: ItemOffer; discounts: number[]; saved: number } | null = null;
  for (const offer of input.offers) {
    if (offer.kind !== 'items') continue;
    const items = sum(
      input.lines.filter((line) => offerCovers(offer, line)).map((l) => l.quantity),
    );
    if (items < offer.minQuantity) {
      hints.push({
        offer: offer.id,
        name: offer.name,
        itemsShort: offer.minQuantity - items,
        amountShort: 0,
      });
      continue;
    }
    const covered = values.map((value, at) => (offerCovers(offer, input.lines[at]) ? value : 0));
    const discounts = spread(percentOf(sum(covered), offer.percent), covered);
    const saved = sum(discounts);
    if (!best || saved > best.saved) best = { offer, discounts, saved };
  }
  const discounts = best ? best.discounts : values.map(() => 0);
  const applied: AppliedDiscount[] = best
    ? [{ kind: 'offer', key: best.offer.id, name: best.offer.name, amount: best.saved }]
    : [];
  if (coupon) {
    const left = values.map((value, at) =>
      couponCovers(coupon, input.lines[at]) ? value - discounts[at] : 0,
    );
    const off = spread(couponAmount(coupon, sum(left)), left);
    off.forEach((paise, at) => (discounts[at] += paise));
    applied.push({ kind: 'coupon', key: coupon.code, name: coupon.code, amount: sum(off) });
  }
  return shipped(input, values, discounts, applied, hints, true);
}

/** The coupon on the lines at their prices, no automatic offer beside it. */
function withCouponAlone(input: EngineInput, values: readonly number[], coupon: CouponTerms) {
  const covered = values.map((value, at) => (couponCovers(coupon, input.lines[at]) ? value : 0));
  const discounts = spread(couponAmount(coupon, sum(covered)), covered);
  const applied: AppliedDiscount[] = [
    { kind: 'coupon', key: coupon.code, name: coupon.code, amount: sum(discounts) },
  ];
  return shipped(input, values, discounts, applied, [], false);
}

/** Shipping on the goods less discounts, free where a shipping offer is met (when allowed). */
function shipped(
  input: EngineInput,
  values: readonly number[],
  discounts: number[],
  applied: AppliedDiscount[],
  hints: OfferHint[],
  offersAllowed: boolean,
): Priced {
  const goods = sum(values);
  const discount = sum(discounts);
  const paid = goods - discount;
  const charge = input.shipping(paid);
  let shipping = charge;
  if (offersAllowed) {
    for (const offer of input.offers) {
      if (offer.kind !== 'shipping') continue;
      if (paid < offer.minCartValue) {
        hints.push({
          offer: offer.id,
          name: offer.name,
          itemsShort: 0,
          amountShort: offer.minCartValue - paid,
        });
      } else if (shipping > 0) {
        applied.push({ kind: 'offer', key: offer.id, name: offer.name, amount: shipping });
        shipping = 0;
      }
    }
  }
  return {
    lines: values.map((value, at) => ({ value, discount: discounts[at] })),
    goods,
    discount,
    shipping,
    total: paid + shipping,
    applied,
    couponApplied: null,
    hints: shipping === 0 ? hints.filter((hint) => hint.amountShort === 0) : hints,
  };
}

/** Paise a coupon takes off items worth `base`: never more than they are worth. */
function couponAmount(coupon: CouponTerms, base: number): number {
  if (coupon.kind === 'amount') return Math.min(coupon.value, base);
  const off = percentOf(base, coupon.value);
  return coupon.maxDiscount === null ? off : Math.min(off, coupon.maxDiscount);
}

/** `percent` of `paise`, rounded half up to a whole paisa. */
export const percentOf = (paise: number, percent: number): number =>
  Math.floor((paise * percent + 50) / 100);

/**
 * `amount` paise spread over lines in proportion to their `weights` (paise), rounded down, the
 * paise left over one each to the largest remainders (ties: the earlier line). Never more on a
 * line than its weight, as long as `amount` is at most their sum.
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  const total = sum(weights);
  if (amount <= 0 || total === 0) return weights.map(() => 0);
  // In BigInt: a discount times a line's value passes 2^53 on large carts.
  const parts = weights.map((weight) => {
    const product = BigInt(amount) * BigInt(weight);
    return { share: Number(product / BigInt(total)), rest: product % BigInt(total) };
  });
  const shares = parts.map((part) => part.share);
  const order = parts
    .map((part, at) => ({ at, rest: part.rest }))
    .filter(({ at }) => weights[at] > 0)
    .sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.at - b.at));
  let left = amount - sum(shares);
  for (const { at } of order) {
    if (left === 0) break;
    shares[at] += 1;
    left -= 1;
  }
  return shares;
}

const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);

/** Rupees as a shopper reads a short amount: 240, or 240.50. */
const shortRupees = (paise: number): string => rupeesText(paise).replace(/\.00$/, '');
