import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrdersService } from '../../src/orders/orders.service';
import {
  ChargeResult,
  PAYMENT_PROVIDER,
  PaymentProvider,
} from '../../src/payments/payment-provider';
import { APPROVED_CARD, newProduct, stockOf } from '../support/fixtures';
import { useTestShop } from '../support/test-app';

const NOT_CONFIRMED =
  'The payment could not be confirmed, so the order was not placed. Please try again.';

/** A promise with its resolve function, to let a stalled charge finish when the test says. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe('orders a crash or a failing provider leaves unsettled', () => {
  const shop = useTestShop({ seed: true });
  let provider: PaymentProvider;
  let orders: OrdersService;
  /** The product every test here buys, with plenty in stock; each test reads its stock first. */
  let productId: string;

  beforeAll(async () => {
    provider = shop.app.get(PAYMENT_PROVIDER);
    orders = shop.app.get(OrdersService);
    productId = (await newProduct(shop, shop.admin, { quantity: 1000 }))._id;
  });
  afterEach(() => vi.restoreAllMocks());

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
  const waitFor = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 100 && !(await check()); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await check()).toBe(true);
  };

  it('fails the order and returns its stock when the provider throws and has no record of the charge', async () => {
    const stock = await stockOf(shop, productId);
    vi.spyOn(provider, 'charge').mockRejectedValueOnce(new Error('connection reset'));
    const key = randomUUID();
    const first = await checkout(key).expect(402);
    expect(first.body).toMatchObject({
      success: false,
      message: NOT_CONFIRMED,
      order: { payment: { success: false, message: NOT_CONFIRMED } },
    });
    expect(await stockOf(shop, productId)).toBe(stock);
    expect((await holds()).map(String)).not.toContain(first.body.order._id);
    const retry = await checkout(key).expect(402);
    expect(retry.body).toEqual(first.body);
    expect(await stockOf(shop, productId)).toBe(stock);
  });

  it('settles the order paid when the provider throws after it captured the money', async () => {
    const stock = await stockOf(shop, productId);
    const charge = provider.charge.bind(provider);
    vi.spyOn(provider, 'charge').mockImplementationOnce(async (request) => {
      await charge(request);
      throw new Error('reply lost after capture');
    });
    const key = randomUUID();
    const first = await checkout(key).expect(201);
    expect(first.body.order.payment.success).toBe(true);
    expect(await stockOf(shop, productId)).toBe(stock - 2);
    const retry = await checkout(key).expect(201);
    expect(retry.body.order._id).toBe(first.body.order._id);
  });

  it('leaves the order to recovery when the provider cannot even be asked, and the retry then gets the settled order', async () => {
    const stock = await stockOf(shop, productId);
    vi.spyOn(provider, 'charge').mockRejectedValueOnce(new Error('provider down'));
    vi.spyOn(provider, 'findCharge').mockRejectedValueOnce(new Error('provider down'));
    const key = randomUUID();
    await checkout(key).expect(500);
    expect(await storedByKey(key)).toMatchObject({ settled: false });
    expect(await stockOf(shop, productId)).toBe(stock - 2);
    const waiting = await checkout(key).expect(409);
    expect(waiting.body.message).toBe('This checkout is still being processed');

    expect(await recoverAll()).toMatchObject({ paid: 0, failed: 1 });
    expect(await stockOf(shop, productId)).toBe(stock);
    const retry = await checkout(key).expect(402);
    expect(retry.body.order.payment.message).toBe(NOT_CONFIRMED);
    expect(await recoverAll()).toEqual({ paid: 0, failed: 0, followedUp: 0 });
    expect(await stockOf(shop, productId)).toBe(stock);
  });

  it('settles a checkout stalled after the capture as paid, keeping its stock', async () => {
    const stock = await stockOf(shop, productId);
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
        (await shop.connection.collection('demo_card_charges').countDocuments({
          idempotencyKey: `${shop.shopper.userId}:${key}`,
        })) === 1,
    );

    expect(await recoverAll()).toMatchObject({ paid: 1, failed: 0 });
    expect(await stockOf(shop, productId)).toBe(stock - 2);
    const retry = await checkout(key).expect(201);
    expect(retry.body.order.payment.success).toBe(true);

    // The stalled checkout finishing late changes nothing.
    stalled.open({ approved: true, reference: 'late' });
    const late = await reply;
    expect(late.status).toBe(201);
    expect(late.body.order._id).toBe(retry.body.order._id);
    expect(await stockOf(shop, productId)).toBe(stock - 2);
  });

  it('fails a checkout stalled before any charge, and refunds the charge if it comes through later', async () => {
    const stock = await stockOf(shop, productId);
    const charge = provider.charge.bind(provider);
    const stalled = gate<void>();
    vi.spyOn(provider, 'charge').mockImplementationOnce(async (request) => {
      await stalled.promise;
      return charge(request);
    });
    const key = randomUUID();
    const reply = checkout(key).then((response) => response);
    await waitFor(async () => (await stockOf(shop, productId)) === stock - 2);
    expect(await stockOf(shop, productId)).toBe(stock - 2);

    expect(await recoverAll()).toMatchObject({ paid: 0, failed: 1 });
    expect(await stockOf(shop, productId)).toBe(stock);

    stalled.open();
    const late = await reply;
    expect(late.status).toBe(402);
    expect(late.body.order.payment.message).toBe(NOT_CONFIRMED);
    const recorded = await shop.connection
      .collection('demo_card_charges')
      .findOne({ idempotencyKey: `${shop.shopper.userId}:${key}` });
    expect(recorded).toMatchObject({ approved: true, refunds: [{ amount: recorded!.amount }] });
    expect(await stockOf(shop, productId)).toBe(stock);
    expect((await holds()).map(String)).not.toContain(late.body.order._id);
  });

  it('runs two recoveries at once and still settles each order once', async () => {
    const stock = await stockOf(shop, productId);
    vi.spyOn(provider, 'charge').mockRejectedValue(new Error('provider down'));
    vi.spyOn(provider, 'findCharge').mockRejectedValueOnce(new Error('provider down'));
    const key = randomUUID();
    await checkout(key, 3).expect(500);
    vi.restoreAllMocks();
    const [first, second] = await Promise.all([recoverAll(), recoverAll()]);
    expect(first.failed + second.failed).toBe(1);
    expect(await stockOf(shop, productId)).toBe(stock);
    expect(await storedByKey(key)).toMatchObject({ settled: true, followUpPending: false });
  });
});
