import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { Migrations } from '../../src/migrations';
import { OrderNumbers } from '../../src/orders';
import { orderNumberOf, orderNumberText } from '../../src/shared/rules';
import {
  APPROVED_CARD,
  checkout,
  DECLINED_CARD,
  expectError,
  expireNow,
  newProduct,
  newShoppers,
  placeOrder,
  stockOf,
} from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { Session, TestApp, useTestShop } from '../support/test-app';

const PLACE = `
  mutation ($input: CheckoutInput!) { placeOrder(input: $input) { id number payment { success } } }
`;

/** A checkout over REST or GraphQL with a fresh key; answers the order's id and number. */
async function numberedCheckout(
  test: TestApp,
  session: Session,
  productId: string,
  over: 'REST' | 'GraphQL',
): Promise<{ id: string; number: string }> {
  const lines = [{ productId, quantity: 1 }];
  if (over === 'GraphQL') {
    const input = { lines, card: APPROVED_CARD, idempotencyKey: randomUUID() };
    const { placeOrder: order } = await gqlOk<{ placeOrder: { id: string; number: string } }>(
      test,
      PLACE,
      { input },
      session,
    );
    return order;
  }
  const response = await checkout(test, session, lines);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { id: response.body.order._id, number: response.body.order.number };
}

/** The numbers as numbers, checked to be the shop's format. */
function digitsOf(numbers: string[]): number[] {
  for (const number of numbers) expect(number).toMatch(/^BZ-\d{6,}$/);
  return numbers.map((number) => orderNumberOf(number)!);
}

/** Distinct, and with no number missing between the lowest and the highest. */
function expectConsecutive(numbers: number[]): void {
  const sorted = [...numbers].sort((a, b) => a - b);
  expect(new Set(sorted).size).toBe(numbers.length);
  expect(sorted.at(-1)! - sorted[0]).toBe(numbers.length - 1);
}

/** Every stored order's number, by id. */
async function storedNumbers(test: TestApp): Promise<Map<string, number | undefined>> {
  const orders = await test.connection
    .collection('orders')
    .find({}, { projection: { number: 1 } })
    .toArray();
  return new Map(orders.map((order) => [String(order._id), order.number as number | undefined]));
}

/** The next number a checkout gets: one more than the highest any order has. */
async function highestNumber(test: TestApp): Promise<number> {
  const numbers = [...(await storedNumbers(test)).values()].filter((n) => n !== undefined);
  return Math.max(0, ...numbers);
}

