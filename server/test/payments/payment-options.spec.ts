import { describe, expect, it } from 'vitest';
import { ChangeLog } from '../../src/changes';
import { codSettingsToPayments } from '../../src/migrations/cod-settings-to-payments';
import { SettingsStore } from '../../src/settings';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { setDelivery } from '../delivery/operations';
import { PAYMENT_OPTIONS, PaymentOptionsView, setPayments } from './operations';

/**
 * What the storefront may offer to pay with (GraphQL paymentOptions, for anyone): the ways
 * switched on, UPI first; cash on delivery only where the shop delivers and the payment
 * settings allow it, up to its largest order, with its fee; the minutes a payment may take.
 */
describe('payment options: GraphQL paymentOptions(pin, orderTotal)', () => {
  const shop = useTestShop({ seed: true });

  const options = async (pin: string, orderTotal?: number) =>
    (
      await gqlOk<{ paymentOptions: PaymentOptionsView }>(shop, PAYMENT_OPTIONS, {
        pin,
        orderTotal,
      })
    ).paymentOptions;
  const cod = async (pin: string, orderTotal?: number) =>
    (await options(pin, orderTotal)).methods.find((one) => one.method === 'CASH_ON_DELIVERY');

  it('offers UPI first, then card and cash on delivery with its fee, and the minutes to pay', async () => {
    await setDelivery(shop);
    await setPayments(shop, { codFee: 25, paymentExpiryMinutes: 12 });
    expect(await options('560001', 1_499)).toEqual({
      methods: [
        { method: 'UPI', available: true, reason: null, fee: 0 },
        { method: 'CARD', available: true, reason: null, fee: 0 },
        { method: 'CASH_ON_DELIVERY', available: true, reason: null, fee: 25 },
      ],
      codFee: 25,
      codUpTo: 10_000,
      paymentExpiryMinutes: 12,
    });
  });

  it('leaves out the ways switched off', async () => {
    await setDelivery(shop);
    await setPayments(shop, { methods: { card: false, cashOnDelivery: false } });
    expect((await options('560001')).methods.map((one) => one.method)).toEqual(['UPI']);
    await setPayments(shop, { methods: { upi: false, card: true, cashOnDelivery: true } });
    expect((await options('560001')).methods.map((one) => one.method)).toEqual([
      'CARD',
      'CASH_ON_DELIVERY',
    ]);
  });

  it('says why cash on delivery is not available at a PIN, listed whole or by its beginning', async () => {
    await setDelivery(shop);
    await setPayments(shop, { codUnservedPins: ['560001', '80'] });
    for (const pin of ['560001', '800001']) {
      expect(await cod(pin)).toEqual({
        method: 'CASH_ON_DELIVERY',
        available: false,
        reason: `Not available for PIN ${pin}`,
        fee: 0,
      });
    }
    expect(await cod('560002')).toMatchObject({ available: true });
  });

  it('offers no cash on delivery where the shop does not deliver', async () => {
    await setDelivery(shop, { unservedStates: ['10'] });
    await setPayments(shop);
    expect(await cod('800001')).toMatchObject({
      available: false,
      reason: 'Not available for PIN 800001',
    });
  });

  it('takes cash up to its largest order, to the paisa; without a total, leaves it to checkout', async () => {
    await setDelivery(shop);
    await setPayments(shop, { codUpTo: 10_000 });
    expect(await cod('560001', 10_000)).toMatchObject({ available: true });
    expect(await cod('560001', 10_000.01)).toMatchObject({
      available: false,
      reason: 'Only for orders up to ₹10,000.00',
    });
    expect(await cod('560001')).toMatchObject({ available: true });
    await setPayments(shop, { codUpTo: null });
    expect(await cod('560001', 1_000_000)).toMatchObject({ available: true });
  });

  it.each([
    [{ pin: '12345' }, 'pin: PIN code must be 6 digits and not start with 0'],
    [{ pin: '999999' }, 'pin: This PIN code is not in India Post’s directory: please check it'],
    [{ pin: '560001', orderTotal: -1 }, 'orderTotal: An amount must be from 0 to 10000000 rupees'],
    [{ pin: '560001', orderTotal: 10.001 }, 'orderTotal: An amount has at most 2 decimal places'],
  ])('refuses %j naming the field', async (variables, message) => {
    const error = expectRefused(
      await gql(shop, PAYMENT_OPTIONS, variables),
      'BAD_USER_INPUT',
      'paymentOptions',
    );
    expect(error.message).toBe(message);
  });

  it('is never kept: a change of the settings shows in the next answer', async () => {
    await setDelivery(shop);
    await setPayments(shop);
    expect(await cod('560001')).toMatchObject({ available: true });
    await setPayments(shop, { methods: { upi: true, card: true, cashOnDelivery: false } });
    expect(await cod('560001')).toBeUndefined();
  });
});

/**
 * Cash on delivery's switch and largest order moved from the delivery section to the
 * payments section (migrations/cod-settings-to-payments.ts).
 */
describe('migration cod-settings-to-payments', () => {
  const shop = useTestShop({ seed: true });
  const settings = () => shop.connection.collection('shop_settings');
  const section = async (name: string) =>
    ((await settings().findOne({ _id: name as never }))?.value ?? null) as Record<
      string,
      unknown
    > | null;
  const migrate = () => codSettingsToPayments(shop.app.get(SettingsStore));
  /** A section as an older version left it, written by hand and announced as a write is. */
  const storedBefore = async (name: string, write: () => Promise<unknown>) => {
    await write();
    await shop.app.get(ChangeLog).publish('setting', name);
  };

  it("moves the delivery section's cash on delivery into the payments section, once", async () => {
    await setPayments(shop, { codFee: 15 });
    await storedBefore('delivery', () =>
      settings().updateOne(
        { _id: 'delivery' as never },
        { $set: { 'value.cashOnDelivery': false, 'value.cashOnDeliveryUpTo': 250_000 } },
      ),
    );
    await migrate();
    expect(await section('payments')).toMatchObject({
      upiVpa: 'bazaar@okaxis',
      codFee: 1500,
      codUpTo: 250_000,
      methods: { upi: true, card: true, cashOnDelivery: false },
    });
    const delivery = (await section('delivery'))!;
    expect(delivery).not.toHaveProperty('cashOnDelivery');
    expect(delivery).not.toHaveProperty('cashOnDeliveryUpTo');
    expect(delivery).toHaveProperty('dispatchPin');

    // Run again (a stop half way, another instance): nothing more changes.
    const before = await section('payments');
    await migrate();
    expect(await section('payments')).toEqual(before);
  });

  it('writes a payments section for a shop that had none', async () => {
    await storedBefore('payments', () => settings().deleteOne({ _id: 'payments' as never }));
    await storedBefore('delivery', () =>
      settings().updateOne(
        { _id: 'delivery' as never },
        { $set: { 'value.cashOnDelivery': true, 'value.cashOnDeliveryUpTo': null } },
      ),
    );
    await migrate();
    expect(await section('payments')).toEqual({
      methods: { upi: true, card: true, cashOnDelivery: true },
      codUpTo: null,
    });
  });
});
