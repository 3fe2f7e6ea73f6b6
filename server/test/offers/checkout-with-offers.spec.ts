import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import {
  APPROVED_CARD,
  checkout,
  DECLINED_CARD,
  expectError,
  expectOneOrderOf,
  expireNow,
  newCategory,
  newProduct,
  newShopper,
  stockOf,
  uniqueTag,
} from '../support/fixtures';
import { gql, gqlOk, expectRefused } from '../support/gql';
import { Session, TestApp, useTestShop } from '../support/test-app';

/**
 * Coupons and automatic offers at the cart and at checkout, on both APIs: every rule a code is
 * refused by, with the words the shopper reads; the one price engine's answer the same for the
 * cart's quote, the checkout and the stored order; the coupon's uses taken once per order and
 * given back when its checkout fails, or the order expires or is cancelled. Each test makes
 * coupons and products of its own, so the demo shop's offers never meet them.
 */

const CREATE_COUPON = `
  mutation ($input: CouponInput!) { createCoupon(input: $input) { code } }
`;
const CART_QUOTE = `
  query ($lines: [CheckoutLineInput!]!, $couponCode: String, $pin: String) {
    cartQuote(lines: $lines, couponCode: $couponCode, pin: $pin) {
      goods discount shipping total
      lines { productId price quantity discount }
      discounts { kind name amount }
      hints { name itemsShort amountShort }
      coupon { code applied message }
    }
  }
`;
const PLACE_ORDER = `
  mutation ($input: CheckoutInput!) {
    placeOrder(input: $input) {
      id total goods discount coupon
      discounts { kind name amount }
      lines { price quantity discount }
      payment { state }
    }
  }
`;
const UPDATE_OFFERS = `
  mutation ($offers: [AutomaticOfferInput!]!) { updateAutomaticOffers(offers: $offers) { id } }
`;

interface Quote {
  goods: number;
  discount: number;
  shipping: number;
  total: number;
  lines: { productId: string; price: number; quantity: number; discount: number }[];
  discounts: { kind: string; name: string; amount: number }[];
  hints: { name: string; itemsShort: number; amountShort: number }[];
  coupon: { code: string; applied: boolean; message: string | null } | null;
}

const code = () =>
  `T${uniqueTag()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')}`;
const DAY = 24 * 60 * 60 * 1000;

