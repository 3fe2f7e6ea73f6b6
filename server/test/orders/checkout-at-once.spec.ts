import { Types } from 'mongoose';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';
import {
  APPROVED_CARD,
  DECLINED_CARD,
  expectError,
  missingId,
  newShoppers,
  productRow,
  stockOf,
} from '../support/fixtures';

interface Line {
  productId: string;
  quantity: number;
  [extra: string]: unknown;
}

interface StoredOrder {
  _id: Types.ObjectId;
  buyer: Types.ObjectId;
  total: number;
  lines: { product: Types.ObjectId; name: string; price: number; quantity: number }[];
  payment: { success: boolean; provider: string; reference: string | null };
  status: string;
  settled: boolean;
}

describe('placing orders: POST /api/v1/product/checkout', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;
  /** Seeded products, each used by one test only, so stock counts stay readable. */
  let products: string[];
  let nextProduct = 0;
  const takeProduct = () => products[nextProduct++];

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
    const rows = await test.connection
      .collection('products')
      .find({ quantity: { $gte: 1 } })
      .sort({ _id: 1 })
      .toArray();
    products = rows.map((row) => String(row._id));
  });
  afterAll(() => test.close());

  const checkout = (session: Session, body: Record<string, unknown>) =>
    test.http().post('/api/v1/product/checkout').set(session.auth).send(body);

  const buy = (session: Session, lines: Line[], extra: Record<string, unknown> = {}) =>
    checkout(session, { lines, card: APPROVED_CARD, ...extra });

  /** Sets a product's stock the way an admin would, through the REST update route. */
  async function setStock(productId: string, quantity: number): Promise<void> {
    const response = await test
      .http()
      .put(`/api/v1/product/update-product/${productId}`)
      .set(admin.auth)
      .send({ quantity })
      .expect(200);
    expect(response.body.products.quantity).toBe(quantity);
    expect(await stockOf(test, productId)).toBe(quantity);
  }

  const ordersOf = (productId: string) =>
    test.connection
      .collection<StoredOrder>('orders')
      .find({ 'lines.product': new Types.ObjectId(productId) })
      .toArray();

  const orderCount = async () => (await test.counts()).orders;

  function expectPlaced(response: Response): void {
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ success: true, order: { payment: { success: true } } });
  }

  it('prices from the database, whatever prices and total the client sends', async () => {
    const [first, second] = [takeProduct(), takeProduct()];
    const [a, b] = [await productRow(test, first), await productRow(test, second)];
    // Stored in whole paise.
    expect(a.price).toBeGreaterThan(100);
    expect(b.price).toBeGreaterThan(100);
    const response = await buy(
      shopper,
      [
        { productId: first, quantity: 2, price: 1, total: 1 },
        { productId: second, quantity: 1, price: 0.01, name: 'Free item' },
      ],
      { total: 1, amount: 1, price: 1, discount: 100 },
    );
    expectPlaced(response);
    const expected = a.price * 2 + b.price;
    expect(response.body.order.total).toBe(expected / 100);
    expect(
      response.body.order.products.map((line: { price: number; name: string }) => [
        line.price,
        line.name,
      ]),
    ).toEqual([
      [a.price / 100, a.name],
      [b.price / 100, b.name],
    ]);
    const stored = await test.connection
      .collection<StoredOrder>('orders')
      .findOne({ _id: new Types.ObjectId(response.body.order._id) });
    expect(stored!.total).toBe(expected);
    expect(stored!.lines.map((line) => line.price)).toEqual([a.price, b.price]);
    expect(stored).not.toHaveProperty('discount');
  });

  it('takes the buyer from the token, not from the body', async () => {
    const productId = takeProduct();
    const response = await buy(shopper, [{ productId, quantity: 1 }], { buyer: admin.userId });
    expectPlaced(response);
    expect(response.body.order.buyer._id).toBe(shopper.userId);
    const [order] = await ordersOf(productId);
    expect(String(order.buyer)).toBe(shopper.userId);
  });

  it('refuses a quantity beyond stock with 409 and changes nothing', async () => {
    const productId = takeProduct();
    await setStock(productId, 3);
    const counts = await test.counts();
    const response = await buy(shopper, [{ productId, quantity: 4 }]);
    expectError(response, 409);
    expect(response.body.message).toMatch(/3/);
    expect(await stockOf(test, productId)).toBe(3);
    expect(await test.counts()).toEqual(counts);
    expect(await ordersOf(productId)).toHaveLength(0);
  });

  it('refuses the whole order when its second line lacks stock, giving back the first', async () => {
    const [first, second] = [takeProduct(), takeProduct()];
    await setStock(first, 5);
    await setStock(second, 1);
    const counts = await test.counts();
    const response = await buy(shopper, [
      { productId: first, quantity: 2 },
      { productId: second, quantity: 2 },
    ]);
    expectError(response, 409);
    expect(await stockOf(test, first)).toBe(5);
    expect(await stockOf(test, second)).toBe(1);
    expect(await test.counts()).toEqual(counts);
  });

  it('saves a declined payment as a failed order, answers 402 and leaves stock alone', async () => {
    const productId = takeProduct();
    await setStock(productId, 4);
    const before = await orderCount();
    const response = await checkout(shopper, {
      lines: [{ productId, quantity: 2 }],
      card: DECLINED_CARD,
    });
    expectError(response, 402);
    expect(response.body.order).toMatchObject({ payment: { success: false } });
    expect(await stockOf(test, productId)).toBe(4);
    expect(await orderCount()).toBe(before + 1);
    const [order] = await ordersOf(productId);
    expect(order.payment.success).toBe(false);
    expect(order.settled).toBe(true);
    // The shopper sees it among their orders, as failed.
    const mine = await test.http().get('/api/v1/auth/orders').set(shopper.auth).expect(200);
    const listed = mine.body.find((item: { _id: string }) => item._id === String(order._id));
    expect(listed).toMatchObject({ payment: { success: false } });
  });

  it('lets another shopper buy the last unit right after a declined attempt on it', async () => {
    const productId = takeProduct();
    await setStock(productId, 1);
    const [other] = await newShoppers(test, 1);
    expectError(
      await checkout(shopper, { lines: [{ productId, quantity: 1 }], card: DECLINED_CARD }),
      402,
    );
    expectPlaced(await buy(other, [{ productId, quantity: 1 }]));
    expect(await stockOf(test, productId)).toBe(0);
  });

  it('takes exactly the quantity bought when the payment is approved', async () => {
    const productId = takeProduct();
    await setStock(productId, 7);
    const response = await buy(shopper, [{ productId, quantity: 3 }]);
    expectPlaced(response);
    expect(response.body.order).toMatchObject({
      status: 'Not Processed',
      buyer: { _id: shopper.userId },
      products: [{ _id: productId, quantity: 3 }],
    });
    expect(await stockOf(test, productId)).toBe(4);
  });

  it('adds up two lines of the same product into one', async () => {
    const productId = takeProduct();
    await setStock(productId, 5);
    const response = await buy(shopper, [
      { productId, quantity: 1 },
      { productId, quantity: 2 },
    ]);
    expectPlaced(response);
    expect(response.body.order.products).toHaveLength(1);
    expect(response.body.order.products[0].quantity).toBe(3);
    expect(await stockOf(test, productId)).toBe(2);
  });

  it('sells the last unit to exactly one of two shoppers checking out at once', async () => {
    const productId = takeProduct();
    await setStock(productId, 1);
    const [first, second] = await newShoppers(test, 2);
    const before = await orderCount();
    const responses = await Promise.all([
      buy(first, [{ productId, quantity: 1 }]),
      buy(second, [{ productId, quantity: 1 }]),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expectError(
      responses.find((response) => response.status === 409)!,
      409,
    );
    expect(await stockOf(test, productId)).toBe(0);
    expect(await orderCount()).toBe(before + 1);
    const orders = await ordersOf(productId);
    expect(orders).toHaveLength(1);
    expect(orders[0].payment.success).toBe(true);
  });

  it('gives 5 units to exactly 5 of 20 shoppers checking out at once', async () => {
    const productId = takeProduct();
    await setStock(productId, 5);
    const shoppers = await newShoppers(test, 20);
    const before = await orderCount();
    const responses = await Promise.all(
      shoppers.map((session) => buy(session, [{ productId, quantity: 1 }])),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(await stockOf(test, productId)).toBe(0);
    const orders = await ordersOf(productId);
    expect(orders).toHaveLength(5);
    expect(orders.every((order) => order.payment.success && order.settled)).toBe(true);
    expect(new Set(orders.map((order) => String(order.buyer))).size).toBe(5);
    expect(await orderCount()).toBe(before + 5);
  });

  it('never oversells when concurrent two-line orders compete for both products', async () => {
    const [scarce, plenty] = [takeProduct(), takeProduct()];
    await setStock(scarce, 3);
    await setStock(plenty, 5);
    const shoppers = await newShoppers(test, 10);
    const responses = await Promise.all(
      shoppers.map((session, index) =>
        buy(
          session,
          // Half list the scarce product first, half second, so give-backs interleave.
          index % 2 === 0
            ? [
                { productId: scarce, quantity: 1 },
                { productId: plenty, quantity: 1 },
              ]
            : [
                { productId: plenty, quantity: 1 },
                { productId: scarce, quantity: 1 },
              ],
        ),
      ),
    );
    const placed = responses.filter((response) => response.status === 201).length;
    expect(responses.every((response) => [201, 409].includes(response.status))).toBe(true);
    expect(placed).toBe(3);
    expect(await stockOf(test, scarce)).toBe(0);
    expect(await stockOf(test, plenty)).toBe(5 - placed);
    expect(await ordersOf(scarce)).toHaveLength(3);
  });

  it('makes one order for the same idempotency key sent twice in a row', async () => {
    const productId = takeProduct();
    await setStock(productId, 10);
    const before = await orderCount();
    const body = { idempotencyKey: 'cart-7f3a-double-click' };
    const first = await buy(shopper, [{ productId, quantity: 2 }], body);
    const second = await buy(shopper, [{ productId, quantity: 2 }], body);
    expectPlaced(first);
    expectPlaced(second);
    expect(second.body.order._id).toBe(first.body.order._id);
    expect(await stockOf(test, productId)).toBe(8);
    expect(await orderCount()).toBe(before + 1);
  });

  it('makes one order for the same Idempotency-Key header sent twice in a row', async () => {
    const productId = takeProduct();
    await setStock(productId, 10);
    const before = await orderCount();
    const send = () =>
      test
        .http()
        .post('/api/v1/product/checkout')
        .set(shopper.auth)
        .set('Idempotency-Key', 'header-key-42')
        .send({ lines: [{ productId, quantity: 1 }], card: APPROVED_CARD });
    const first = await send();
    const second = await send();
    expectPlaced(first);
    expect(second.body.order._id).toBe(first.body.order._id);
    expect(await stockOf(test, productId)).toBe(9);
    expect(await orderCount()).toBe(before + 1);
  });

  it('makes one order for the same idempotency key sent 5 times at once', async () => {
    const productId = takeProduct();
    await setStock(productId, 10);
    const before = await orderCount();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        buy(shopper, [{ productId, quantity: 3 }], { idempotencyKey: 'cart-concurrent-retry' }),
      ),
    );
    const placed = responses.filter((response) => response.status === 201);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    // The others either see the same order or are told it is still being processed.
    for (const response of responses) {
      if (response.status === 201) expect(response.body.order._id).toBe(placed[0].body.order._id);
      else expectError(response, 409);
    }
    expect(await stockOf(test, productId)).toBe(7);
    expect(await orderCount()).toBe(before + 1);
    expect(await ordersOf(productId)).toHaveLength(1);
  });

  it('answers a retried declined checkout with the same failed order, not a new one', async () => {
    const productId = takeProduct();
    await setStock(productId, 2);
    const before = await orderCount();
    const body = {
      lines: [{ productId, quantity: 1 }],
      card: DECLINED_CARD,
      idempotencyKey: 'declined-retry',
    };
    const first = await checkout(shopper, body);
    const second = await checkout(shopper, body);
    expectError(first, 402);
    expectError(second, 402);
    expect(second.body.order._id).toBe(first.body.order._id);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(test, productId)).toBe(2);
  });

  it('keeps idempotency keys per shopper: the same key from another shopper is a new order', async () => {
    const productId = takeProduct();
    await setStock(productId, 10);
    const [other] = await newShoppers(test, 1);
    const body = { idempotencyKey: 'shared-key-1' };
    const mine = await buy(shopper, [{ productId, quantity: 1 }], body);
    const theirs = await buy(other, [{ productId, quantity: 1 }], body);
    expectPlaced(mine);
    expectPlaced(theirs);
    expect(theirs.body.order._id).not.toBe(mine.body.order._id);
    expect(theirs.body.order.buyer._id).toBe(other.userId);
    expect(await stockOf(test, productId)).toBe(8);
  });

  it('refuses an order naming a product that does not exist, changing nothing', async () => {
    const productId = takeProduct();
    await setStock(productId, 3);
    const counts = await test.counts();
    expectError(
      await buy(shopper, [
        { productId, quantity: 1 },
        { productId: missingId(), quantity: 1 },
      ]),
      400,
    );
    expect(await stockOf(test, productId)).toBe(3);
    expect(await test.counts()).toEqual(counts);
  });
});
