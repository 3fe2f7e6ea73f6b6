import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_STATUSES, OrderStatus } from '../../src/orders/order.schema';
import { ORDER_MAIL_EVENTS } from '../../src/orders/order-mail';
import { PAYMENT_GATEWAY, PaymentGateway } from '../../src/payments';
import {
  Account,
  checkout,
  DECLINED_CARD,
  missingId,
  newProduct,
  newShopper,
  OrderReply,
  placeOrder,
  stockOf,
} from '../support/fixtures';
import { expectRefused, expectRequestRefused, gql, gqlOk } from '../support/gql';
import { Session, useTestShop } from '../support/test-app';
import {
  A_SHIPMENT,
  graphqlName,
  MY_ORDERS as MY_ORDER_LIST,
  OrderPage,
  ORDERS,
  OrderView,
  SET_STATUS as SET_STATUS_IN_FULL,
} from './operations';

const { NOT_PROCESSED, PROCESSING, SHIPPED, DELIVERED, CANCELLED } = ORDER_STATUS;

/** The lifecycle as the issue states it, written out here so the tests check the code. */
const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
  [NOT_PROCESSED]: [PROCESSING, CANCELLED],
  [PROCESSING]: [SHIPPED, CANCELLED],
  [SHIPPED]: [DELIVERED],
  [DELIVERED]: [],
  [CANCELLED]: [],
};
/** How to reach each status from a new order. */
const PATH: Record<OrderStatus, OrderStatus[]> = {
  [NOT_PROCESSED]: [],
  [PROCESSING]: [PROCESSING],
  [SHIPPED]: [PROCESSING, SHIPPED],
  [DELIVERED]: [PROCESSING, SHIPPED, DELIVERED],
  [CANCELLED]: [CANCELLED],
};

const SET_STATUS = `
  mutation ($orderId: ID!, $status: OrderStatus!, $shipment: ShipmentInput) {
    setOrderStatus(orderId: $orderId, status: $status, shipment: $shipment) { id status }
  }
`;
const CANCEL = `mutation ($orderId: ID!) { cancelMyOrder(orderId: $orderId) { id status } }`;
const MY_ORDERS = `{
  myOrders {
    id status nextStatuses buyerMayCancel payment { success refunded }
    history { from to byName at }
  }
}`;

interface StoredOrder {
  status: string;
  followUpPending: boolean;
  history: { from: string; to: string; by: Types.ObjectId; byName: string; at: Date }[];
  total: number;
  updatedAt: Date;
  /** The messages it owes (OrderNotices). */
  notices?: string[];
  payment: {
    success: boolean;
    reference: string | null;
    refunded: boolean;
    refunds: { receipt: string; amount: number; state: string }[];
  };
}

/**
 * The order as a move would change it, leaving out what the refund's webhook updates: the
 * refund's state, the notice of its being processed that the follow-up then owes, and the
 * follow-up's flag, set until that notice is sent.
 */
function withoutRefundsOf(order: StoredOrder) {
  const { updatedAt: _updated, followUpPending: _followUp, payment, notices, ...rest } = order;
  const refundNotice = `${ORDER_MAIL_EVENTS.REFUNDED}:`;
  return {
    ...rest,
    notices: notices?.filter((notice) => !notice.startsWith(refundNotice)),
    payment: { ...payment, refunds: payment.refunds.map(({ state: _s, ...refund }) => refund) },
  };
}

