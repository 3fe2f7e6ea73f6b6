import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderIndex } from '../../src/orders/order-index';
import { OrderNumbers } from '../../src/orders/order-numbers';
import { OrdersService } from '../../src/orders/orders.service';
import { GatewayError, NO_ANSWER, PAYMENT_GATEWAY, PaymentGateway } from '../../src/payments';
import { gatewayControl, payerDoes } from '../support/demo-gateway';
import {
  APPROVED_CARD,
  expectOneOrderOf,
  expireNow,
  newProduct,
  stockOf,
} from '../support/fixtures';
import { useTestShop } from '../support/test-app';

const NOT_CONFIRMED =
  'The payment could not be confirmed, so the order was not placed. Please try again.';

const noAnswer = () =>
  new GatewayError(null, NO_ANSWER, 'The operation was aborted due to timeout');

describe('orders a crash or a gateway that does not answer leaves unfinished', () => {
  const shop = useTestShop({ seed: true });
  let gateway: PaymentGateway;
  let orders: OrdersService;
  let numbers: OrderNumbers;
  /** The product every test here buys, with plenty in stock; each test reads its stock first. */
  let productId: string;

  beforeAll(async () => {
    gateway = shop.app.get(PAYMENT_GATEWAY);
    orders = shop.app.get(OrdersService);
    numbers = shop.app.get(OrderNumbers);
    productId = (await newProduct(shop, shop.admin, { quantity: 1000 }))._id;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await gatewayControl(shop, { reset: true });
  });

  const checkout = (idempotencyKey: string, quantity = 2) =>
    shop
      .http()
      .post('/api/v1/product/checkout')
      .set(shop.shopper.auth)
      .send({ lines: [{ productId, quantity }], card: APPROVED_CARD, idempotencyKey });
  const storedByKey = (key: string) =>
    shop.connection.collection('orders').findOne({ checkoutKey: `${shop.shopper.userId}:${key}` });
  const holds = async () =>
    ((await shop.connection.collection('products').findOne({ _id: new Types.ObjectId(productId) }))!
      .stockHolds ?? []) as unknown[];
  /** Recovery as if the settle time had passed for every order. */
  const recoverAll = () => orders.recover(new Date(Date.now() + 60_000));

  it('keeps an order waiting when the gateway does not answer the attempt, and gives its stock back when it expires unpaid', async () => {
    const stock = await stockOf(shop, productId);
    vi.spyOn(gateway, 'createPayment').mockRejectedValueOnce(noAnswer());
    const key = randomUUID();
    const first = await checkout(key).expect(202);
    expect(first.body.order.payment).toMatchObject({ state: 'pending', attemptId: null });
    expect(await stockOf(shop, productId)).toBe(stock - 2);
    // The same checkout again finds the same order, paying nothing twice.
    expect((await checkout(key).expect(202)).body.order._id).toBe(first.body.order._id);

    await expireNow(shop, first.body.order._id);
    expect((await storedByKey(key))!.payment).toMatchObject({ state: 'expired', success: false });
    expect(await stockOf(shop, productId)).toBe(stock);
    expect((await holds()).map(String)).not.toContain(first.body.order._id);
  });

  it('answers a retry sent while the card is charged with the same order, waiting for its payment (202)', async () => {
    const createPayment = gateway.createPayment.bind(gateway);
    let charging!: () => void;
    const charged = new Promise<void>((resolve) => (charging = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(gateway, 'createPayment').mockImplementationOnce(async (payment) => {
      charging();
      await held;
      return createPayment(payment);
    });
    const key = randomUUID();
    const first = checkout(key).then((response) => response);
    await charged;
    const retry = await checkout(key).expect(202);
    expect(retry.body.order.payment.state).toBe('pending');
    release();
    const placed = await first;
    expect(placed.status).toBe(201);
    expect(expectOneOrderOf([placed, retry])).toBe(retry.body.order._id);
  });

  it('settles a card order paid when the gateway captured it but its answer was lost: by its webhook', async () => {
    const stock = await stockOf(shop, productId);
    const createPayment = gateway.createPayment.bind(gateway);
    vi.spyOn(gateway, 'createPayment').mockImplementationOnce(async (payment) => {
      await createPayment(payment);
      throw noAnswer();
    });
    const key = randomUUID();
    await checkout(key).expect(202);
    await expect
      .poll(async () => (await storedByKey(key))!.payment.state, { timeout: 10_000 })
      .toBe('paid');
    expect(await stockOf(shop, productId)).toBe(stock - 2);
    expect((await checkout(key).expect(201)).body.order.payment.success).toBe(true);
  });

  it('settles it paid by asking the gateway when that webhook never comes either', async () => {
    await gatewayControl(shop, { drop: true });
    const stock = await stockOf(shop, productId);
    const createPayment = gateway.createPayment.bind(gateway);
    vi.spyOn(gateway, 'createPayment').mockImplementationOnce(async (payment) => {
      await createPayment(payment);
      throw noAnswer();
    });
    const key = randomUUID();
    const waiting = await checkout(key).expect(202);
    await expireNow(shop, waiting.body.order._id);
    expect((await storedByKey(key))!.payment).toMatchObject({ state: 'paid', success: true });
    expect(await stockOf(shop, productId)).toBe(stock - 2);
  });

  it('asks the gateway about a UPI order left waiting, its webhook lost, and pays it before it expires', async () => {
    await gatewayControl(shop, { drop: true });
    const stock = await stockOf(shop, productId);
    const key = randomUUID();
    const waiting = await shop
      .http()
      .post('/api/v1/product/checkout')
      .set(shop.shopper.auth)
      .send({ lines: [{ productId, quantity: 2 }], method: 'upi', idempotencyKey: key })
      .expect(202);
    await payerDoes(shop, waiting.body.order.payment.attemptId, 'approve');
    expect((await storedByKey(key))!.payment.state).toBe('pending');
    // Not yet stale: a payer may still be in their UPI app.
    expect((await orders.recover(new Date(Date.now() - 60_000))).paid).toBe(0);
    expect(await recoverAll()).toMatchObject({ paid: 1, expired: 0 });
    expect((await storedByKey(key))!.payment).toMatchObject({ state: 'paid', success: true });
    expect(await stockOf(shop, productId)).toBe(stock - 2);
  });

  it('gives up an order a checkout stopped before placing, its stock back, and answers it to the retry', async () => {
    const stock = await stockOf(shop, productId);
    vi.spyOn(numbers, 'draw').mockRejectedValueOnce(new Error('process stopped'));
    const key = randomUUID();
    await checkout(key).expect(500);
    expect(await storedByKey(key)).toMatchObject({ settled: false });
    expect(await stockOf(shop, productId)).toBe(stock - 2);
    const waiting = await checkout(key).expect(409);
    expect(waiting.body.message).toBe('This checkout is still being processed');

    expect(await recoverAll()).toMatchObject({ paid: 0, failed: 1 });
    expect(await stockOf(shop, productId)).toBe(stock);
    const retry = await checkout(key).expect(402);
    expect(retry.body.order.payment).toMatchObject({ state: 'expired', message: NOT_CONFIRMED });
    expect(await recoverAll()).toEqual({ paid: 0, failed: 0, followedUp: 0, expired: 0 });
    expect(await stockOf(shop, productId)).toBe(stock);
  });

  it('runs two recoveries at once and still settles each order once', async () => {
    const stock = await stockOf(shop, productId);
    vi.spyOn(numbers, 'draw').mockRejectedValueOnce(new Error('process stopped'));
    const key = randomUUID();
    await checkout(key, 3).expect(500);
    vi.restoreAllMocks();
    const [first, second] = await Promise.all([recoverAll(), recoverAll()]);
    expect(first.failed + second.failed).toBe(1);
    expect(await stockOf(shop, productId)).toBe(stock);
    expect(await storedByKey(key)).toMatchObject({ settled: true, followUpPending: false });
  });

  it('expires an unpaid order once when two recoveries find it at once', async () => {
    await gatewayControl(shop, { drop: true });
    const stock = await stockOf(shop, productId);
    vi.spyOn(gateway, 'createPayment').mockRejectedValueOnce(noAnswer());
    const key = randomUUID();
    const waiting = await checkout(key, 4).expect(202);
    await shop.connection
      .collection('orders')
      .updateOne(
        { _id: new Types.ObjectId(waiting.body.order._id) },
        { $set: { 'payment.expiresAt': new Date(Date.now() - 1000) } },
      );
    await shop.app.get(OrderIndex).changed(waiting.body.order._id);
    const [first, second] = await Promise.all([recoverAll(), recoverAll()]);
    expect(first.expired + second.expired).toBeLessThanOrEqual(1);
    expect((await storedByKey(key))!.payment.state).toBe('expired');
    expect(await stockOf(shop, productId)).toBe(stock);
  });
});
