import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrdersService } from '../../src/orders/orders.service';
import {
  ChargeResult,
  PAYMENT_PROVIDER,
  PaymentProvider,
} from '../../src/payments/payment-provider';
import { APPROVED_CARD, stockOf } from '../support/fixtures';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';

const NOT_CONFIRMED =
  'The payment could not be confirmed, so the order was not placed. Please try again.';

/** A promise with its resolve function, to let a stalled charge finish when the test says. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe('orders a crash or a failing provider leaves unsettled', () => {
  let test: TestApp;
  let shopper: Session;
  let provider: PaymentProvider;
  let orders: OrdersService;
  let productId: string;

  beforeAll(async () => {
    test = await startTestApp();
    ({ shopper } = await seeded(test));
    provider = test.app.get(PAYMENT_PROVIDER);
    orders = test.app.get(OrdersService);
    const row = await test.connection
      .collection('products')
      .findOne({}, { sort: { quantity: -1 } });
    productId = String(row!._id);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => test.close());

  const checkout = (idempotencyKey: string, quantity = 2) =>
    test
      .http()
      .post('/api/v1/product/checkout')
      .set(shopper.auth)
      .send({ lines: [{ productId, quantity }], card: APPROVED_CARD, idempotencyKey });
  const storedByKey = (key: string) =>
    test.connection.collection('orders').findOne({ checkoutKey: `${shopper.userId}:${key}` });
  const holds = async () =>
    ((await test.connection.collection('products').findOne({ _id: new Types.ObjectId(productId) }))!
      .stockHolds ?? []) as unknown[];
  /** Recovery as if the settle time had passed for every order. */
  const recoverAll = () => orders.recover(new Date(Date.now() + 60_000));
  const waitFor = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 100 && !(await check()); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await check()).toBe(true);
  };

  it('fails the order and returns its stock when the provider throws and has no record of the charge', async () => {
    const stock = await stockOf(test, productId);
    vi.spyOn(provider, 'charge').mockRejectedValueOnce(new Error('connection reset'));
    const key = randomUUID();
    const first = await checkout(key).expect(402);
    expect(first.body).toMatchObject({
      success: false,
      message: NOT_CONFIRMED,
      order: { payment: { success: false, message: NOT_CONFIRMED } },
    });
    expect(await stockOf(test, productId)).toBe(stock);
    expect((await holds()).map(String)).not.toContain(first.body.order._id);
    const retry = await checkout(key).expect(402);
    expect(retry.body).toEqual(first.body);
    expect(await stockOf(test, productId)).toBe(stock);
  });

  it('settles the order paid when the provider throws after it captured the money', async () => {
    const stock = await stockOf(test, productId);
    const charge = provider.charge.bind(provider);
    vi.spyOn(provider, 'charge').mockImplementationOnce(async (request) => {
      await charge(request);
      throw new Error('reply lost after capture');
    });
    const key = randomUUID();
    const first = await checkout(key).expect(201);
    expect(first.body.order.payment.success).toBe(true);
    expect(await stockOf(test, productId)).toBe(stock - 2);
    const retry = await checkout(key).expect(201);
    expect(retry.body.order._id).toBe(first.body.order._id);
  });

  it('leaves the order to recovery when the provider cannot even be asked, and the retry then gets the settled order', async () => {
    const stock = await stockOf(test, productId);
    vi.spyOn(provider, 'charge').mockRejectedValueOnce(new Error('provider down'));
    vi.spyOn(provider, 'findCharge').mockRejectedValueOnce(new Error('provider down'));
    const key = randomUUID();
    await checkout(key).expect(500);
    expect(await storedByKey(key)).toMatchObject({ settled: false });
    expect(await stockOf(test, productId)).toBe(stock - 2);
    const waiting = await checkout(key).expect(409);
    expect(waiting.body.message).toBe('This checkout is still being processed');

    expect(await recoverAll()).toMatchObject({ paid: 0, failed: 1 });
    expect(await stockOf(test, productId)).toBe(stock);
    const retry = await checkout(key).expect(402);
    expect(retry.body.order.payment.message).toBe(NOT_CONFIRMED);
    expect(await recoverAll()).toEqual({ paid: 0, failed: 0, followedUp: 0 });
    expect(await stockOf(test, productId)).toBe(stock);
  });

  it('settles a checkout stalled after the capture as paid, keeping its stock', async () => {
    const stock = await stockOf(test, productId);
    const charge = provider.charge.bind(provider);
    const stalled = gate<ChargeResult>();
    vi.spyOn(provider, 'charge').mockImplementationOnce(async (request) => {
      await charge(request);
      return stalled.promise;
    });
    const key = randomUUID();
    const pending = checkout(key);
    const reply = pending.then((response) => response);
    await waitFor(async () => (await storedByKey(key)) !== null);
    await waitFor(
      async () =>
        (await test.connection.collection('demo_card_charges').countDocuments({
          idempotencyKey: `${shopper.userId}:${key}`,
        })) === 1,
    );

    expect(await recoverAll()).toMatchObject({ paid: 1, failed: 0 });
    expect(await stockOf(test, productId)).toBe(stock - 2);
    const retry = await checkout(key).expect(201);
    expect(retry.body.order.payment.success).toBe(true);

    // The stalled checkout finishing late changes nothing.
    stalled.open({ approved: true, reference: 'late' });
    const late = await reply;
    expect(late.status).toBe(201);
    expect(late.body.order._id).toBe(retry.body.order._id);
    expect(await stockOf(test, productId)).toBe(stock - 2);
  });

  it('fails a checkout stalled before any charge, and refunds the charge if it comes through later', async () => {
    const stock = await stockOf(test, productId);
    const charge = provider.charge.bind(provider);
    const stalled = gate<void>();
    vi.spyOn(provider, 'charge').mockImplementationOnce(async (request) => {
      await stalled.promise;
      return charge(request);
    });
    const key = randomUUID();
    const reply = checkout(key).then((response) => response);
    await waitFor(async () => (await stockOf(test, productId)) === stock - 2);
    expect(await stockOf(test, productId)).toBe(stock - 2);

    expect(await recoverAll()).toMatchObject({ paid: 0, failed: 1 });
    expect(await stockOf(test, productId)).toBe(stock);

    stalled.open();
    const late = await reply;
    expect(late.status).toBe(402);
    expect(late.body.order.payment.message).toBe(NOT_CONFIRMED);
    const recorded = await test.connection
      .collection('demo_card_charges')
      .findOne({ idempotencyKey: `${shopper.userId}:${key}` });
    expect(recorded).toMatchObject({ approved: true, refunds: [{ amount: recorded!.amount }] });
    expect(await stockOf(test, productId)).toBe(stock);
    expect((await holds()).map(String)).not.toContain(late.body.order._id);
  });

  it('runs two recoveries at once and still settles each order once', async () => {
    const stock = await stockOf(test, productId);
    vi.spyOn(provider, 'charge').mockRejectedValue(new Error('provider down'));
    vi.spyOn(provider, 'findCharge').mockRejectedValueOnce(new Error('provider down'));
    const key = randomUUID();
    await checkout(key, 3).expect(500);
    vi.restoreAllMocks();
    const [first, second] = await Promise.all([recoverAll(), recoverAll()]);
    expect(first.failed + second.failed).toBe(1);
    expect(await stockOf(test, productId)).toBe(stock);
    expect(await storedByKey(key)).toMatchObject({ settled: true, followUpPending: false });
  });
});