describe('order lifecycle: allowed moves, cancelling, history (REST and GraphQL)', () => {
  const shop = useTestShop({ seed: true });
  let other: Account;
  /** The product every test here buys, with plenty in stock; each test reads its stock first. */
  let productId: string;

  beforeAll(async () => {
    other = await newShopper(shop, { name: 'Kabir Singh' });
    productId = (await newProduct(shop, shop.admin, { quantity: 1000 }))._id;
  });

  const stored = async (id: string) =>
    (await shop.connection
      .collection<StoredOrder>('orders')
      .findOne({ _id: new Types.ObjectId(id) }))!;
  const withoutRefunds = async (id: string) => withoutRefundsOf(await stored(id));
  const holdsOf = async () =>
    ((await shop.connection.collection('products').findOne({ _id: new Types.ObjectId(productId) }))!
      .stockHolds ?? []) as unknown[];

  async function place(quantity = 1, card?: typeof DECLINED_CARD): Promise<string> {
    const response = await checkout(
      shop,
      shop.shopper,
      [{ productId, quantity }],
      card ? { card } : {},
    );
    expect([201, 402]).toContain(response.status);
    return response.body.order._id as string;
  }
  const restMove = (id: string, status: OrderStatus, session: Session | null = shop.admin) => {
    const request = shop.http().put(`/api/v1/auth/order-status/${id}`);
    return (session ? request.set(session.auth) : request).send({ status });
  };
  const restCancel = (id: string, session = shop.shopper) =>
    shop.http().post(`/api/v1/auth/orders/${id}/cancel`).set(session.auth);

  async function orderIn(status: OrderStatus): Promise<string> {
    const id = await place();
    for (const step of PATH[status]) await restMove(id, step).expect(200);
    return id;
  }

  describe('every move the lifecycle forbids is refused with 409 on both APIs', () => {
    for (const from of ORDER_STATUSES) {
      const forbidden = ORDER_STATUSES.filter((to) => !ALLOWED[from].includes(to));
      it(`from ${from}: refuses ${forbidden.join(', ')}`, async () => {
        const id = await orderIn(from);
        const before = await stored(id);
        const stock = await stockOf(shop, productId);
        for (const to of forbidden) {
          const rest = await restMove(id, to).expect(409);
          const allowed = ALLOWED[from];
          expect(rest.body).toEqual({
            success: false,
            message:
              `Cannot move an order from ${from} to ${to}: ` +
              (allowed.length
                ? `allowed from ${from}: ${allowed.join(', ')}`
                : `no moves are allowed from ${from}`),
          });
          const error = expectRefused(
            await gql(shop, SET_STATUS, { orderId: id, status: graphqlName(to) }, shop.admin),
            'CONFLICT',
            'setOrderStatus',
          );
          expect(error.message).toBe(rest.body.message);
        }
        // Its refund (a cancelled order's) may meanwhile be processed by the gateway's webhook.
        expect(await withoutRefunds(id)).toEqual(withoutRefundsOf(before));
        expect(await stockOf(shop, productId)).toBe(stock);
      });
    }
  });

  it('walks an order Not Processed -> Processing -> Shipped -> Delivered, recording each change', async () => {
    const stock = await stockOf(shop, productId);
    const id = await place(2);
    expect(await stockOf(shop, productId)).toBe(stock - 2);
    await restMove(id, PROCESSING).expect(200);
    await gqlOk(
      shop,
      SET_STATUS,
      { orderId: id, status: 'SHIPPED', shipment: A_SHIPMENT },
      shop.admin,
    );
    const delivered = await restMove(id, DELIVERED).expect(200);
    expect(delivered.body.status).toBe(DELIVERED);
    expect(delivered.body.history).toEqual([
      {
        from: NOT_PROCESSED,
        to: PROCESSING,
        by: shop.admin.userId,
        byName: 'Shop Admin',
        at: expect.any(String),
      },
      {
        from: PROCESSING,
        to: SHIPPED,
        by: shop.admin.userId,
        byName: 'Shop Admin',
        at: expect.any(String),
      },
      {
        from: SHIPPED,
        to: DELIVERED,
        by: shop.admin.userId,
        byName: 'Shop Admin',
        at: expect.any(String),
      },
    ]);
    const times = delivered.body.history.map((change: { at: string }) => Date.parse(change.at));
    expect([...times].sort()).toEqual(times);
    // Shipped units are sold for good: stock stays down and the order no longer holds any.
    expect(await stockOf(shop, productId)).toBe(stock - 2);
    expect((await stored(id)).followUpPending).toBe(false);
    expect((await holdsOf()).map(String)).not.toContain(id);
  });

  it('cancelling returns the stock once and refunds through the gateway', async () => {
    const stock = await stockOf(shop, productId);
    const id = await orderIn(PROCESSING);
    expect(await stockOf(shop, productId)).toBe(stock - 1);
    const response = await restMove(id, CANCELLED).expect(200);
    expect(response.body).toMatchObject({ status: CANCELLED, payment: { refunded: true } });
    expect(await stockOf(shop, productId)).toBe(stock);
    const order = await stored(id);
    expect(order.payment.refunds).toMatchObject([{ receipt: `refund-${id}`, amount: order.total }]);
    const refunds = await shop.app
      .get<PaymentGateway>(PAYMENT_GATEWAY)
      .fetchRefunds(order.payment.reference!);
    expect(refunds).toMatchObject([{ receipt: `refund-${id}`, amount: order.total }]);
    await restMove(id, CANCELLED).expect(409);
    await restCancel(id).expect(409);
    expect(await stockOf(shop, productId)).toBe(stock);
  });

  it('restocks exactly once when two cancels race, on the two APIs', async () => {
    const stock = await stockOf(shop, productId);
    const id = await place(3);
    expect(await stockOf(shop, productId)).toBe(stock - 3);
    const [rest, graphql] = await Promise.all([
      restMove(id, CANCELLED),
      gql(shop, CANCEL, { orderId: id }, shop.shopper),
    ]);
    const outcomes = [rest.status === 200, !graphql.errors].sort();
    expect(outcomes).toEqual([false, true]);
    if (rest.status !== 200) expect(rest.status).toBe(409);
    else expect(graphql.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(await stockOf(shop, productId)).toBe(stock);
    const order = await stored(id);
    expect(order.history.map((change) => change.to)).toEqual([CANCELLED]);
    expect(order.payment.refunds).toHaveLength(1);
    const refunds = await shop.app
      .get<PaymentGateway>(PAYMENT_GATEWAY)
      .fetchRefunds(order.payment.reference!);
    expect(refunds).toHaveLength(1);
  });

  describe('the shopper cancelling their own order', () => {
    it('cancels it while Not Processed, on REST, with the shopper named in the history', async () => {
      const stock = await stockOf(shop, productId);
      const id = await place(2);
      const response = await restCancel(id).expect(200);
      expect(response.body).toMatchObject({ _id: id, status: CANCELLED });
      expect(response.body.history).toEqual([
        {
          from: NOT_PROCESSED,
          to: CANCELLED,
          by: shop.shopper.userId,
          byName: 'Priya Sharma',
          at: expect.any(String),
        },
      ]);
      expect(await stockOf(shop, productId)).toBe(stock);
    });

    it('cancels it on GraphQL, which shows the history, the refund and what may come next', async () => {
      const id = await place();
      let { myOrders } = await gqlOk<{ myOrders: Record<string, unknown>[] }>(
        shop,
        MY_ORDERS,
        {},
        shop.shopper,
      );
      expect(myOrders.find((order) => order.id === id)).toMatchObject({
        nextStatuses: ['PROCESSING', 'CANCELLED'],
        buyerMayCancel: true,
        history: [],
      });
      await gqlOk(shop, CANCEL, { orderId: id }, shop.shopper);
      ({ myOrders } = await gqlOk(shop, MY_ORDERS, {}, shop.shopper));
      expect(myOrders.find((order) => order.id === id)).toEqual({
        id,
        status: 'CANCELLED',
        nextStatuses: [],
        buyerMayCancel: false,
        payment: { success: true, refunded: true },
        history: [
          {
            from: 'NOT_PROCESSED',
            to: 'CANCELLED',
            byName: 'Priya Sharma',
            at: expect.any(String),
          },
        ],
      });
    });

    it('refuses once the shop has started on it, naming what is allowed', async () => {
      const id = await orderIn(PROCESSING);
      const stock = await stockOf(shop, productId);
      const response = await restCancel(id).expect(409);
      expect(response.body.message).toBe(
        'Cannot move an order from Processing to Cancelled: no moves are allowed from Processing',
      );
      expectRefused(
        await gql(shop, CANCEL, { orderId: id }, shop.shopper),
        'CONFLICT',
        'cancelMyOrder',
      );
      expect((await stored(id)).status).toBe(PROCESSING);
      expect(await stockOf(shop, productId)).toBe(stock);
    });

    it("answers 404 for another shopper's order and 401 without a token", async () => {
      const id = await place();
      const response = await restCancel(id, other).expect(404);
      expect(response.body).toEqual({ success: false, message: 'Order not found' });
      expectRefused(await gql(shop, CANCEL, { orderId: id }, other), 'NOT_FOUND', 'cancelMyOrder');
      await shop.http().post(`/api/v1/auth/orders/${id}/cancel`).expect(401);
      await restCancel('not-an-id').expect(400);
      expect((await stored(id)).status).toBe(NOT_PROCESSED);
    });

    it('refuses to move an unpaid order at all', async () => {
      const stock = await stockOf(shop, productId);
      const id = await place(1, DECLINED_CARD);
      // Held for another attempt to pay, until the order expires.
      expect(await stockOf(shop, productId)).toBe(stock - 1);
      const response = await restCancel(id).expect(409);
      expect(response.body.message).toBe(
        'Cannot move an order from Not Processed to Cancelled: an unpaid order keeps its status',
      );
      await restMove(id, PROCESSING).expect(409);
      expect(await stockOf(shop, productId)).toBe(stock - 1);
    });
  });
  describe('REST: PUT /api/v1/auth/order-status/:orderId', () => {
    const myOrders = async (session: Session): Promise<OrderReply[]> =>
      (await shop.http().get('/api/v1/auth/orders').set(session.auth).expect(200)).body;
    const listed = async (status: string): Promise<string[]> =>
      (
        await shop
          .http()
          .get(`/api/v1/auth/all-orders?status=${encodeURIComponent(status)}`)
          .set(shop.admin.auth)
          .expect(200)
      ).body.map((order: OrderReply) => order._id);

    it("answers 401 without a token and 403 to the shopper, even for the shopper's own order", async () => {
      const id = await place();
      await restMove(id, SHIPPED, null).expect(401);
      await restMove(id, SHIPPED, shop.shopper).expect(403);
      const order = (await myOrders(shop.shopper)).find((o) => o._id === id)!;
      expect(order.status).toBe(NOT_PROCESSED);
    });

    it('lets the admin mark an order Processing, then Shipped', async () => {
      const id = await place();
      await restMove(id, PROCESSING).expect(200);
      const response = await restMove(id, SHIPPED).expect(200);
      expect(response.body).toMatchObject({
        _id: id,
        status: SHIPPED,
        buyer: { _id: shop.shopper.userId, name: 'Priya Sharma' },
      });
    });

    it('refuses a status that does not exist with 400, and an unknown order with 404', async () => {
      const id = await place();
      const bad = await restMove(id, 'Lost' as OrderStatus).expect(400);
      expect(bad.body).toEqual({ success: false, message: expect.any(String) });
      const move = (body: object) =>
        shop.http().put(`/api/v1/auth/order-status/${id}`).set(shop.admin.auth).send(body);
      await move({}).expect(400);
      await move({ status: { $ne: null } }).expect(400);
      const unknown = await restMove(missingId(), SHIPPED).expect(404);
      expect(unknown.body).toEqual({ success: false, message: 'Order not found' });
      await restMove('not-an-id', SHIPPED).expect(400);
    });

    it('shows the buyer the new status', async () => {
      const buyer = await newShopper(shop);
      const moved = await placeOrder(shop, buyer, productId);
      const waiting = await placeOrder(shop, buyer, productId);
      await restMove(moved._id, PROCESSING).expect(200);
      await restMove(moved._id, SHIPPED).expect(200);
      const orders = await myOrders(buyer);
      expect(orders.find((order) => order._id === moved._id)?.status).toBe(SHIPPED);
      expect(orders.find((order) => order._id === waiting._id)?.status).toBe(NOT_PROCESSED);
    });

    it('lists the order under its new status only', async () => {
      const moved = await place();
      const waiting = await place();
      await restMove(moved, PROCESSING).expect(200);
      await restMove(moved, SHIPPED).expect(200);
      expect(await listed(SHIPPED)).toContain(moved);
      const waitingIds = await listed(NOT_PROCESSED);
      expect(waitingIds).not.toContain(moved);
      expect(waitingIds).toContain(waiting);
    });
  });

  describe('GraphQL: setOrderStatus (admins only)', () => {
    const storedStatus = async (orderId: string) =>
      (await shop.connection.collection('orders').findOne({ _id: new Types.ObjectId(orderId) }))
        ?.status;

    it('refuses no token with UNAUTHENTICATED and the shopper with FORBIDDEN', async () => {
      const orderId = await place();
      const variables = { orderId, status: 'CANCELLED' };
      expectRefused(
        await gql(shop, SET_STATUS_IN_FULL, variables),
        'UNAUTHENTICATED',
        'setOrderStatus',
      );
      expectRefused(
        await gql(shop, SET_STATUS_IN_FULL, variables, shop.shopper),
        'FORBIDDEN',
        'setOrderStatus',
      );
      expect(await storedStatus(orderId)).toBe(NOT_PROCESSED);
    });

    it('sets the status, which the lists then filter by', async () => {
      const orderId = await place();
      const shippedBefore = await gqlOk<OrderPage>(shop, ORDERS, { status: 'SHIPPED' }, shop.admin);
      await gqlOk(shop, SET_STATUS_IN_FULL, { orderId, status: 'PROCESSING' }, shop.admin);
      const { setOrderStatus } = await gqlOk<{ setOrderStatus: OrderView }>(
        shop,
        SET_STATUS_IN_FULL,
        { orderId, status: 'SHIPPED', shipment: A_SHIPMENT },
        shop.admin,
      );
      expect(setOrderStatus).toMatchObject({ id: orderId, status: 'SHIPPED' });
      expect(await storedStatus(orderId)).toBe(SHIPPED);

      const shipped = await gqlOk<OrderPage>(
        shop,
        ORDERS,
        { status: 'SHIPPED', pageSize: 50 },
        shop.admin,
      );
      expect(shipped.orders.total).toBe(shippedBefore.orders.total + 1);
      expect(shipped.orders.items.map((order) => order.id)).toContain(orderId);
      for (const order of shipped.orders.items) expect(order.status).toBe('SHIPPED');
      const waiting = await gqlOk<OrderPage>(
        shop,
        ORDERS,
        { status: 'NOT_PROCESSED', pageSize: 50 },
        shop.admin,
      );
      expect(waiting.orders.items.map((order) => order.id)).not.toContain(orderId);

      const { myOrders } = await gqlOk<{ myOrders: OrderView[] }>(
        shop,
        MY_ORDER_LIST,
        {},
        shop.shopper,
      );
      expect(myOrders.find((order) => order.id === orderId)?.status).toBe('SHIPPED');
    });

    it('refuses an unknown order with NOT_FOUND and an invalid id with BAD_USER_INPUT', async () => {
      const orderId = await place();
      const error = expectRefused(
        await gql(
          shop,
          SET_STATUS_IN_FULL,
          { orderId: missingId(), status: 'DELIVERED' },
          shop.admin,
        ),
        'NOT_FOUND',
        'setOrderStatus',
      );
      expect(error.message).toBe('Order not found');
      expectRefused(
        await gql(
          shop,
          SET_STATUS_IN_FULL,
          { orderId: 'order-1', status: 'DELIVERED' },
          shop.admin,
        ),
        'BAD_USER_INPUT',
        'setOrderStatus',
      );
      expect(await storedStatus(orderId)).toBe(NOT_PROCESSED);
    });

    it('refuses a status that is not one before running anything', async () => {
      const orderId = await place();
      expectRequestRefused(
        await gql(shop, SET_STATUS_IN_FULL, { orderId, status: 'Delivered' }, shop.admin),
        'BAD_USER_INPUT',
      );
      expect(await storedStatus(orderId)).toBe(NOT_PROCESSED);
    });
  });
});
