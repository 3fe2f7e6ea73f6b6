import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderIndex } from '../../src/orders/order-index';
import { ORDER_STATUS, ORDER_STATUSES, OrderStatus } from '../../src/orders/order.schema';
import { OrdersService } from '../../src/orders/orders.service';
import { checkout as checkoutOf, ORDERS_TO_FULFIL, placeOrder } from '../support/fixtures';
import { gql, gqlOk } from '../support/gql';
import { countQueries, notByIdOnly } from '../support/query-count';
import { useTestShop } from '../support/test-app';
import { graphqlName } from './operations';

const { NOT_PROCESSED, PROCESSING } = ORDER_STATUS;
/** The REST list's page size (orders.controller.ts). */
const REST_PAGE_SIZE = 20;

const ORDERS = `
  query ($page: Int!, $pageSize: Int!, $status: OrderStatus) {
    orders(page: $page, pageSize: $pageSize, status: $status) {
      total page pageSize hasMore items { id status }
    }
  }
`;
const SET_STATUS = `
  mutation ($orderId: ID!, $status: OrderStatus!) {
    setOrderStatus(orderId: $orderId, status: $status) { id status }
  }
`;

interface OrderPage {
  orders: {
    total: number;
    hasMore: boolean;
    items: { id: string; status: string }[];
  };
}

/**
 * The admin's order pages and the recovery round take their orders from the order index
 * (server/src/orders/order-index.ts), then read each by `_id`: the same orders, in the same
 * order, as the queries they replace, which the embedded engine answers by reading every order.
 */
