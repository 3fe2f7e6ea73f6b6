import { createHmac, randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_GATEWAY_KEYS } from '../../src/config/config';
import { PAYMENT_GATEWAY, PaymentGateway } from '../../src/payments';
import { gatewayControl, gatewayPayment, payerDoes } from '../support/demo-gateway';
import {
  APPROVED_CARD,
  checkout,
  DECLINED_CARD,
  expireNow,
  newProduct,
  stockOf,
} from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { ORDER_FIELDS } from './operations';

/**
 * Paying through the gateway, as the failures describe them: UPI approved, declined and
 * expired; webhooks mis-signed, for another amount, replayed, interleaved, early and never sent;
 * a capture after expiry; refunds. The gateway is the demo one the shop runs, over HTTP, sending
 * its signed webhooks to the shop's own route.
 */
describe('payments settled through the gateway', () => {
  const shop = useTestShop({ seed: true });
  let productId: string;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    productId = (await newProduct(shop, shop.admin, { quantity: 1000, price: 499 }))._id;
    gateway = shop.app.get(PAYMENT_GATEWAY);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await gatewayControl(shop, { reset: true });
  });

  interface Placed {
    id: string;
    number: string;
    total: number;
    payment: {
      state: string;
      method: string;
      success: boolean;
      message: string | null;
      upiLink: string | null;
      payerPageUrl: string | null;
      expiresAt: string | null;
    };
  }
  const FIELDS = `${ORDER_FIELDS} number`;

  const placeByUpi = async (quantity = 1) =>
    (
      await gqlOk<{ placeOrder: Placed }>(
        shop,
        `mutation ($input: CheckoutInput!) { placeOrder(input: $input) { ${FIELDS} } }`,
        {
          input: {
            lines: [{ productId, quantity }],
            method: 'UPI',
            idempotencyKey: randomUUID(),
          },
        },
        shop.shopper,
      )
    ).placeOrder;
  const orderNamed = async (number: string) =>
    (
      await gqlOk<{ order: Placed }>(
        shop,
        `query ($number: String!) { order(number: $number) { ${FIELDS} } }`,
        { number },
        shop.shopper,
      )
    ).order;
  const stored = (id: string) =>
    shop.connection.collection('orders').findOne({ _id: new Types.ObjectId(id) });
  const attemptOf = async (id: string) => (await stored(id))!.payment.attemptId as string;
  /** Waits for the order's payment state, as the storefront's waiting screen does. */
  const settles = async (number: string, state: string) => {
    await expect
      .poll(async () => (await orderNamed(number)).payment.state, { timeout: 10_000, interval: 50 })
      .toBe(state);
    return orderNamed(number);
  };
  const webhook = (
    body: object,
    secret: string = DEMO_GATEWAY_KEYS.webhookSecret,
    eventId = randomUUID(),
  ) => {
    const raw = JSON.stringify(body);
    return shop
      .http()
      .post('/api/v1/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', createHmac('sha256', secret).update(raw).digest('hex'))
      .set('X-Razorpay-Event-Id', eventId)
      .send(raw);
  };
  /** A signed payment.captured event for the order's gateway order, as the gateway words it. */
  const capturedEvent = async (id: string, amount?: number) => {
    const order = (await stored(id))!;
    const payment = await gateway.fetchPayment(order.payment.attemptId);
    return {
      entity: 'event',
      account_id: 'acc_demo',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: { entity: { ...payment, status: 'captured', amount: amount ?? payment.amount } },
      },
      created_at: Math.floor(Date.now() / 1000),
    };
  };

  describe('UPI', () => {
    it('GraphQL: answers a PENDING order with its upi://pay link, holds the stock, and is paid when the payer approves', async () => {
      const stock = await stockOf(shop, productId);
      const order = await placeByUpi(2);
      expect(order.payment).toMatchObject({ state: 'PENDING', method: 'UPI', success: false });
      const attempt = await attemptOf(order.id);
      const link = new URL(order.payment.upiLink!);
      expect(link.protocol).toBe('upi:');
      expect(link.searchParams.get('am')).toBe('998.00');
      expect(link.searchParams.get('cu')).toBe('INR');
      expect(link.searchParams.get('tr')).toBe(attempt);
      expect(order.payment.payerPageUrl).toBe(`/demo-gateway/pay/${attempt}`);
      expect(new Date(order.payment.expiresAt!).getTime()).toBeGreaterThan(Date.now());
      expect(await stockOf(shop, productId)).toBe(stock - 2);

      await payerDoes(shop, attempt, 'approve');
      const paid = await settles(order.number, 'PAID');
      expect(paid.payment).toMatchObject({ success: true, upiLink: null, expiresAt: null });
      expect(await stockOf(shop, productId)).toBe(stock - 2);
    });

    it('REST: answers 202 while waiting; a declined payment is FAILED, paid again by card on the same order and stock', async () => {
      const stock = await stockOf(shop, productId);
      const placed = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], {
        method: 'upi',
        card: undefined,
      }).expect(202);
      expect(placed.body).toMatchObject({
        success: true,
        order: { payment: { state: 'pending' } },
      });
      const { _id, number } = placed.body.order;

      await payerDoes(shop, await attemptOf(_id), 'decline');
      const failed = await settles(number, 'FAILED');
      expect(failed.payment.message).toMatch(/declined|cancelled/i);
      expect(await stockOf(shop, productId)).toBe(stock - 1);

      const again = await shop
        .http()
        .post(`/api/v1/auth/orders/${number}/pay`)
        .set(shop.shopper.auth)
        .send({ method: 'card', card: APPROVED_CARD })
        .expect(201);
      expect(again.body.order).toMatchObject({
        _id,
        payment: { state: 'paid', success: true, method: 'card', attempts: 2 },
      });
      expect(await stockOf(shop, productId)).toBe(stock - 1);
      // Paid once: another attempt is refused and changes nothing.
      await shop
        .http()
        .post(`/api/v1/auth/orders/${number}/pay`)
        .set(shop.shopper.auth)
        .send({ method: 'upi' })
        .expect(409);
    });

    it('expires unpaid: its stock goes back and it can no longer be paid', async () => {
      const stock = await stockOf(shop, productId);
      const order = await placeByUpi(3);
      await payerDoes(shop, await attemptOf(order.id), 'expire');
      await settles(order.number, 'FAILED');
      expect(await stockOf(shop, productId)).toBe(stock - 3);

      await expireNow(shop, order.id);
      expect((await orderNamed(order.number)).payment.state).toBe('EXPIRED');
      expect(await stockOf(shop, productId)).toBe(stock);
      await shop
        .http()
        .post(`/api/v1/auth/orders/${order.number}/pay`)
        .set(shop.shopper.auth)
        .send({ method: 'upi' })
        .expect(409);
      expect(await stockOf(shop, productId)).toBe(stock);
    });
  });

  describe('webhooks', () => {
    it('refuses a wrong, missing or tampered signature with 400 and changes nothing', async () => {
      const order = await placeByUpi();
      const event = await capturedEvent(order.id);
      await webhook(event, 'not-the-secret').expect(400);
      const raw = JSON.stringify(event);
      const signature = createHmac('sha256', DEMO_GATEWAY_KEYS.webhookSecret)
        .update(raw)
        .digest('hex');
      await shop
        .http()
        .post('/api/v1/payments/webhook')
        .set('Content-Type', 'application/json')
        .send(raw)
        .expect(400);
      await shop
        .http()
        .post('/api/v1/payments/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', signature)
        .send(raw.replace('"captured"', '"captured" '))
        .expect(400);
      expect((await orderNamed(order.number)).payment.state).toBe('PENDING');
    });

    it('refuses a payment for another amount with 400, the order left unpaid', async () => {
      const order = await placeByUpi();
      const event = await capturedEvent(order.id, 1);
      const refused = await webhook(event).expect(400);
      expect(refused.body.message).toMatch(/^payment: /);
      expect((await orderNamed(order.number)).payment.state).toBe('PENDING');
    });

    it('pays an order once however often its events come: repeated by the gateway, and replayed', async () => {
      await gatewayControl(shop, { repeat: true });
      const order = await placeByUpi();
      const attempt = await attemptOf(order.id);
      await payerDoes(shop, attempt, 'approve');
      await settles(order.number, 'PAID');
      const event = await capturedEvent(order.id);
      const eventId = randomUUID();
      await webhook(event, undefined, eventId).expect(200);
      await webhook(event, undefined, eventId).expect(200);
      const after = (await stored(order.id))!;
      expect(after.payment).toMatchObject({ state: 'paid', reference: attempt, refunds: [] });
    });

    it('settles two orders whose events come interleaved and in reverse, each with its own payment', async () => {
      await gatewayControl(shop, { reorder: true });
      const [first, second] = [await placeByUpi(), await placeByUpi()];
      const [firstAttempt, secondAttempt] = [await attemptOf(first.id), await attemptOf(second.id)];
      await payerDoes(shop, firstAttempt, 'decline');
      await payerDoes(shop, secondAttempt, 'approve');
      expect((await orderNamed(first.number)).payment.state).toBe('PENDING');
      await gatewayControl(shop, { flush: true });
      await settles(first.number, 'FAILED');
      await settles(second.number, 'PAID');
      expect((await stored(second.id))!.payment.reference).toBe(secondAttempt);
      expect((await stored(first.id))!.payment.reference).toBeNull();
    });

    it('pays a card order once when the webhook comes before the checkout has answered', async () => {
      const stock = await stockOf(shop, productId);
      const fetchPayment = gateway.fetchPayment.bind(gateway);
      let webhookFirst = false;
      // The checkout asks what became of the card only once the webhook has settled the order.
      vi.spyOn(gateway, 'fetchPayment').mockImplementationOnce(async (id) => {
        const order = await shop.connection
          .collection('orders')
          .findOne({ 'payment.attemptId': id });
        await expect
          .poll(async () => (await stored(String(order!._id)))!.payment.state, { timeout: 10_000 })
          .toBe('paid');
        webhookFirst = true;
        return fetchPayment(id);
      });
      const placed = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }]).expect(201);
      expect(webhookFirst).toBe(true);
      expect(placed.body.order.payment).toMatchObject({ state: 'paid', refunds: [] });
      expect(await stockOf(shop, productId)).toBe(stock - 1);
    });

    it('asks the gateway when the webhook never comes: the order is paid as it expires, its stock kept', async () => {
      await gatewayControl(shop, { drop: true });
      const stock = await stockOf(shop, productId);
      const order = await placeByUpi();
      await payerDoes(shop, await attemptOf(order.id), 'approve');
      expect((await orderNamed(order.number)).payment.state).toBe('PENDING');
      await expireNow(shop, order.id);
      expect((await orderNamed(order.number)).payment).toMatchObject({
        state: 'PAID',
        success: true,
      });
      expect(await stockOf(shop, productId)).toBe(stock - 1);
    });

    it('refunds in full a payment captured after its order expired, the order staying expired', async () => {
      await gatewayControl(shop, { drop: true });
      const stock = await stockOf(shop, productId);
      const order = await placeByUpi();
      const attempt = await attemptOf(order.id);
      await expireNow(shop, order.id);
      expect(await stockOf(shop, productId)).toBe(stock);
      await payerDoes(shop, attempt, 'approve');
      await webhook(await capturedEvent(order.id)).expect(200);

      const after = (await stored(order.id))!;
      expect(after.payment.state).toBe('expired');
      expect(after.payment.refunds).toMatchObject([{ amount: 49900, receipt: `back-${attempt}` }]);
      expect((await gatewayPayment(shop, attempt)).status).toMatch(/refunded|captured/);
      expect(await stockOf(shop, productId)).toBe(stock);
    });
  });

  describe('refunds and the admin queue', () => {
    it('refunds a cancelled paid order through the gateway; the refund is processed by webhook', async () => {
      const placed = await checkout(shop, shop.shopper, [{ productId, quantity: 2 }]).expect(201);
      const { _id, number } = placed.body.order;
      await shop
        .http()
        .post(`/api/v1/auth/orders/${_id}/cancel`)
        .set(shop.shopper.auth)
        .expect(200);
      const asked = (await stored(_id))!.payment;
      expect(asked.refunds).toMatchObject([{ amount: 99800, receipt: `refund-${_id}` }]);
      await expect
        .poll(async () => (await stored(_id))!.payment.refunds[0].state, { timeout: 10_000 })
        .toBe('processed');
      expect((await gatewayPayment(shop, asked.reference)).status).toBe('refunded');
      expect(number).toMatch(/^BZ-/);
    });

    it("keeps declined and unpaid orders out of the admin's queue", async () => {
      const declined = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], {
        card: DECLINED_CARD,
      }).expect(402);
      const pending = await placeByUpi();
      const paid = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }]).expect(201);
      const listed = await shop
        .http()
        .get('/api/v1/auth/all-orders')
        .set(shop.admin.auth)
        .expect(200);
      const ids = (listed.body as { _id: string }[]).map((order) => order._id);
      expect(ids).toContain(paid.body.order._id);
      expect(ids).not.toContain(declined.body.order._id);
      expect(ids).not.toContain(pending.id);
      // The buyer sees all three.
      const mine = await shop.http().get('/api/v1/auth/orders').set(shop.shopper.auth).expect(200);
      const own = (mine.body as { _id: string }[]).map((order) => order._id);
      expect(own).toEqual(expect.arrayContaining([declined.body.order._id, pending.id]));
    });
  });
});
