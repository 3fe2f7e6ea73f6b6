import { describe, expect, it } from 'vitest';
import { ORDER_NUMBER, orderNumberOf, orderNumberText } from '../../src/shared/rules';
import {
  expectError,
  newAdmin,
  newProduct,
  newShopper,
  OrderReply,
  placeOrder,
} from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { Session, useTestShop } from '../support/test-app';

const ORDER = `
  query ($number: String!) {
    order(number: $number) { id number status total buyer { id } lines { name sku choices { name value } } }
  }
`;
const ADMIN_SEARCH = `
  query ($number: String, $status: OrderStatus) {
    orders(number: $number, status: $status) { total items { id number } }
  }
`;

interface OrderAnswer {
  order: { id: string; number: string; buyer: { id: string } | null };
}

/**
 * One order by its number: its buyer and the admins read it on both APIs, nobody else learns
 * it exists; the admin's list and CSV find it by number.
 */
describe('an order by its number (REST and GraphQL)', () => {
  const shop = useTestShop({ seed: true });

  const byRest = (number: string, session: Session | null) => {
    const request = shop.http().get(`/api/v1/auth/orders/${encodeURIComponent(number)}`);
    return session ? request.set(session.auth) : request;
  };

  async function anOrder(): Promise<{ order: OrderReply; buyer: Session }> {
    const buyer = await newShopper(shop);
    const product = await newProduct(shop, shop.admin);
    return { order: await placeOrder(shop, buyer, product._id), buyer };
  }

  it('gives the buyer their order by number, as BZ-000123, bz-123 or its digits', async () => {
    const { order, buyer } = await anOrder();
    expect(order.number).toMatch(/^BZ-\d{6}$/);
    const digits = String(orderNumberOf(order.number));
    for (const written of [order.number, order.number.toLowerCase(), digits]) {
      const rest = await byRest(written, buyer).expect(200);
      expect(rest.body).toMatchObject({ _id: order._id, number: order.number });
      const { order: found } = await gqlOk<OrderAnswer>(shop, ORDER, { number: written }, buyer);
      expect(found).toMatchObject({ id: order._id, number: order.number });
    }
  });

  it('gives any order to an admin', async () => {
    const { order } = await anOrder();
    const admin = await newAdmin(shop);
    expect((await byRest(order.number, admin).expect(200)).body._id).toBe(order._id);
    const { order: found } = await gqlOk<OrderAnswer>(shop, ORDER, { number: order.number }, admin);
    expect(found.id).toBe(order._id);
  });

  it('answers another shopper 404 / NOT_FOUND, as for a number never given', async () => {
    const { order } = await anOrder();
    const other = await newShopper(shop);
    const never = orderNumberText(orderNumberOf(order.number)! + 100_000);
    for (const number of [order.number, never]) {
      expectError(await byRest(number, other), 404, 'Order not found');
      const error = expectRefused(await gql(shop, ORDER, { number }, other), 'NOT_FOUND', 'order');
      expect(error.message).toBe('Order not found');
    }
  });

  it('answers 401 / UNAUTHENTICATED without a token', async () => {
    const { order } = await anOrder();
    expectError(await byRest(order.number, null), 401);
    expectRefused(await gql(shop, ORDER, { number: order.number }), 'UNAUTHENTICATED', 'order');
  });

  it('refuses what is not an order number with 400 / BAD_USER_INPUT naming the field', async () => {
    for (const number of ['BZ-12a', 'order one', 'BZ-0']) {
      expectError(await byRest(number, shop.shopper), 400, ORDER_NUMBER.message);
      const error = expectRefused(
        await gql(shop, ORDER, { number }, shop.shopper),
        'BAD_USER_INPUT',
        'order',
      );
      expect(error.message).toBe(ORDER_NUMBER.message);
    }
  });

  it("the admin's list finds an order by number, within the other filters", async () => {
    const { order } = await anOrder();
    const found = await gqlOk<{ orders: { total: number; items: { id: string }[] } }>(
      shop,
      ADMIN_SEARCH,
      { number: order.number },
      shop.admin,
    );
    expect(found.orders).toEqual({ total: 1, items: [{ id: order._id, number: order.number }] });
    const otherStatus = await gqlOk<{ orders: { total: number } }>(
      shop,
      ADMIN_SEARCH,
      { number: order.number, status: 'DELIVERED' },
      shop.admin,
    );
    expect(otherStatus.orders.total).toBe(0);

    const rest = await shop
      .http()
      .get('/api/v1/auth/all-orders')
      .query({ number: order.number })
      .set(shop.admin.auth)
      .expect(200);
    expect(rest.body.map((shown: OrderReply) => shown._id)).toEqual([order._id]);

    const csv = await shop
      .http()
      .get('/api/v1/order/export.csv')
      .query({ number: order.number })
      .set(shop.admin.auth)
      .expect(200);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0].split(',')[0].replace(/^\uFEFF/, '')).toBe('number');
    expect(lines).toHaveLength(2);
    expect(lines[1].split(',').slice(0, 2)).toEqual([order.number, order._id]);
  });

  it("refuses a bad number in the admin's list with 400 / BAD_USER_INPUT naming the field", async () => {
    expectError(
      await shop
        .http()
        .get('/api/v1/auth/all-orders')
        .query({ number: 'twelve' })
        .set(shop.admin.auth),
      400,
      ORDER_NUMBER.message,
    );
    const error = expectRefused(
      await gql(shop, ADMIN_SEARCH, { number: 'twelve' }, shop.admin),
      'BAD_USER_INPUT',
      'orders',
    );
    expect(error.message).toBe(ORDER_NUMBER.message);
  });
});
