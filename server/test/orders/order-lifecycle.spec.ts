import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_STATUSES, OrderStatus } from '../../src/orders/order.schema';
import { APPROVED_CARD, DECLINED_CARD, stockOf } from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { login, seeded, Session, startTestApp, TestApp } from '../support/test-app';

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
const graphqlName = (status: OrderStatus) => status.toUpperCase().replace(' ', '_');

const SET_STATUS = `
  mutation ($orderId: ID!, $status: OrderStatus!) {
    setOrderStatus(orderId: $orderId, status: $status) { id status }
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
  payment: { success: boolean; reference: string | null; refunded: boolean };
}

describe('order lifecycle: allowed moves, cancelling, history (REST and GraphQL)', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;
  let other: Session;
  let productId: string;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
    await test
      .http()
      .post('/api/v1/auth/register')
      .send({
        name: 'Kabir Singh',
        email: 'kabir@example.in',
        password: 'secret-123',
        phone: '+91 99887 76655',
        address: '3 Residency Road, Bengaluru',
        answer: 'hockey',
      })
      .expect(201);
    other = await login(test, 'kabir@example.in', 'secret-123');
    const row = await test.connection
      .collection('products')
      .findOne({}, { sort: { quantity: -1 } });
    productId = String(row!._id);
  });
  afterAll(() => test.close());

  const stored = async (id: string) =>
    (await test.connection
      .collection<StoredOrder>('orders')
      .findOne({ _id: new Types.ObjectId(id) }))!;
  const holdsOf = async () =>
    ((await test.connection.collection('products').findOne({ _id: new Types.ObjectId(productId) }))!
      .stockHolds ?? []) as unknown[];

  async function place(quantity = 1, card = APPROVED_CARD): Promise<string> {
    const response = await test
      .http()
      .post('/api/v1/product/checkout')
      .set(shopper.auth)
      .send({ lines: [{ productId, quantity }], card, idempotencyKey: randomUUID() });
    expect([201, 402]).toContain(response.status);
    return response.body.order._id as string;
  }
  const restMove = (id: string, status: OrderStatus, session = admin) =>
    test.http().put(`/api/v1/auth/order-status/${id}`).set(session.auth).send({ status });
  const restCancel = (id: string, session = shopper) =>
    test.http().post(`/api/v1/auth/orders/${id}/cancel`).set(session.auth);

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
        const stock = await stockOf(test, productId);
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
            await gql(test, SET_STATUS, { orderId: id, status: graphqlName(to) }, admin),
            'CONFLICT',
            'setOrderStatus',
          );
          expect(error.message).toBe(rest.body.message);
        }
        expect(await stored(id)).toEqual(before);
        expect(await stockOf(test, productId)).toBe(stock);
      });
    }
  });

  it('walks an order Not Processed -> Processing -> Shipped -> Delivered, recording each change', async () => {
    const stock = await stockOf(test, productId);
    const id = await place(2);
    expect(await stockOf(test, productId)).toBe(stock - 2);
    await restMove(id, PROCESSING).expect(200);
    await gqlOk(test, SET_STATUS, { orderId: id, status: 'SHIPPED' }, admin);
    const delivered = await restMove(id, DELIVERED).expect(200);
    expect(delivered.body.status).toBe(DELIVERED);
    expect(delivered.body.history).toEqual([
      {
        from: NOT_PROCESSED,
        to: PROCESSING,
        by: admin.userId,
        byName: 'Shop Admin',
        at: expect.any(String),
      },
      {
        from: PROCESSING,
        to: SHIPPED,
        by: admin.userId,
        byName: 'Shop Admin',
        at: expect.any(String),
      },
      {
        from: SHIPPED,
        to: DELIVERED,
        by: admin.userId,
        byName: 'Shop Admin',
        at: expect.any(String),
      },
    ]);
    const times = delivered.body.history.map((change: { at: string }) => Date.parse(change.at));
    expect([...times].sort()).toEqual(times);
    // Shipped units are sold for good: stock stays down and the order no longer holds any.
    expect(await stockOf(test, productId)).toBe(stock - 2);
    expect((await stored(id)).followUpPending).toBe(false);
    expect((await holdsOf()).map(String)).not.toContain(id);
  });

  it('cancelling returns the stock once and refunds through the provider', async () => {
    const stock = await stockOf(test, productId);
    const id = await orderIn(PROCESSING);
    expect(await stockOf(test, productId)).toBe(stock - 1);
    const response = await restMove(id, CANCELLED).expect(200);
    expect(response.body).toMatchObject({ status: CANCELLED, payment: { refunded: true } });
    expect(await stockOf(test, productId)).toBe(stock);
    const order = await stored(id);
    const charge = await test.connection
      .collection('demo_card_charges')
      .findOne({ reference: order.payment.reference });
    expect(charge!.refunds).toEqual([
      { idempotencyKey: `refund-${id}`, amount: charge!.amount, at: expect.any(Date) },
    ]);
    await restMove(id, CANCELLED).expect(409);
    await restCancel(id).expect(409);
    expect(await stockOf(test, productId)).toBe(stock);
  });

  it('restocks exactly once when two cancels race, on the two APIs', async () => {
    const stock = await stockOf(test, productId);
    const id = await place(3);
    expect(await stockOf(test, productId)).toBe(stock - 3);
    const [rest, graphql] = await Promise.all([
      restMove(id, CANCELLED),
      gql(test, CANCEL, { orderId: id }, shopper),
    ]);
    const outcomes = [rest.status === 200, !graphql.errors].sort();
    expect(outcomes).toEqual([false, true]);
    if (rest.status !== 200) expect(rest.status).toBe(409);
    else expect(graphql.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(await stockOf(test, productId)).toBe(stock);
    const order = await stored(id);
    expect(order.history.map((change) => change.to)).toEqual([CANCELLED]);
    const charge = await test.connection
      .collection('demo_card_charges')
      .findOne({ reference: order.payment.reference });
    expect(charge!.refunds).toHaveLength(1);
  });

  describe('the shopper cancelling their own order', () => {
    it('cancels it while Not Processed, on REST, with the shopper named in the history', async () => {
      const stock = await stockOf(test, productId);
      const id = await place(2);
      const response = await restCancel(id).expect(200);
      expect(response.body).toMatchObject({ _id: id, status: CANCELLED });
      expect(response.body.history).toEqual([
        {
          from: NOT_PROCESSED,
          to: CANCELLED,
          by: shopper.userId,
          byName: 'Priya Sharma',
          at: expect.any(String),
        },
      ]);
      expect(await stockOf(test, productId)).toBe(stock);
    });

    it('cancels it on GraphQL, which shows the history, the refund and what may come next', async () => {
      const id = await place();
      let { myOrders } = await gqlOk<{ myOrders: Record<string, unknown>[] }>(
        test,
        MY_ORDERS,
        {},
        shopper,
      );
      expect(myOrders.find((order) => order.id === id)).toMatchObject({
        nextStatuses: ['PROCESSING', 'CANCELLED'],
        buyerMayCancel: true,
        history: [],
      });
      await gqlOk(test, CANCEL, { orderId: id }, shopper);
      ({ myOrders } = await gqlOk(test, MY_ORDERS, {}, shopper));
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
      const stock = await stockOf(test, productId);
      const response = await restCancel(id).expect(409);
      expect(response.body.message).toBe(
        'Cannot move an order from Processing to Cancelled: no moves are allowed from Processing',
      );
      expectRefused(await gql(test, CANCEL, { orderId: id }, shopper), 'CONFLICT', 'cancelMyOrder');
      expect((await stored(id)).status).toBe(PROCESSING);
      expect(await stockOf(test, productId)).toBe(stock);
    });

    it("answers 404 for another shopper's order and 401 without a token", async () => {
      const id = await place();
      const response = await restCancel(id, other).expect(404);
      expect(response.body).toEqual({ success: false, message: 'Order not found' });
      expectRefused(await gql(test, CANCEL, { orderId: id }, other), 'NOT_FOUND', 'cancelMyOrder');
      await test.http().post(`/api/v1/auth/orders/${id}/cancel`).expect(401);
      await restCancel('not-an-id').expect(400);
      expect((await stored(id)).status).toBe(NOT_PROCESSED);
    });

    it('refuses to move an unpaid order at all', async () => {
      const stock = await stockOf(test, productId);
      const id = await place(1, DECLINED_CARD);
      expect(await stockOf(test, productId)).toBe(stock);
      const response = await restCancel(id).expect(409);
      expect(response.body.message).toBe(
        'Cannot move an order from Not Processed to Cancelled: an unpaid order keeps its status',
      );
      await restMove(id, PROCESSING).expect(409);
      expect(await stockOf(test, productId)).toBe(stock);
    });
  });
});