describe('order numbers', () => {
  const shop = useTestShop({ seed: true });

  it('formats and reads numbers as people write them', () => {
    expect(orderNumberText(123)).toBe('BZ-000123');
    expect(orderNumberText(1_234_567)).toBe('BZ-1234567');
    expect(orderNumberOf('BZ-000123')).toBe(123);
    expect(orderNumberOf(' bz-123 ')).toBe(123);
    expect(orderNumberOf('000123')).toBe(123);
    for (const wrong of ['', 'BZ-', 'BZ-12a', '12 3', 'BZ-0', '-5', 'BZ--1']) {
      expect(orderNumberOf(wrong), wrong).toBeNull();
    }
  });

  // 50 shoppers' sign-ups and checkouts: 10 to 25 s on two busy cores, so more than the 30 s
  // default; what it checks is the numbers, not the time.
  it('numbers 50 checkouts at once (REST and GraphQL, 50 shoppers) uniquely and without a gap', async () => {
    const product = await newProduct(shop, shop.admin, { quantity: 100 });
    const shoppers = await newShoppers(shop, 50);
    const before = await highestNumber(shop);
    const placed = await Promise.all(
      shoppers.map((session, at) =>
        numberedCheckout(shop, session, product._id, at % 2 ? 'GraphQL' : 'REST'),
      ),
    );
    const numbers = digitsOf(placed.map((order) => order.number));
    expectConsecutive(numbers);
    expect(Math.min(...numbers)).toBe(before + 1);
    // The number an answer gave is the one stored on that order.
    const stored = await storedNumbers(shop);
    for (const [at, order] of placed.entries()) expect(stored.get(order.id)).toBe(numbers[at]);
  }, 90_000);

  it('REST and GraphQL: a retried checkout keeps its number and burns none', async () => {
    const product = await newProduct(shop, shop.admin, { quantity: 20 });
    const lines = [{ productId: product._id, quantity: 1 }];
    const idempotencyKey = `numbered-${randomUUID()}`;
    const first = await checkout(shop, shop.shopper, lines, { idempotencyKey }).expect(201);
    const again = await checkout(shop, shop.shopper, lines, { idempotencyKey }).expect(201);
    expect(again.body.order.number).toBe(first.body.order.number);

    const input = { lines, card: APPROVED_CARD, idempotencyKey };
    const overGraphQL = await gqlOk<{ placeOrder: { number: string } }>(
      shop,
      PLACE,
      { input },
      shop.shopper,
    );
    expect(overGraphQL.placeOrder.number).toBe(first.body.order.number);

    const next = await placeOrder(shop, shop.shopper, product._id);
    expect(orderNumberOf(next.number)).toBe(orderNumberOf(first.body.order.number)! + 1);
  });

  it('REST: the same checkout sent 5 times at once makes one order with one number, burning none', async () => {
    const product = await newProduct(shop, shop.admin, { quantity: 20 });
    const idempotencyKey = `at-once-${randomUUID()}`;
    const before = await highestNumber(shop);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        checkout(shop, shop.shopper, [{ productId: product._id, quantity: 1 }], {
          idempotencyKey,
        }),
      ),
    );
    const numbers = new Set(
      responses.filter((r) => r.status === 201).map((r) => r.body.order.number as string),
    );
    expect([...numbers]).toEqual([orderNumberText(before + 1)]);
    const next = await numberedCheckout(shop, shop.shopper, product._id, 'REST');
    expect(next.number).toBe(orderNumberText(before + 2));
  });

  it('numbers a declined checkout (an order the shopper may name, holding its unit until it expires), but not one refused for stock', async () => {
    const product = await newProduct(shop, shop.admin, { quantity: 1 });
    const before = await highestNumber(shop);
    const declined = await checkout(shop, shop.shopper, [{ productId: product._id, quantity: 1 }], {
      card: DECLINED_CARD,
    });
    expectError(declined, 402);
    expect(declined.body.order.number).toBe(orderNumberText(before + 1));
    // The declined order may be paid again until it expires; then its unit is back on sale.
    expect(await stockOf(shop, product._id)).toBe(0);
    await expireNow(shop, declined.body.order._id);
    expect(await stockOf(shop, product._id)).toBe(1);

    const tooMany = await checkout(shop, shop.shopper, [{ productId: product._id, quantity: 2 }]);
    expectError(tooMany, 409);
    const paid = await numberedCheckout(shop, shop.shopper, product._id, 'REST');
    expect(paid.number).toBe(orderNumberText(before + 2));
  });

  it('keeps each number to one order: the stored numbers are unique, and claimed', async () => {
    const product = await newProduct(shop, shop.admin, { quantity: 5 });
    await numberedCheckout(shop, shop.shopper, product._id, 'REST');
    await numberedCheckout(shop, shop.shopper, product._id, 'GraphQL');
    const numbers = [...(await storedNumbers(shop)).entries()];
    const taken = numbers.filter(([, number]) => number !== undefined);
    expect(new Set(taken.map(([, number]) => number)).size).toBe(taken.length);
    const claims = await shop.connection.collection('order_numbers').find().toArray();
    const claimed = new Map(claims.map((claim) => [claim._id as unknown as string, claim.order]));
    for (const [id, number] of taken) expect(String(claimed.get(String(number)))).toBe(id);
    // A second order with a taken number is refused by the database itself (the unique index:
    // MongoDB answers 11000, the embedded engine an error of its own).
    const [[, number], [other, itsOwn]] = taken;
    await expect(
      shop.connection
        .collection('orders')
        .updateOne({ _id: new Types.ObjectId(other) }, { $set: { number } }),
    ).rejects.toThrow();
    expect((await storedNumbers(shop)).get(other)).toBe(itsOwn);
  });
});

