import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DISCOUNTS } from '../shared/offer-rules';
import {
  AutomaticOffer,
  CouponTerms,
  EngineInput,
  EngineLine,
  priceCart,
  spread,
} from './price-engine';

const CATEGORIES = ['kitchen', 'fashion', 'books'];

const line = (
  price: number,
  quantity: number,
  category = 'kitchen',
  product = 'p1',
): EngineLine => ({
  product,
  category,
  price,
  quantity,
});

const coupon = (terms: Partial<CouponTerms> = {}): CouponTerms => ({
  code: 'FIRST100',
  kind: 'amount',
  value: 10_000,
  maxDiscount: null,
  minCartValue: 0,
  products: [],
  categories: [],
  combinesWithOffers: true,
  ...terms,
});

const flat =
  (charge: number, freeFrom: number | null = null) =>
  (goods: number) =>
    freeFrom !== null && goods >= freeFrom ? 0 : charge;

const cart = (input: Partial<EngineInput>) =>
  priceCart({ lines: [], coupon: null, offers: [], shipping: flat(0), ...input });

describe('the price engine', () => {
  it('takes a fixed amount off, never more than the items are worth', () => {
    const priced = cart({ lines: [line(5_000, 1)], coupon: coupon({ value: 10_000 }) });
    expect(priced.discount).toBe(5_000);
    expect(priced.total).toBe(0);
    expect(priced.couponApplied).toBe('FIRST100');
  });

  it('takes a percent, rounded half up, and stops at its cap', () => {
    const uncapped = cart({
      lines: [line(9_995, 1)],
      coupon: coupon({ kind: 'percent', value: 10 }),
    });
    // 10% of 99.95 is 9.995: rounded half up, 10.00.
    expect(uncapped.discount).toBe(1_000);
    const capped = cart({
      lines: [line(100_000, 3)],
      coupon: coupon({ kind: 'percent', value: 20, maxDiscount: 25_000 }),
    });
    expect(capped.discount).toBe(25_000);
    expect(capped.applied).toEqual([
      { kind: 'coupon', key: 'FIRST100', name: 'FIRST100', amount: 25_000 },
    ]);
  });

  it('applies a category-limited code to those items only, and refuses a cart without them', () => {
    const terms = coupon({ kind: 'percent', value: 50, categories: ['books'] });
    const mixed = cart({ lines: [line(1_000, 1, 'books'), line(4_000, 1)], coupon: terms });
    expect(mixed.lines.map((one) => one.discount)).toEqual([500, 0]);
    const none = cart({ lines: [line(4_000, 1)], coupon: terms });
    expect(none.couponApplied).toBeNull();
    expect(none.couponRefusal).toBe('FIRST100 does not apply to any item in your cart');
  });

  it('says how much more the cart needs for a minimum value', () => {
    const priced = cart({ lines: [line(76_000, 1)], coupon: coupon({ minCartValue: 100_000 }) });
    expect(priced.couponRefusal).toBe('Add Rs 240 more to use FIRST100');
    expect(priced.discount).toBe(0);
  });

  it('gives the best item offer alone, and says what the others lack', () => {
    const offers: AutomaticOffer[] = [
      {
        kind: 'items',
        id: 'a',
        name: 'Buy 2 kitchen, 10% off',
        category: 'kitchen',
        minQuantity: 2,
        percent: 10,
      },
      {
        kind: 'items',
        id: 'b',
        name: 'Buy 3 anything, 15% off',
        category: null,
        minQuantity: 3,
        percent: 15,
      },
      { kind: 'items', id: 'c', name: 'Buy 1, 5% off', category: null, minQuantity: 1, percent: 5 },
    ];
    const priced = cart({ lines: [line(10_000, 2)], offers });
    expect(priced.applied).toEqual([
      { kind: 'offer', key: 'a', name: 'Buy 2 kitchen, 10% off', amount: 2_000 },
    ]);
    expect(priced.hints).toEqual([
      { offer: 'b', name: 'Buy 3 anything, 15% off', itemsShort: 1, amountShort: 0 },
    ]);
  });

  it('weighs a code that does not combine against the offers, and keeps the lower total', () => {
    const offers: AutomaticOffer[] = [
      { kind: 'items', id: 'a', name: '10% off', category: null, minQuantity: 1, percent: 10 },
    ];
    const small = cart({
      lines: [line(100_000, 1)],
      offers,
      coupon: coupon({ value: 5_000, combinesWithOffers: false }),
    });
    expect(small.couponApplied).toBeNull();
    expect(small.couponRefusal).toBe(
      'FIRST100 does not combine with the offers on your cart, which save you more',
    );
    expect(small.discount).toBe(10_000);
    const large = cart({
      lines: [line(100_000, 1)],
      offers,
      coupon: coupon({ value: 20_000, combinesWithOffers: false }),
    });
    expect(large.couponApplied).toBe('FIRST100');
    expect(large.applied.map((one) => one.kind)).toEqual(['coupon']);
    expect(large.discount).toBe(20_000);
  });

  it('takes a combining code off what the offer leaves', () => {
    const offers: AutomaticOffer[] = [
      { kind: 'items', id: 'a', name: '10% off', category: null, minQuantity: 1, percent: 10 },
    ];
    const priced = cart({
      lines: [line(100_000, 1)],
      offers,
      coupon: coupon({ kind: 'percent', value: 10 }),
    });
    // 10% of 1,000, then 10% of the 900 left.
    expect(priced.discount).toBe(10_000 + 9_000);
  });

  it('ships free once the goods less discounts reach a shipping offer', () => {
    const offers: AutomaticOffer[] = [
      { kind: 'shipping', id: 's', name: 'Free shipping over Rs 499', minCartValue: 49_900 },
    ];
    const short = cart({ lines: [line(40_000, 1)], offers, shipping: flat(4_000) });
    expect(short.shipping).toBe(4_000);
    expect(short.hints).toEqual([
      { offer: 's', name: 'Free shipping over Rs 499', itemsShort: 0, amountShort: 9_900 },
    ]);
    const enough = cart({ lines: [line(50_000, 1)], offers, shipping: flat(4_000) });
    expect(enough.shipping).toBe(0);
    expect(enough.applied).toEqual([
      { kind: 'offer', key: 's', name: 'Free shipping over Rs 499', amount: 4_000 },
    ]);
    // A code that takes the goods below the amount loses the free shipping.
    const coded = cart({
      lines: [line(50_000, 1)],
      offers,
      shipping: flat(4_000),
      coupon: coupon({ value: 2_000 }),
    });
    expect(coded.shipping).toBe(4_000);
    expect(coded.total).toBe(50_000 - 2_000 + 4_000);
  });

  it('spreads a discount exactly, the odd paise to the largest remainders', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(10, [0, 5, 15])).toEqual([0, 3, 7]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
  });

  it('holds its laws over 1,000 random carts', () => {
    const lines = fc.array(
      fc.record({
        product: fc.constantFrom('p1', 'p2', 'p3', 'p4'),
        category: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
        price: fc.integer({ min: 0, max: 1_000_000_000 }),
        quantity: fc.integer({ min: 1, max: 100 }),
      }),
      { minLength: 1, maxLength: 50 },
    );
    const terms = fc.option(
      fc.record({
        code: fc.constant('CODE'),
        kind: fc.constantFrom('percent' as const, 'amount' as const),
        value: fc.integer({ min: 1, max: 100 }),
        maxDiscount: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: null }),
        minCartValue: fc.integer({ min: 0, max: 1_000_000 }),
        products: fc.subarray(['p1', 'p2', 'p3', 'p4']),
        categories: fc.subarray(CATEGORIES),
        combinesWithOffers: fc.boolean(),
      }),
      { nil: null },
    );
    const offers = fc.array(
      fc.oneof(
        fc.record({
          kind: fc.constant('items' as const),
          id: fc.uuid(),
          name: fc.constant('Items offer'),
          category: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
          minQuantity: fc.integer({ min: 1, max: 10 }),
          percent: fc.integer({ min: 1, max: 90 }),
        }),
        fc.record({
          kind: fc.constant('shipping' as const),
          id: fc.uuid(),
          name: fc.constant('Free shipping'),
          minCartValue: fc.integer({ min: 0, max: 1_000_000 }),
        }),
      ),
      { maxLength: 4 },
    );
    const shipping = fc.record({
      charge: fc.integer({ min: 0, max: 1_000_000 }),
      freeFrom: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(lines, terms, offers, shipping, (cartLines, coupon, cartOffers, rule) => {
        const input = {
          lines: cartLines,
          coupon,
          offers: cartOffers,
          shipping: flat(rule.charge, rule.freeFrom),
        };
        const priced = priceCart(input);
        const values = cartLines.map((one) => one.price * one.quantity);
        const lineDiscounts = priced.lines.map((one) => one.discount);
        expect(priced.goods).toBe(values.reduce((a, b) => a + b, 0));
        expect(priced.discount).toBe(lineDiscounts.reduce((a, b) => a + b, 0));
        expect(priced.total).toBe(priced.goods - priced.discount + priced.shipping);
        priced.lines.forEach((one, at) => {
          expect(Number.isInteger(one.discount)).toBe(true);
          expect(one.discount).toBeGreaterThanOrEqual(0);
          expect(one.discount).toBeLessThanOrEqual(values[at]);
        });
        expect(priced.shipping).toBeGreaterThanOrEqual(0);
        expect(priced.shipping).toBeLessThanOrEqual(rule.charge);
        const itemsSaved = priced.applied
          .filter(
            (one) =>
              one.kind === 'coupon' || cartOffers.find((o) => o.id === one.key)?.kind === 'items',
          )
          .reduce((total, one) => total + one.amount, 0);
        expect(itemsSaved).toBe(priced.discount);
        // What the APIs promise a cart or an order carries at most.
        expect(priced.applied.length).toBeLessThanOrEqual(MAX_DISCOUNTS);
        // A code either applies or says why not.
        if (coupon) expect(priced.couponApplied === null).toBe(priced.couponRefusal !== null);
        // The same cart always costs the same.
        expect(priceCart(input)).toEqual(priced);
      }),
      { numRuns: 1_000 },
    );
  });
});
