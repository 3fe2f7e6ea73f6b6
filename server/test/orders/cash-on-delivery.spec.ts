import { Types } from 'mongoose';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkout, expectError, newProduct, newShopper, stockOf } from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import type { Session } from '../support/test-app';
import { setPayments } from '../payments/operations';

/** Patna: the shop delivers there from Jaipur, and takes cash there unless told otherwise. */
const PIN = '800001';

/**
 * Cash on delivery, on both APIs: placed due on delivery with its fee and its stock held,
 * refused where the payment settings say (PIN, value, a shopper's undelivered cash orders),
 * collected when delivered, and cancelled with its stock back when the parcel returns to origin.
 */
describe('cash on delivery', () => {
  const shop = useTestShop({ seed: true });
  let productId: string;

  beforeEach(async () => {
    await setPayments(shop, { codFee: 25 });
    productId = (await newProduct(shop, shop.admin, { quantity: 50, price: 1000 }))._id;
  });

  const stored = (id: string) =>
    shop.connection.collection('orders').findOne({ _id: new Types.ObjectId(id) });
  const byCash = (session: Session, quantity = 1, extra: Record<string, unknown> = {}) =>
    checkout(shop, session, [{ productId, quantity }], {
      method: 'cod',
      card: undefined,
      deliveryPin: PIN,
      ...extra,
    });
  const move = (orderId: string, status: string) =>
    shop.http().put(`/api/v1/auth/order-status/${orderId}`).set(shop.admin.auth).send({ status });

  it('REST: places the order due on delivery with the fee in its total, its units held', async () => {
    const buyer = await newShopper(shop);
    const placed = await byCash(buyer, 2).expect(201);
    const { order } = placed.body;
    // Goods Rs 2,000 are over the free-shipping threshold: the total is the goods and the fee.
    expect(order.total).toBe(2025);
    expect(order.payment).toMatchObject({
      method: 'cod',
      state: 'due_on_delivery',
      success: false,
      fee: 25,
    });
    expect(order.amountDue).toBe(2025);
    expect(await stockOf(shop, productId)).toBe(48);
    // The admin's queue has it: the shop is to fulfil it.
    const listed = await shop.http().get('/api/v1/auth/all-orders').set(shop.admin.auth);
    expect((listed.body as { _id: string }[]).map((one) => one._id)).toContain(order._id);
  });

  it('GraphQL: places it as CASH_ON_DELIVERY, DUE_ON_DELIVERY', async () => {
    const buyer = await newShopper(shop);
    const { placeOrder } = await gqlOk<{
      placeOrder: { total: number; amountDue: number; payment: { method: string; state: string } };
    }>(
      shop,
      `mutation ($input: CheckoutInput!) {
        placeOrder(input: $input) { total amountDue payment { method state } }
      }`,
      {
        input: {
          lines: [{ productId, quantity: 1 }],
          method: 'CASH_ON_DELIVERY',
          deliveryPin: PIN,
        },
      },
      buyer,
    );
    // Rs 1,000 is over the free-shipping threshold too.
    expect(placeOrder).toEqual({
      total: 1025,
      amountDue: 1025,
      payment: { method: 'CASH_ON_DELIVERY', state: 'DUE_ON_DELIVERY' },
    });
  });

  it('refuses it without a PIN, at a PIN the settings list, and above the largest cash order, taking no stock', async () => {
    const buyer = await newShopper(shop);
    await setPayments(shop, { codUnservedPins: ['8000'], codUpTo: 1500 });
    expectError(await byCash(buyer, 1, { deliveryPin: undefined }), 400, /PIN/);
    expectError(await byCash(buyer, 1), 400, /^method: Not available for PIN 800001/);
    await setPayments(shop, { codUpTo: 1500 });
    expectError(await byCash(buyer, 2), 400, /^method: Only for orders up to ₹1,500.00/);
    const refused = await gql(
      shop,
      `mutation ($input: CheckoutInput!) { placeOrder(input: $input) { id } }`,
      {
        input: {
          lines: [{ productId, quantity: 2 }],
          method: 'CASH_ON_DELIVERY',
          deliveryPin: PIN,
        },
      },
      buyer,
    );
    expect(expectRefused(refused, 'BAD_USER_INPUT', 'placeOrder').message).toMatch(/^method: /);
    expect(await stockOf(shop, productId)).toBe(50);
  });

  it('refuses a shopper as many undelivered cash orders as the settings allow, and takes them again once one is delivered', async () => {
    const buyer = await newShopper(shop);
    await setPayments(shop, { codMaxUndeliveredOrders: 2 });
    const first = (await byCash(buyer).expect(201)).body.order;
    await byCash(buyer).expect(201);
    expectError(await byCash(buyer), 400, /2 cash-on-delivery orders/);
    // Another shopper is not counted against this one.
    await byCash(await newShopper(shop)).expect(201);
    for (const status of ['Processing', 'Shipped', 'Delivered']) {
      await move(first._id, status).expect(200);
    }
    await byCash(buyer).expect(201);
  });

  it('delivered: the cash is collected and its units sold for good', async () => {
    const buyer = await newShopper(shop);
    const { order } = (await byCash(buyer, 3).expect(201)).body;
    await move(order._id, 'Processing').expect(200);
    await move(order._id, 'Shipped').expect(200);
    // Shipped but unpaid: its units are still held, not sold.
    expect((await stored(order._id))!.payment.state).toBe('due_on_delivery');
    const delivered = (await move(order._id, 'Delivered').expect(200)).body;
    expect(delivered.payment).toMatchObject({ state: 'collected', success: true });
    expect(delivered.amountDue).toBe(0);
    expect(await stockOf(shop, productId)).toBe(47);
    const product = await shop.connection
      .collection('products')
      .findOne({ _id: new Types.ObjectId(productId) });
    expect(product!.stockHolds.map(String)).not.toContain(order._id);
  });

  it('returned to origin: cancelled from Shipped, its units back on sale, nothing refunded', async () => {
    const buyer = await newShopper(shop);
    const { order } = (await byCash(buyer, 4).expect(201)).body;
    await move(order._id, 'Processing').expect(200);
    await move(order._id, 'Shipped').expect(200);
    const back = (await move(order._id, 'Cancelled').expect(200)).body;
    expect(back.status).toBe('Cancelled');
    expect(back.payment).toMatchObject({ state: 'due_on_delivery', success: false, refunds: [] });
    expect(await stockOf(shop, productId)).toBe(50);
    // A prepaid order cannot go so: shipped, it is delivered.
    const paid = (await checkout(shop, buyer, [{ productId, quantity: 1 }]).expect(201)).body.order;
    await move(paid._id, 'Processing').expect(200);
    await move(paid._id, 'Shipped').expect(200);
    expectError(await move(paid._id, 'Cancelled'), 409, /allowed from Shipped: Delivered$/);
  });
});