describe('order numbers on two instances of one database', () => {
  const a = useTestShop({ seed: true });
  const b = useTestShop({ sharing: a });

  // 50 checkouts on two instances of one engine: over a minute on a busy two-core machine.
  it('numbers 50 checkouts at once, half through each instance, uniquely and without a gap', async () => {
    const product = await newProduct(a, a.admin, { quantity: 100 });
    const shoppers = await newShoppers(a, 50);
    const before = await highestNumber(a);
    const placed = await Promise.all(
      shoppers.map((session, at) =>
        numberedCheckout(at % 2 ? b : a, session, product._id, at % 4 < 2 ? 'REST' : 'GraphQL'),
      ),
    );
    const numbers = digitsOf(placed.map((order) => order.number));
    expectConsecutive(numbers);
    expect(Math.min(...numbers)).toBe(before + 1);
    // Either instance finds an order by the number the other gave it.
    const [fromA, fromB] = [placed[0], placed[1]];
    for (const [instance, order, session] of [
      [b, fromA, shoppers[0]],
      [a, fromB, shoppers[1]],
    ] as const) {
      const found = await instance
        .http()
        .get(`/api/v1/auth/orders/${order.number}`)
        .set(session.auth)
        .expect(200);
      expect(found.body._id).toBe(order.id);
    }
  }, 180_000);
});

describe('drawing numbers on two instances at once', () => {
  const a = useTestShop();
  const b = useTestShop({ sharing: a });

  it('never gives one number twice when two instances draw 200 at once', async () => {
    const draws = Array.from({ length: 200 }, (_, at) =>
      (at % 2 ? b : a).app.get(OrderNumbers).draw(new Types.ObjectId()),
    );
    const numbers = await Promise.all(draws);
    expectConsecutive(numbers);
    const claims = await a.connection.collection('order_numbers').countDocuments();
    expect(claims).toBe(200);
  });
});

describe('the migration that numbers orders stored before numbers', () => {
  const a = useTestShop({ seed: true });
  const b = useTestShop({ sharing: a });
  const orders = () => a.connection.collection('orders');

  /**
   * Orders placed now, then stored as before numbers: none numbered, no counter or claims, and
   * created in the order `createdOrder` gives (positions in the list placed).
   */
  async function ordersFromBefore(count: number, createdOrder: number[]): Promise<string[]> {
    const product = await newProduct(a, a.admin, { quantity: count });
    const ids: string[] = [];
    for (let at = 0; at < count; at += 1)
      ids.push((await placeOrder(a, a.shopper, product._id))._id);
    await orders().updateMany({}, { $unset: { number: '' } });
    await a.connection.collection('order_numbers').deleteMany({});
    await a.connection.collection('counters').deleteMany({});
    await a.connection.collection('upgrades').deleteOne({ _id: 'order-numbers' as never });
    for (const [rank, at] of createdOrder.entries()) {
      await orders().updateOne(
        { _id: new Types.ObjectId(ids[at]) },
        { $set: { createdAt: new Date(Date.UTC(2024, 0, 1 + rank)) } },
      );
    }
    return ids;
  }

  it('numbers old orders in the order they were placed, and changes nothing run again', async () => {
    const ids = await ordersFromBefore(3, [2, 0, 1]);
    await a.connection
      .collection('orders')
      .updateMany(
        { _id: { $nin: ids.map((id) => new Types.ObjectId(id)) } },
        { $set: { createdAt: new Date(Date.UTC(2023, 0, 1)) } },
      );
    const others = (await storedNumbers(a)).size - ids.length;
    expect(await a.app.get(Migrations).runPending()).toEqual(['order-numbers']);
    const numbered = await storedNumbers(a);
    // The demo data's orders (older) first, then the three by their creation: 2, 0, 1.
    expect([2, 0, 1].map((at) => numbered.get(ids[at]))).toEqual([
      others + 1,
      others + 2,
      others + 3,
    ]);

    await a.connection.collection('upgrades').deleteOne({ _id: 'order-numbers' as never });
    expect(await a.app.get(Migrations).runPending()).toEqual(['order-numbers']);
    expect(await storedNumbers(a)).toEqual(numbered);
    const next = await numberedCheckout(a, a.shopper, (await newProduct(a, a.admin))._id, 'REST');
    expect(next.number).toBe(orderNumberText(others + 4));
  });

  it('is safe on two instances at once: every order numbered, no number on two orders', async () => {
    await ordersFromBefore(6, [0, 1, 2, 3, 4, 5]);
    await Promise.all([a.app.get(Migrations).runPending(), b.app.get(Migrations).runPending()]);
    const numbers = [...(await storedNumbers(a)).values()];
    expect(numbers.every((number) => typeof number === 'number')).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
    const next = await numberedCheckout(b, a.shopper, (await newProduct(a, a.admin))._id, 'REST');
    expect(orderNumberOf(next.number)).toBeGreaterThan(Math.max(...(numbers as number[])));
  });
});
