import { Types } from 'mongoose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderIndex, OrdersService } from '../../src/orders';
import { gatewayControl, gatewayPayment } from '../support/demo-gateway';
import {
  checkout,
  expectError,
  newCategory,
  newProduct,
  newShopper,
  stockOf,
} from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import type { Session } from '../support/test-app';
import { setPayments } from '../payments/operations';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETURN_FIELDS = `
  id number status total amountDue amountPaid refundedAmount
  lines { name price quantity cancelled }
  lineCancels { line quantity amount byName }
  returns { number state reason note amount lines { line quantity } }
  returnOffer { until lines { line units } }
  payment { state refunds { amount state reference } }
`;

interface Refund {
  receipt: string;
  amount: number;
  state: string;
  reference: string | null;
}

/**
 * Money going back after an order is placed, on both APIs: the admin cancels units of a line
 * before shipping (a partial refund), never refunding more than was paid however often it is
 * asked; a buyer returns items of a delivered order within the return window, the admin approves
 * or refuses and receives them, and they are restocked and refunded (a cash order, by the
 * transfer the admin made). Asked after the window, twice for a line or of an item the shop does
 * not take back, a return is refused and changes nothing.
 */
describe('partial refunds and returns', () => {
  const shop = useTestShop({ seed: true });
  let kurta: string;
  let scarf: string;
  let buyer: Session;

  beforeEach(async () => {
    await setPayments(shop);
    await shop
      .http()
      .put('/api/v1/settings/returns')
      .set(shop.admin.auth)
      .send({ windowDays: 7, nonReturnableCategories: [], nonReturnableProducts: [] })
      .expect(200);
    kurta = (await newProduct(shop, shop.admin, { quantity: 100, price: 500 }))._id;
    scarf = (await newProduct(shop, shop.admin, { quantity: 100, price: 300 }))._id;
    buyer = await newShopper(shop);
  });
  afterEach(() => gatewayControl(shop, { reset: true }));

  const stored = async (id: string) =>
    (await shop.connection.collection('orders').findOne({ _id: new Types.ObjectId(id) }))!;
  const refundsOf = async (id: string) => (await stored(id)).payment.refunds as Refund[];
  const refundedOf = async (id: string) =>
    (await refundsOf(id)).reduce((sum, refund) => sum + refund.amount, 0);
  /** 2 kurtas and 3 scarves paid by card: Rs 1,900, shipping free. */
  const paidOrder = async (session = buyer) =>
    (
      await checkout(shop, session, [
        { productId: kurta, quantity: 2 },
        { productId: scarf, quantity: 3 },
      ]).expect(201)
    ).body.order as { _id: string; number: string; total: number };
  const cashOrder = async () =>
    (
      await checkout(
        shop,
        buyer,
        [
          { productId: kurta, quantity: 2 },
          { productId: scarf, quantity: 3 },
        ],
        { method: 'cod', deliveryPin: '800001' },
      ).expect(201)
    ).body.order as { _id: string; number: string; total: number };
  const move = (orderId: string, status: string) =>
    shop.http().put(`/api/v1/auth/order-status/${orderId}`).set(shop.admin.auth).send({ status });
  const deliver = async (orderId: string) => {
    for (const status of ['Processing', 'Shipped', 'Delivered']) {
      await move(orderId, status).expect(200);
    }
  };
  const cancelLine = (orderId: string, line: number, body: object = {}) =>
    shop
      .http()
      .post(`/api/v1/auth/order-lines/${orderId}/${line}/cancel`)
      .set(shop.admin.auth)
      .send(body);
  const askReturn = (number: string, body: object, session = buyer) =>
    shop.http().post(`/api/v1/auth/orders/${number}/returns`).set(session.auth).send(body);
  const decide = (orderId: string, returnNumber: number, body: object) =>
    shop
      .http()
      .put(`/api/v1/auth/order-returns/${orderId}/${returnNumber}`)
      .set(shop.admin.auth)
      .send(body);
  const receive = (orderId: string, returnNumber: number, body: object = {}) =>
    shop
      .http()
      .post(`/api/v1/auth/order-returns/${orderId}/${returnNumber}/receive`)
      .set(shop.admin.auth)
      .send(body);
  const orderView = async (number: string, session: Session = buyer) =>
    (
      await gqlOk<{ order: Record<string, unknown> & { returnOffer: unknown } }>(
        shop,
        `query ($number: String!) { order(number: $number) { ${RETURN_FIELDS} } }`,
        { number },
        session,
      )
    ).order;

  describe('the admin cancels units of a line before shipping', () => {
    it('REST: puts them back on sale and refunds their price through the gateway, processed by webhook', async () => {
      const order = await paidOrder();
      const cancelled = (await cancelLine(order._id, 1, { quantity: 1 }).expect(200)).body;
      expect(cancelled.lines[1]).toMatchObject({ quantity: 3, cancelled: 1 });
      expect(cancelled.lineCancels).toMatchObject([{ line: 1, quantity: 1, amount: 300 }]);
      expect(cancelled.refundedAmount).toBe(300);
      expect(await stockOf(shop, scarf)).toBe(98);
      expect(await refundsOf(order._id)).toMatchObject([
        { amount: 30000, receipt: `cancel-${order._id}-1-1` },
      ]);
      await expect
        .poll(async () => (await refundsOf(order._id))[0].state, { timeout: 10_000 })
        .toBe('processed');
      // The order still ships its other units; its total is what was paid.
      expect(cancelled.total).toBe(1900);
      expect(cancelled.status).toBe('Not Processed');
    });

    it('GraphQL: cancels the rest of a line; refuses the last units, a shipped order, and more units than are left', async () => {
      const order = await paidOrder();
      const CANCEL = `mutation ($orderId: ID!, $line: Int!, $input: CancelOrderLineInput) {
        cancelOrderLine(orderId: $orderId, line: $line, input: $input) { ${RETURN_FIELDS} }
      }`;
      const whole = await gqlOk<{ cancelOrderLine: { lines: { cancelled: number }[] } }>(
        shop,
        CANCEL,
        { orderId: order._id, line: 0 },
        shop.admin,
      );
      expect(whole.cancelOrderLine.lines.map((line) => line.cancelled)).toEqual([2, 0]);
      expect(await stockOf(shop, kurta)).toBe(100);
      const tooMany = await gql(
        shop,
        CANCEL,
        { orderId: order._id, line: 1, input: { quantity: 4 } },
        shop.admin,
      );
      expect(expectRefused(tooMany, 'BAD_USER_INPUT', 'cancelOrderLine').message).toMatch(
        /^quantity: give a whole number of units from 1 to 3/,
      );
      const last = await gql(shop, CANCEL, { orderId: order._id, line: 1 }, shop.admin);
      expect(expectRefused(last, 'BAD_USER_INPUT', 'cancelOrderLine').message).toMatch(
        /^quantity: .*cancel the order instead/,
      );
      expectError(await cancelLine(order._id, 7), 400, /^line: the order has no line 7/);
      // Only for admins.
      expectRefused(
        await gql(shop, CANCEL, { orderId: order._id, line: 1, input: { quantity: 1 } }, buyer),
        'FORBIDDEN',
      );
      await move(order._id, 'Processing').expect(200);
      await move(order._id, 'Shipped').expect(200);
      expectError(await cancelLine(order._id, 1, { quantity: 1 }), 409, /before it is shipped/);
      expect(await refundedOf(order._id)).toBe(100000);
    });

    it('never refunds more than was paid: units cancelled, then the order, add up to its total once, however often followed up', async () => {
      const order = await paidOrder();
      await cancelLine(order._id, 0, { quantity: 1 }).expect(200);
      await cancelLine(order._id, 1, { quantity: 2 }).expect(200);
      await shop.http().post(`/api/v1/auth/orders/${order._id}/cancel`).set(buyer.auth).expect(200);
      expect(await refundedOf(order._id)).toBe(190000);
      expect((await refundsOf(order._id)).map((refund) => refund.amount)).toEqual([
        50000, 60000, 80000,
      ]);
      expect(await stockOf(shop, kurta)).toBe(100);
      expect(await stockOf(shop, scarf)).toBe(100);
      // The gateway's webhooks settle the refunds first: the shop writes the order then, and a
      // write of the test's own beside it could be lost on the embedded engine.
      await expect
        .poll(async () => (await refundsOf(order._id)).map((refund) => refund.state), {
          timeout: 10_000,
        })
        .toEqual(['processed', 'processed', 'processed']);
      // As after a crash between putting the first cancel's units back and marking it so on the
      // order: the product still names its receipt, the order says not restocked, follow-up pending.
      const [firstCancel] = (await stored(order._id)).lineCancels as { receipt: string }[];
      await shop.connection
        .collection('products')
        .updateOne(
          { _id: new Types.ObjectId(kurta) },
          { $push: { stockReceipts: firstCancel.receipt } as never },
        );
      await shop.connection
        .collection('orders')
        .updateOne(
          { _id: new Types.ObjectId(order._id) },
          { $set: { followUpPending: true, 'lineCancels.0.restocked': false } },
        );
      await shop.app.get(OrderIndex).changed(order._id);
      await shop.app.get(OrdersService).recover(new Date(Date.now() + 60_000));
      expect(await refundedOf(order._id)).toBe(190000);
      expect(await stockOf(shop, kurta)).toBe(100);
      const followed = await stored(order._id);
      expect(followed).toMatchObject({
        followUpPending: false,
        lineCancels: [{ restocked: true }, {}],
      });
      const product = await shop.connection
        .collection('products')
        .findOne({ _id: new Types.ObjectId(kurta) });
      expect(product!.stockReceipts ?? []).toEqual([]);
      const refunds = await refundsOf(order._id);
      const payment = await gatewayPayment(shop, (await stored(order._id)).payment.reference);
      expect(payment.status).toBe('refunded');
      expect(refunds).toHaveLength(3);
    });

    it('an order stored before items could be cancelled or returned reads, and changes, as any other', async () => {
      const order = await paidOrder();
      await shop.connection.collection('orders').updateOne(
        { _id: new Types.ObjectId(order._id) },
        {
          $unset: {
            'lines.0.cancelled': '',
            'lines.1.cancelled': '',
            lineCancels: '',
            returns: '',
          },
        },
      );
      await shop.app.get(OrderIndex).changed(order._id);
      const before = await orderView(order.number);
      expect(before).toMatchObject({ lineCancels: [], returns: [], refundedAmount: 0 });
      expect((before.lines as { cancelled: number }[]).map((line) => line.cancelled)).toEqual([
        0, 0,
      ]);
      const rest = await shop.http().get(`/api/v1/auth/orders/${order.number}`).set(buyer.auth);
      expect(rest.body).toMatchObject({ lineCancels: [], returns: [], amountDue: 0 });
      await cancelLine(order._id, 0, { quantity: 1 }).expect(200);
      await deliver(order._id);
      await askReturn(order.number, {
        lines: [{ line: 1, quantity: 1 }],
        reason: 'Wrong size',
      }).expect(201);
      expect(await refundedOf(order._id)).toBe(50000);
    });

    it('cancels each unit once when ten admins cancel one unit of a line at once', async () => {
      const order = await paidOrder();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => cancelLine(order._id, 1, { quantity: 1 })),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      // Three units to cancel, and the kurtas stay: three cancels, every other refused.
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.filter((status) => status >= 400 && status < 500)).toHaveLength(7);
      expect((await stored(order._id)).lines[1].cancelled).toBe(3);
      expect(await refundedOf(order._id)).toBe(90000);
      expect(await stockOf(shop, scarf)).toBe(100);
      expect(await stockOf(shop, kurta)).toBe(98);
    });

    it('a cash order: the units go back on sale, nothing is refunded, and the buyer pays less at the door', async () => {
      const order = await cashOrder();
      const cancelled = (await cancelLine(order._id, 1, { quantity: 3 }).expect(200)).body;
      expect(cancelled.amountDue).toBe(1000);
      expect(cancelled.payment.refunds).toEqual([]);
      expect(await stockOf(shop, scarf)).toBe(100);
      await deliver(order._id);
      // Collected: what the courier took is the total less the cancelled scarves.
      expect(await orderView(order.number)).toMatchObject({ amountDue: 0, amountPaid: 1000 });
      expect(await stockOf(shop, kurta)).toBe(98);
    });
  });

  describe('returns', () => {
    it('a return asked (REST), approved (GraphQL), received: restocked and refunded through the gateway', async () => {
      const order = await paidOrder();
      await deliver(order._id);
      const offered = await orderView(order.number);
      expect(offered.returnOffer).toMatchObject({
        lines: [
          { line: 0, units: 2 },
          { line: 1, units: 3 },
        ],
      });
      const asked = (
        await askReturn(order.number, {
          lines: [{ line: 0, quantity: 1 }],
          reason: 'Too small across the shoulders',
        }).expect(201)
      ).body;
      expect(asked.returns).toMatchObject([
        { number: 1, state: 'requested', amount: 500, lines: [{ line: 0, quantity: 1 }] },
      ]);
      expect(asked.refundedAmount).toBe(0);
      const { decideReturn } = await gqlOk<{ decideReturn: { returns: { state: string }[] } }>(
        shop,
        `mutation ($orderId: ID!) {
          decideReturn(orderId: $orderId, returnNumber: 1, approve: true, note: "Pack it with its tags") {
            returns { state note }
          }
        }`,
        { orderId: order._id },
        shop.admin,
      );
      expect(decideReturn.returns).toEqual([{ state: 'APPROVED', note: 'Pack it with its tags' }]);
      // Approved is not received: nothing back yet.
      expect(await stockOf(shop, kurta)).toBe(98);
      const received = (await receive(order._id, 1).expect(200)).body;
      expect(received.returns[0].state).toBe('received');
      expect(received.refundedAmount).toBe(500);
      expect(await stockOf(shop, kurta)).toBe(99);
      expect(await refundsOf(order._id)).toMatchObject([
        { amount: 50000, receipt: `return-${order._id}-1` },
      ]);
      await expect
        .poll(async () => (await refundsOf(order._id))[0].state, { timeout: 10_000 })
        .toBe('processed');
      // Received twice: refused, nothing more.
      expectError(await receive(order._id, 1), 409, /Only an approved return/);
      expect(await stockOf(shop, kurta)).toBe(99);
      // What is left may still be returned.
      expect((await orderView(order.number)).returnOffer).toMatchObject({
        lines: [
          { line: 0, units: 1 },
          { line: 1, units: 3 },
        ],
      });
    });

    it('GraphQL: a refused return gives its units back to the offer, with the shop’s note', async () => {
      const order = await paidOrder();
      await deliver(order._id);
      await gqlOk(
        shop,
        `mutation ($number: String!, $input: ReturnRequestInput!) {
          requestReturn(number: $number, input: $input) { id }
        }`,
        {
          number: order.number,
          input: { lines: [{ line: 1, quantity: 3 }], reason: 'Colour fades' },
        },
        buyer,
      );
      expect((await orderView(order.number)).returnOffer).toMatchObject({
        lines: [{ line: 0, units: 2 }],
      });
      await decide(order._id, 1, { decision: 'refuse', note: 'Worn and washed' }).expect(200);
      const view = await orderView(order.number);
      expect(view.returns).toMatchObject([{ state: 'REFUSED', note: 'Worn and washed' }]);
      expect(view.returnOffer).toMatchObject({
        lines: [
          { line: 0, units: 2 },
          { line: 1, units: 3 },
        ],
      });
      expectError(await decide(order._id, 1, { decision: 'approve' }), 409, /decided already/);
      expectError(await receive(order._id, 1), 409, /Only an approved return/);
      expect(await refundsOf(order._id)).toEqual([]);
    });

    it('a cash order: received with the reference of the transfer the shop made, recorded as refunded', async () => {
      const order = await cashOrder();
      await deliver(order._id);
      await askReturn(order.number, {
        lines: [{ line: 1, quantity: 2 }],
        reason: 'Two were the wrong colour',
      }).expect(201);
      await decide(order._id, 1, { decision: 'approve' }).expect(200);
      expectError(await receive(order._id, 1), 400, /^refundReference: a cash order/);
      expectError(
        await receive(order._id, 1, { refundReference: 'x' }),
        400,
        /^refundReference: the bank or UPI/,
      );
      const received = (
        await receive(order._id, 1, { refundReference: 'UPI 412345678901' }).expect(200)
      ).body;
      expect(received.payment.refunds).toMatchObject([
        { amount: 600, state: 'processed', reference: 'UPI 412345678901' },
      ]);
      expect(await stockOf(shop, scarf)).toBe(99);
      // A prepaid order is refunded by the gateway: a reference is refused.
      const paid = await paidOrder();
      await deliver(paid._id);
      await askReturn(paid.number, { lines: [{ line: 0, quantity: 1 }], reason: 'Not as shown' });
      await decide(paid._id, 1, { decision: 'approve' }).expect(200);
      expectError(
        await receive(paid._id, 1, { refundReference: 'UPI 412345678901' }),
        400,
        /^refundReference: a prepaid order/,
      );
    });

    it('refuses a return asked twice for the same units, or one line twice, changing nothing', async () => {
      const order = await paidOrder();
      await deliver(order._id);
      await askReturn(order.number, {
        lines: [{ line: 0, quantity: 2 }],
        reason: 'Both torn at the seam',
      }).expect(201);
      expectError(
        await askReturn(order.number, { lines: [{ line: 0, quantity: 1 }], reason: 'Torn again' }),
        400,
        /^lines\[0\]\.quantity: every unit of this line is already returned or being returned/,
      );
      expectError(
        await askReturn(order.number, {
          lines: [
            { line: 1, quantity: 1 },
            { line: 1, quantity: 1 },
          ],
          reason: 'Counted twice',
        }),
        400,
        /^lines\[1\]\.line: each line once/,
      );
      // Two at once for the last units of a line: one is taken.
      const [first, second] = await Promise.all([
        askReturn(order.number, { lines: [{ line: 1, quantity: 3 }], reason: 'Changed my mind' }),
        askReturn(order.number, { lines: [{ line: 1, quantity: 3 }], reason: 'Changed my mind' }),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 400]);
      expect((await stored(order._id)).returns).toHaveLength(2);
    });

    it('refuses a return after the window, before delivery, of an item the shop does not take back, without a reason, or of another shopper', async () => {
      const order = await paidOrder();
      const early = await askReturn(order.number, {
        lines: [{ line: 0, quantity: 1 }],
        reason: 'Not delivered yet',
      });
      expectError(early, 409, /Only a delivered order/);
      await deliver(order._id);
      expectError(
        await askReturn(order.number, { lines: [{ line: 0, quantity: 1 }], reason: 'no' }),
        400,
        /^reason:/,
      );
      expectError(
        await askReturn(order.number, { lines: [], reason: 'Nothing at all' }),
        400,
        /^lines:/,
      );
      expectError(
        await askReturn(order.number, {
          lines: [{ line: 9, quantity: 1 }],
          reason: 'No such line',
        }),
        400,
        /^lines\[0\]\.line: the order has no such line/,
      );
      const stranger = await newShopper(shop);
      expectError(
        await askReturn(
          order.number,
          { lines: [{ line: 0, quantity: 1 }], reason: 'Not mine' },
          stranger,
        ),
        404,
      );
      // The shop does not take scarves back.
      await shop
        .http()
        .put('/api/v1/settings/returns')
        .set(shop.admin.auth)
        .send({ nonReturnableProducts: [scarf] })
        .expect(200);
      expectError(
        await askReturn(order.number, { lines: [{ line: 1, quantity: 1 }], reason: 'Too thin' }),
        400,
        /^lines\[0\]\.line: .* cannot be returned/,
      );
      expect((await orderView(order.number)).returnOffer).toMatchObject({
        lines: [{ line: 0, units: 2 }],
      });
      // Delivered eight days ago, with a 7-day window.
      const history = (await stored(order._id)).history as { to: string; at: Date }[];
      await shop.connection.collection('orders').updateOne(
        { _id: new Types.ObjectId(order._id) },
        {
          $set: {
            history: history.map((change) =>
              change.to === 'Delivered'
                ? { ...change, at: new Date(Date.now() - 8 * DAY_MS) }
                : change,
            ),
          },
        },
      );
      expectError(
        await askReturn(order.number, {
          lines: [{ line: 0, quantity: 1 }],
          reason: 'Too late now',
        }),
        409,
        /^The time to return this order ended on \d{4}-\d{2}-\d{2}/,
      );
      expect((await orderView(order.number)).returnOffer).toBeNull();
      expect((await stored(order._id)).returns).toBeUndefined();
    });
  });

  describe('the return policy', () => {
    it('is read by anyone, changed by the admin field by field, each fault named with nothing changed', async () => {
      const category = await newCategory(shop, shop.admin);
      const saved = await gqlOk<{ updateReturnPolicy: object }>(
        shop,
        `mutation ($input: ReturnPolicyInput!) {
          updateReturnPolicy(input: $input) { windowDays nonReturnableCategories nonReturnableProducts }
        }`,
        { input: { windowDays: 10, nonReturnableCategories: [category._id] } },
        shop.admin,
      );
      expect(saved.updateReturnPolicy).toEqual({
        windowDays: 10,
        nonReturnableCategories: [category._id],
        nonReturnableProducts: [],
      });
      const read = await shop.http().get('/api/v1/settings/returns').expect(200);
      expect(read.body.returns).toEqual(saved.updateReturnPolicy);
      const put = (body: object, session = shop.admin) =>
        shop.http().put('/api/v1/settings/returns').set(session.auth).send(body);
      expectError(await put({ windowDays: 61 }), 400, /^windowDays: Give a whole number of days/);
      expectError(await put({ windowDays: 2.5 }), 400, /windowDays/);
      expectError(
        await put({ nonReturnableProducts: [kurta, new Types.ObjectId().toHexString()] }),
        400,
        /^nonReturnableProducts\[1\]: no such product/,
      );
      expectError(
        await put({ nonReturnableCategories: [category._id, category._id] }),
        400,
        /^nonReturnableCategories\[1\]: listed twice/,
      );
      expectError(await put({ windowDays: 3 }, buyer), 403);
      const after = await shop.http().get('/api/v1/settings/returns').expect(200);
      expect(after.body.returns).toEqual(saved.updateReturnPolicy);
      // No returns at all: a delivered order offers none, and a request is refused.
      await put({ windowDays: 0 }).expect(200);
      const order = await paidOrder();
      await deliver(order._id);
      expect((await orderView(order.number)).returnOffer).toBeNull();
      expectError(
        await askReturn(order.number, { lines: [{ line: 0, quantity: 1 }], reason: 'Too big' }),
        409,
        /does not take returns/,
      );
    });
  });
});