describe('coupons and offers at the cart and at checkout', () => {
  const shop = useTestShop({ seed: true });

  const coupon = async (fields: Record<string, unknown> = {}) => {
    const input = { code: code(), kind: 'AMOUNT', value: 100, ...fields };
    await gqlOk(shop, CREATE_COUPON, { input }, shop.admin);
    return input.code as string;
  };
  /** A product of its own category, `price` rupees, 50 in stock. */
  const product = async (price = 1000, category?: string) =>
    (await newProduct(shop, shop.admin, { price, quantity: 50, category }))._id;
  /** The shop's automatic offers as the admin reads them, to put back after a test. */
  const offersNow = async () =>
    (
      await gqlOk<{ automaticOffers: Record<string, unknown>[] }>(
        shop,
        '{ automaticOffers { id name kind category minQuantity percent minCartValue startsAt endsAt active } }',
        {},
        shop.admin,
      )
    ).automaticOffers;
  const quote = async (lines: unknown[], couponCode?: string, session?: Session) =>
    (await gqlOk<{ cartQuote: Quote }>(shop, CART_QUOTE, { lines, couponCode }, session)).cartQuote;
  const refusalAtCheckout = async (session: Session, lines: unknown[], couponCode: string) => {
    const rest = await checkout(shop, session, lines, { couponCode });
    const answer = await gql(
      shop,
      PLACE_ORDER,
      { input: { lines, method: 'CARD', card: APPROVED_CARD, couponCode } },
      session,
    );
    const graphql = expectRefused(answer, 'BAD_USER_INPUT', 'placeOrder').message;
    return { rest, graphql };
  };
  /** Both APIs refuse the checkout with `message` naming couponCode, and nothing is placed. */
  const expectRefusedBoth = async (
    session: Session,
    lines: unknown[],
    couponCode: string,
    message: string,
  ) => {
    const before = await shop.counts();
    const { rest, graphql } = await refusalAtCheckout(session, lines, couponCode);
    expectError(rest, 400, `couponCode: ${message}`);
    expect(graphql).toBe(`couponCode: ${message}`);
    expect((await shop.counts()).orders).toBe(before.orders);
  };

  describe('every rule refused with its message, at the cart and at checkout', () => {
    it('an unknown code', async () => {
      const lines = [{ productId: await product(), quantity: 1 }];
      const quoted = await quote(lines, 'nosuch1', shop.shopper);
      expect(quoted.coupon).toEqual({
        code: 'NOSUCH1',
        applied: false,
        message: 'NOSUCH1 is not a valid code',
      });
      expect(quoted.total).toBe(quoted.goods + quoted.shipping);
      await expectRefusedBoth(shop.shopper, lines, 'nosuch1', 'NOSUCH1 is not a valid code');
    });

    it('an expired code, one not started, a paused one', async () => {
      const lines = [{ productId: await product(), quantity: 1 }];
      const expired = await coupon({
        startsAt: new Date(Date.now() - 2 * DAY).toISOString(),
        endsAt: new Date(Date.now() - DAY).toISOString(),
      });
      await expectRefusedBoth(shop.shopper, lines, expired, 'This code has expired');
      const later = await coupon({ startsAt: new Date('2099-01-15T06:00:00Z').toISOString() });
      await expectRefusedBoth(shop.shopper, lines, later, `${later} can be used from 15 Jan 2099`);
      const paused = await coupon({ active: false });
      await expectRefusedBoth(shop.shopper, lines, paused, 'This code cannot be used now');
    });

    it('a cart below the minimum, with how much more it needs', async () => {
      const lines = [{ productId: await product(760), quantity: 1 }];
      const first = await coupon({ minCartValue: 1000 });
      const quoted = await quote(lines, first.toLowerCase(), shop.shopper);
      expect(quoted.coupon?.message).toBe(`Add Rs 240 more to use ${first}`);
      expect(quoted.discount).toBe(0);
      await expectRefusedBoth(shop.shopper, lines, first, `Add Rs 240 more to use ${first}`);
    });

    it('a code for a category the cart holds nothing of', async () => {
      const books = await newCategory(shop, shop.admin);
      const limited = await coupon({ categories: [books._id] });
      const lines = [{ productId: await product(), quantity: 1 }];
      await expectRefusedBoth(
        shop.shopper,
        lines,
        limited,
        `${limited} does not apply to any item in your cart`,
      );
    });

    it('a first-order code for a shopper who has ordered, and anyone not signed in', async () => {
      const productId = await product();
      const lines = [{ productId, quantity: 1 }];
      const first = await coupon({ firstOrderOnly: true });
      const anonymous = await quote(lines, first);
      expect(anonymous.coupon?.message).toBe(`Sign in to use ${first}`);
      const shopper = await newShopper(shop);
      expect((await quote(lines, first, shopper)).coupon?.applied).toBe(true);
      await checkout(shop, shopper, lines).expect(201);
      await expectRefusedBoth(shopper, lines, first, `${first} is for a first order only`);
    });

    it("a shopper's uses, then the coupon's total, used up", async () => {
      const productId = await product();
      const lines = [{ productId, quantity: 1 }];
      const once = await coupon({ usesPerShopper: 1, totalUses: 2 });
      const [a, b, c] = [await newShopper(shop), await newShopper(shop), await newShopper(shop)];
      await checkout(shop, a, lines, { couponCode: once }).expect(201);
      await expectRefusedBoth(a, lines, once, `You have already used ${once}`);
      await checkout(shop, b, lines, { couponCode: once }).expect(201);
      await expectRefusedBoth(c, lines, once, 'This code has been fully used');
    });
  });

  describe('the one price engine', () => {
    it('a percent code with a cap: the quote, the checkout and the stored order agree', async () => {
      const [cheap, dear] = [await product(333.33), await product(2500)];
      const capped = await coupon({ kind: 'PERCENT', value: 20, maxDiscount: 500 });
      const lines = [
        { productId: cheap, quantity: 3 },
        { productId: dear, quantity: 1 },
      ];
      const quoted = await quote(lines, capped, shop.shopper);
      // 20% of 3,499.99 is 700: capped at 500.
      expect(quoted.goods).toBe(3499.99);
      expect(quoted.discount).toBe(500);
      expect(quoted.coupon).toEqual({ code: capped, applied: true, message: null });
      expect(quoted.discounts).toEqual([{ kind: 'coupon', name: capped, amount: 500 }]);
      // Spread over the lines by value, to the paisa.
      expect(quoted.lines.map((line) => line.discount)).toEqual([142.86, 357.14]);

      const placed = (
        await gqlOk<{ placeOrder: Quote & { id: string; coupon: string } }>(
          shop,
          PLACE_ORDER,
          {
            input: { lines, method: 'CARD', card: APPROVED_CARD, couponCode: capped.toLowerCase() },
          },
          shop.shopper,
        )
      ).placeOrder;
      expect(placed).toMatchObject({
        total: quoted.total,
        goods: quoted.goods,
        discount: quoted.discount,
        coupon: capped,
        discounts: quoted.discounts,
      });
      expect(placed.lines.map((line) => line.discount)).toEqual([142.86, 357.14]);
      const stored = await storedOrder(shop, placed.id);
      expect(stored.total).toBe(Math.round(quoted.total * 100));
      expect(stored.discount).toBe(50_000);
      expect(stored.lines.map((line) => line.discount)).toEqual([14_286, 35_714]);
      expect(stored.couponUses).toHaveLength(0);
    });

    it('a category-limited code takes off those items only; REST shows the discount', async () => {
      const books = await newCategory(shop, shop.admin);
      const [book, lamp] = [await product(400, books._id), await product(1000)];
      const limited = await coupon({ kind: 'PERCENT', value: 50, categories: [books._id] });
      const lines = [
        { productId: book, quantity: 2 },
        { productId: lamp, quantity: 1 },
      ];
      const quoted = await quote(lines, limited, shop.shopper);
      expect(quoted.lines.map((line) => line.discount)).toEqual([400, 0]);
      const placed = await checkout(shop, shop.shopper, lines, { couponCode: limited }).expect(201);
      expect(placed.body.order).toMatchObject({
        total: quoted.total,
        discount: 400,
        goods: 1800,
        coupon: limited,
        discounts: [{ kind: 'coupon', name: limited, amount: 400 }],
      });
      expect(placed.body.order.lines.map((line: { discount: number }) => line.discount)).toEqual([
        400, 0,
      ]);
    });

    it('an automatic offer applies without a code; the cart says what another would need', async () => {
      const kitchen = await newCategory(shop, shop.admin);
      const pot = await product(500, kitchen._id);
      const before = await offersNow();
      const name = `Buy 2 pots, get 10% off ${uniqueTag()}`;
      await gqlOk(
        shop,
        UPDATE_OFFERS,
        {
          offers: [
            ...before.map((kept) => ({ ...kept, active: false })),
            { name, kind: 'ITEMS', category: kitchen._id, minQuantity: 2, percent: 10 },
          ],
        },
        shop.admin,
      );
      try {
        const one = await quote([{ productId: pot, quantity: 1 }]);
        expect(one.discount).toBe(0);
        expect(one.hints).toContainEqual({ name, itemsShort: 1, amountShort: 0 });
        const two = await quote([{ productId: pot, quantity: 2 }]);
        expect(two.discount).toBe(100);
        expect(two.discounts).toEqual([{ kind: 'offer', name, amount: 100 }]);
        const placed = await checkout(shop, shop.shopper, [{ productId: pot, quantity: 2 }]);
        expect(placed.status).toBe(201);
        expect(placed.body.order.total).toBe(two.total);
        expect(placed.body.order.discount).toBe(100);
      } finally {
        await gqlOk(shop, UPDATE_OFFERS, { offers: before }, shop.admin);
      }
    });
  });

  describe('the same answer for the cart, checkout and the stored order', () => {
    it('over 25 random carts, codes and offers', async () => {
      const kitchen = await newCategory(shop, shop.admin);
      const books = await newCategory(shop, shop.admin);
      const stocked = async (price: number, category: string) =>
        (await newProduct(shop, shop.admin, { price, quantity: 10_000, category }))._id;
      const products = [
        await stocked(99.95, kitchen._id),
        await stocked(1234.5, kitchen._id),
        await stocked(333.33, books._id),
        await stocked(2999, books._id),
      ];
      const before = await offersNow();
      await fc
        .assert(
          fc.asyncProperty(
            fc.array(
              fc.record({
                at: fc.integer({ min: 0, max: 3 }),
                quantity: fc.integer({ min: 1, max: 5 }),
              }),
              { minLength: 1, maxLength: 4 },
            ),
            fc.record({
              kind: fc.constantFrom('PERCENT', 'AMOUNT'),
              value: fc.integer({ min: 1, max: 60 }),
              maxDiscount: fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }),
              categories: fc.subarray([kitchen._id, books._id]),
              combinesWithOffers: fc.boolean(),
            }),
            fc.record({
              percent: fc.integer({ min: 1, max: 90 }),
              minQuantity: fc.integer({ min: 1, max: 6 }),
              category: fc.constantFrom(kitchen._id, books._id, null),
            }),
            fc.integer({ min: 0, max: 5000 }),
            async (picked, terms, offer, freeFrom) => {
              await gqlOk(
                shop,
                UPDATE_OFFERS,
                {
                  offers: [
                    { name: 'Items offer', kind: 'ITEMS', ...offer },
                    { name: 'Free shipping', kind: 'SHIPPING', minCartValue: freeFrom },
                  ],
                },
                shop.admin,
              );
              const couponCode = await coupon({
                ...terms,
                maxDiscount: terms.kind === 'PERCENT' ? terms.maxDiscount : null,
              });
              const lines = picked.map(({ at, quantity }) => ({
                productId: products[at],
                quantity,
              }));
              const coded = await quote(lines, couponCode, shop.shopper);
              // A code that does not apply is refused at checkout: the cart goes without it.
              const applies = coded.coupon?.applied === true;
              const quoted = applies ? coded : await quote(lines, undefined, shop.shopper);
              const placed = await checkout(shop, shop.shopper, lines, {
                ...(applies && { couponCode }),
              });
              expect(placed.status, JSON.stringify(placed.body)).toBe(201);
              const order = placed.body.order;
              expect(order.total).toBe(quoted.total);
              expect(order.discount).toBe(quoted.discount);
              expect(order.shippingCharge).toBe(quoted.shipping);
              expect(order.lines.map((line: { discount: number }) => line.discount)).toEqual(
                quoted.lines.map((line) => line.discount),
              );
              const stored = await storedOrder(shop, order._id);
              expect(stored.total).toBe(Math.round(quoted.total * 100));
              const lineDiscounts = stored.lines.reduce((sum, line) => sum + line.discount, 0);
              expect(lineDiscounts).toBe(stored.discount);
            },
          ),
          { numRuns: 25 },
        )
        .finally(() => gqlOk(shop, UPDATE_OFFERS, { offers: before }, shop.admin));
    }, 300_000);
  });

  describe('the orders CSV and the dashboard', () => {
    it("show each order's discount and the code it used", async () => {
      const productId = await product(1000);
      const off = await coupon({ value: 150 });
      const discountsToday = async () =>
        (
          await gqlOk<{ shopStats: { revenue: { days: number; discounts: number }[] } }>(
            shop,
            '{ shopStats(range: LAST_7_DAYS) { revenue { days discounts } } }',
            {},
            shop.admin,
          )
        ).shopStats.revenue.find((period) => period.days === 1)!.discounts;
      const before = await discountsToday();
      const placed = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], {
        couponCode: off,
      }).expect(201);
      const response = await shop
        .http()
        .get(`/api/v1/order/export.csv?number=${placed.body.order.number}`)
        .set(shop.admin.auth)
        .buffer(true)
        .expect(200);
      const [header, row] = parse(response.text, { bom: true }) as string[][];
      expect(header.slice(-2)).toEqual(['discount', 'coupon']);
      expect(row.slice(-2)).toEqual(['150.00', off]);
      expect(row[header.indexOf('total')]).toBe((placed.body.order.total as number).toFixed(2));
      expect(await discountsToday()).toBeCloseTo(before + 150, 2);
    });
  });

  describe("a coupon's uses", () => {
    it('one use per order whatever the retries', async () => {
      const productId = await product();
      const limited = await coupon({ totalUses: 2 });
      const idempotencyKey = randomUUID();
      const lines = [{ productId, quantity: 1 }];
      const sent = await Promise.all(
        Array.from({ length: 4 }, () =>
          checkout(shop, shop.shopper, lines, { couponCode: limited, idempotencyKey }),
        ),
      );
      const orderId = expectOneOrderOf(sent);
      const again = await checkout(shop, shop.shopper, lines, {
        couponCode: limited,
        idempotencyKey,
      }).expect(201);
      expect(again.body.order._id).toBe(orderId);
      expect(await usesOf(shop, limited)).toBe(1);
    });

    it('given back when the checkout fails for stock, and when the order expires unpaid', async () => {
      const productId = (await newProduct(shop, shop.admin, { price: 1000, quantity: 1 }))._id;
      const single = await coupon({ totalUses: 1 });
      const shopper = await newShopper(shop);
      // More than the stock: refused, and the use goes back at once.
      const tooMany = await checkout(shop, shopper, [{ productId, quantity: 2 }], {
        couponCode: single,
      });
      expect(tooMany.status).toBe(409);
      expect(await usesOf(shop, single)).toBe(0);
      // A declined card keeps the order, its stock and the use until its time to pay runs out.
      const declined = await checkout(shop, shopper, [{ productId, quantity: 1 }], {
        couponCode: single,
        card: DECLINED_CARD,
      });
      expect(declined.status).toBe(402);
      expect(await usesOf(shop, single)).toBe(1);
      await expireNow(shop, declined.body.order._id);
      expect(await usesOf(shop, single)).toBe(0);
      expect(await stockOf(shop, productId)).toBe(1);
      await checkout(shop, shopper, [{ productId, quantity: 1 }], { couponCode: single }).expect(
        201,
      );
    });

    it('a code deleted and made again starts afresh; an old order given back frees none of it', async () => {
      const productId = await product();
      const again = await coupon({ totalUses: 1 });
      const old = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], {
        couponCode: again,
      }).expect(201);
      await gqlOk(
        shop,
        'mutation ($code: String!) { deleteCoupon(code: $code) }',
        { code: again },
        shop.admin,
      );
      await gqlOk(
        shop,
        CREATE_COUPON,
        { input: { code: again, kind: 'AMOUNT', value: 100, totalUses: 1 } },
        shop.admin,
      );
      const renewed = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], {
        couponCode: again,
      }).expect(201);
      // The old order's cancel gives back the old coupon's use, not the new one's.
      await shop
        .http()
        .post(`/api/v1/auth/orders/${old.body.order._id}/cancel`)
        .set(shop.shopper.auth)
        .expect(200);
      await expectRefusedBoth(
        shop.shopper,
        [{ productId, quantity: 1 }],
        again,
        'This code has been fully used',
      );
      expect(renewed.body.order.coupon).toBe(again);
    });

    it('given back when the order is cancelled', async () => {
      const productId = await product();
      const single = await coupon({ totalUses: 1 });
      const placed = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], {
        couponCode: single,
      }).expect(201);
      expect(await usesOf(shop, single)).toBe(1);
      await shop
        .http()
        .post(`/api/v1/auth/orders/${placed.body.order._id}/cancel`)
        .set(shop.shopper.auth)
        .expect(200);
      expect(await usesOf(shop, single)).toBe(0);
      await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], {
        couponCode: single,
      }).expect(201);
    });
  });
});