describe('the order index: admin pages and recovery without a query on orders', () => {
  // No recovery round but those the tests run, so every query they count is theirs.
  const shop = useTestShop({ env: { ORDER_RECOVERY_INTERVAL_MS: '86400000' }, seed: true });
  let index: OrderIndex;
  let product: { _id: Types.ObjectId; name: string; price: number };

  beforeAll(async () => {
    index = shop.app.get(OrderIndex);
    product = (await shop.connection
      .collection('products')
      .findOne({}, { sort: { quantity: -1 } })) as unknown as typeof product;
  });

  const orders = () => shop.connection.collection('orders');

  /** An order as the shop stores it, written straight into the collection. */
  const storedOrder = (fields: Record<string, unknown>) => ({
    _id: new Types.ObjectId(),
    lines: [{ product: product._id, name: product.name, price: product.price, quantity: 1 }],
    buyer: new Types.ObjectId(shop.shopper.userId),
    payment: {
      success: true,
      provider: 'demo-card',
      reference: 'demo_stored',
      message: null,
      refunded: false,
    },
    total: product.price,
    amountsIn: 'paise',
    address: '5 Park Street, Kolkata 700016',
    status: NOT_PROCESSED,
    checkoutKey: `stored-${randomUUID()}`,
    settled: true,
    followUpPending: false,
    history: [],
    ...fields,
  });

  /** What the admin's list would ask the database for. */
  const settledNewestFirst = async (status?: OrderStatus) =>
    (
      await orders()
        .find({ ...ORDERS_TO_FULFIL, ...(status && { status }) })
        .sort({ createdAt: -1, _id: -1 })
        .project({ _id: 1 })
        .toArray()
    ).map((order) => String(order._id));

  /** What the recovery round used to ask the database for. */
  const staleOldestFirst = async (cutoff: Date) =>
    (
      await orders()
        .find({
          $or: [{ settled: false }, { followUpPending: true }],
          updatedAt: { $lt: cutoff },
        })
        .sort({ updatedAt: 1, _id: 1 })
        .project({ _id: 1 })
        .toArray()
    ).map((order) => String(order._id));

  const checkout = async () => (await placeOrder(shop, shop.shopper, String(product._id)))._id;

  const restPage = async (page: number, status?: OrderStatus): Promise<string[]> => {
    const query = new URLSearchParams({ page: String(page), ...(status && { status }) });
    const response = await shop
      .http()
      .get(`/api/v1/auth/all-orders?${query}`)
      .set(shop.admin.auth)
      .expect(200);
    return response.body.map((order: { _id: string }) => order._id);
  };

  const graphqlPage = async (page: number, pageSize: number, status?: OrderStatus) =>
    (
      await gqlOk<OrderPage>(
        shop,
        ORDERS,
        { page, pageSize, status: status && graphqlName(status) },
        shop.admin,
      )
    ).orders;

  /** Every page of the REST list, one after another, until one comes back short. */
  async function everyRestPage(status?: OrderStatus): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const items = await restPage(page, status);
      ids.push(...items);
      if (items.length < REST_PAGE_SIZE) return ids;
    }
  }

  /** Every page of the GraphQL list; also checks each page's total and hasMore. */
  async function everyGraphqlPage(pageSize: number, status?: OrderStatus): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const { items, total, hasMore } = await graphqlPage(page, pageSize, status);
      ids.push(...items.map((order) => order.id));
      expect(hasMore).toBe(ids.length < total);
      if (!hasMore) {
        expect(ids).toHaveLength(total);
        return ids;
      }
    }
  }

  it('pages settled orders newest first without overlap on both APIs, reading each order by _id', async () => {
    // Three orders to each second, so ties are broken by id as the database sorts them, and
    // orders never settled, which are never listed.
    const start = Date.now() - 3_600_000;
    const stored = Array.from({ length: 45 }, (_, i) => {
      const createdAt = new Date(start + Math.floor(i / 3) * 1000);
      return storedOrder({
        createdAt,
        updatedAt: createdAt,
        status: ORDER_STATUSES[i % ORDER_STATUSES.length],
        ...(i % 9 === 4 && { settled: false, followUpPending: true }),
      });
    });
    await orders().insertMany(stored);
    // Written behind the shop's back: the index reads every order again, as after a gap.
    await index.reload();
    await checkout();
    await checkout();

    const expected = await settledNewestFirst();
    expect(expected.length).toBeGreaterThan(2 * REST_PAGE_SIZE);
    const { operations } = await countQueries(async () => {
      expect(await everyRestPage()).toEqual(expected);
      expect(await everyGraphqlPage(7)).toEqual(expected);
      expect(await everyGraphqlPage(50)).toEqual(expected);
    });
    expect(notByIdOnly(operations, ['orders'])).toEqual([]);
    expect(operations.filter((op) => op.collection === 'orders')).toHaveLength(3 * expected.length);
    expect(new Set(expected).size).toBe(expected.length);
  });

  it('filters by status, and shows a new order and a status change at once', async () => {
    const before = await graphqlPage(1, 50, PROCESSING);
    const id = await checkout();
    expect((await restPage(1))[0]).toBe(id);
    expect((await restPage(1, NOT_PROCESSED))[0]).toBe(id);

    const { operations } = await countQueries(async () => {
      await shop
        .http()
        .put(`/api/v1/auth/order-status/${id}`)
        .set(shop.admin.auth)
        .send({ status: PROCESSING })
        .expect(200);
      const processing = await graphqlPage(1, 50, PROCESSING);
      expect(processing.total).toBe(before.total + 1);
      expect(processing.items[0]).toEqual({ id, status: graphqlName(PROCESSING) });
      expect((await restPage(1, PROCESSING))[0]).toBe(id);
      expect(await everyRestPage(NOT_PROCESSED)).not.toContain(id);
    });
    expect(notByIdOnly(operations, ['orders'])).toEqual([]);

    for (const status of ORDER_STATUSES) {
      const expected = await settledNewestFirst(status);
      expect(await everyGraphqlPage(50, status)).toEqual(expected);
      expect(await everyRestPage(status)).toEqual(expected);
    }
  });

  it('leaves out of every list an order a checkout short of stock deleted', async () => {
    const soldOut = await shop.connection.collection('products').findOne({ quantity: 0 });
    const total = (await graphqlPage(1, 1)).total;
    const refused = await checkoutOf(shop, shop.shopper, [
      { productId: String(soldOut!._id), quantity: 1 },
    ]);
    expect(refused.status).toBe(409);
    expect((await graphqlPage(1, 1)).total).toBe(total);
    expect(index.stale(new Date(Date.now() + 60_000), 1000)).toEqual(
      await staleOldestFirst(new Date(Date.now() + 60_000)),
    );
  });

  it('gives one of two moves of one order at once the order, and lists it under the winner alone', async () => {
    const id = await checkout();
    // The same move twice, so whichever comes second is refused, in either order (a move to
    // another status could follow the first legitimately: Processing, then Cancelled).
    const [rest, graphql] = await Promise.all([
      shop
        .http()
        .put(`/api/v1/auth/order-status/${id}`)
        .set(shop.admin.auth)
        .send({ status: PROCESSING }),
      gql(shop, SET_STATUS, { orderId: id, status: graphqlName(PROCESSING) }, shop.admin),
    ]);
    expect([rest.status === 200, !graphql.errors].sort()).toEqual([false, true]);
    if (rest.status !== 200) expect(rest.status).toBe(409);
    else expect(graphql.errors?.[0].extensions?.code).toBe('CONFLICT');
    const winner = PROCESSING;
    const order = await orders().findOne({ _id: new Types.ObjectId(id) });
    expect(order).toMatchObject({ status: winner, followUpPending: false });
    expect(order!.history).toHaveLength(1);
    for (const status of ORDER_STATUSES) {
      expect((await everyRestPage(status)).includes(id), status).toBe(status === winner);
    }
  });

  it('gives recovery the stale orders, least recently updated first, at most a batch', async () => {
    const now = Date.now();
    const ago = (seconds: number) => new Date(now - seconds * 1000);
    const unsettled = { settled: false, followUpPending: true };
    const written = [
      storedOrder({ createdAt: ago(90), updatedAt: ago(30), ...unsettled }),
      storedOrder({ createdAt: ago(90), updatedAt: ago(40), followUpPending: true }),
      storedOrder({ createdAt: ago(90), updatedAt: ago(20), ...unsettled }),
      // Settled and followed up, and one still being placed: nothing to recover.
      storedOrder({ createdAt: ago(90), updatedAt: ago(50) }),
      storedOrder({ createdAt: ago(1), updatedAt: ago(1), ...unsettled }),
    ];
    await orders().insertMany(written);
    const cutoff = ago(10);
    const ids = written.map((order) => String(order._id));
    // Not announced, so not seen: recovery asks the index, not the database.
    expect(index.stale(cutoff, 1000)).not.toContain(ids[0]);
    for (const id of ids) await index.changed(id);

    const expected = await staleOldestFirst(cutoff);
    expect(expected.filter((id) => ids.includes(id))).toEqual([ids[1], ids[0], ids[2]]);
    expect(index.stale(cutoff, 1000)).toEqual(expected);
    expect(index.stale(cutoff, 2)).toEqual(expected.slice(0, 2));

    const pending = await orders().countDocuments({
      _id: { $in: expected.map((id) => new Types.ObjectId(id)) },
      settled: true,
    });
    let figures: Awaited<ReturnType<OrdersService['recover']>> | undefined;
    const { operations } = await countQueries(async () => {
      figures = await shop.app.get(OrdersService).recover(cutoff);
    });
    expect(figures).toEqual({
      paid: 0,
      failed: expected.length - pending,
      followedUp: pending,
      expired: 0,
    });
    expect(notByIdOnly(operations, ['orders'])).toEqual([]);
    expect(index.stale(cutoff, 1000)).toEqual([]);
    expect(await staleOldestFirst(cutoff)).toEqual([]);
  });
});