describe('coupon limits under checkouts at once, on two instances of one database', () => {
  const first = useTestShop({ seed: true });
  const second = useTestShop({ sharing: first });

  // 360 checkouts on the embedded engine, half through each of two instances: a minute or two
  // on a busy two-core machine.
  it('a coupon of 100 uses gives exactly 100 of 300; one of 1 use a shopper, exactly 1 each', async () => {
    // A product for each instance: the coupon's uses are what is shared here. Stock written
    // by two processes on the embedded engine is not kept exact (its conditional writes rely
    // on one process's locks: README, "The database"); on MongoDB it is.
    const products = [
      (await newProduct(first, first.admin, { price: 200, quantity: 1000 }))._id,
      (await newProduct(first, first.admin, { price: 200, quantity: 1000 }))._id,
    ];
    const [total, perShopper] = [code(), code()];
    for (const input of [
      { code: total, kind: 'AMOUNT', value: 50, totalUses: 100 },
      { code: perShopper, kind: 'AMOUNT', value: 50, usesPerShopper: 1 },
    ]) {
      await gqlOk(first, CREATE_COUPON, { input }, first.admin);
    }
    const shoppers: Session[] = [];
    for (let at = 0; at < 30; at += 1) shoppers.push(await newShopper(first));
    // Through either instance, each shopper's checkouts with either code at once.
    const send = (at: number, couponCode: string) =>
      checkout(
        at % 2 ? second : first,
        shoppers[at % 30],
        [{ productId: products[at % 2], quantity: 1 }],
        { couponCode },
      );
    const [totals, ownUses] = await Promise.all([
      Promise.all(Array.from({ length: 300 }, (_, at) => send(at, total))),
      // Two at once per shopper, one through each instance.
      Promise.all(Array.from({ length: 60 }, (_, at) => send(at, perShopper))),
    ]);

    expect(statusesOf(totals)).toEqual({ 201: 100, 400: 200 });
    for (const refused of totals.filter((answer) => answer.status === 400)) {
      expect(refused.body.message).toBe('couponCode: This code has been fully used');
    }
    expect(await usesOf(first, total)).toBe(100);
    expect(await placedWith(first, total)).toBe(100);

    expect(statusesOf(ownUses)).toEqual({ 201: 30, 400: 30 });
    const placedBy = ownUses
      .filter((answer) => answer.status === 201)
      .map((answer) => answer.body.order.buyer._id);
    expect(new Set(placedBy).size).toBe(30);
    expect(await placedWith(first, perShopper)).toBe(30);

    expect((await stockOf(first, products[0])) + (await stockOf(first, products[1]))).toBe(1870);
  }, 600_000);
});

const statusesOf = (answers: { status: number }[]): Record<number, number> =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

const placedWith = (test: TestApp, couponCode: string) =>
  test.connection.collection('orders').countDocuments({ coupon: couponCode, settled: true });

interface StoredOrder {
  total: number;
  discount: number;
  lines: { discount: number }[];
  couponUses: string[] | null;
}

async function storedOrder(test: TestApp, id: string): Promise<StoredOrder> {
  const found = await test.connection
    .collection<StoredOrder>('orders')
    .findOne({ _id: new Types.ObjectId(id) } as never);
  return found!;
}

/** Uses of the coupon's total taken now, as the ledger holds them. */
async function usesOf(test: TestApp, couponCode: string): Promise<number> {
  const uses = await test.connection.collection('coupon_uses').find({ code: couponCode }).toArray();
  const total = new RegExp(`^${couponCode}(~[0-9a-z]+)?#\\d+$`);
  return uses.filter((use) => total.test(String(use._id))).length;
}
