import { describe, expect, it } from 'vitest';
import { expectError } from '../support/fixtures';
import { expectAdminOnly, expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { PAYMENT_SETTINGS, PaymentSettingsView, setPayments, UPDATE_PAYMENTS } from './operations';

const REST = '/api/v1/settings/payments';

/**
 * The admin's payment settings, on both APIs: read, changed field by field, every bad field
 * refused naming it with nothing changed, and only for admins.
 */
describe('payment settings: GraphQL paymentSettings / updatePaymentSettings, REST /api/v1/settings/payments', () => {
  const shop = useTestShop({ seed: true });

  /** The section as stored, to show a refusal wrote nothing. */
  const stored = () =>
    shop.connection.collection('shop_settings').findOne({ _id: 'payments' as never });
  const read = async () =>
    (await gqlOk<{ paymentSettings: PaymentSettingsView }>(shop, PAYMENT_SETTINGS, {}, shop.admin))
      .paymentSettings;

  it('the demo shop takes UPI to its demo UPI ID, cards and cash, with 10 minutes to pay', async () => {
    expect(await read()).toMatchObject({
      upiVpa: 'bazaar@okaxis',
      upiPayeeName: 'Bazaar Demo Shop',
      paymentExpiryMinutes: 10,
      methods: { upi: true, card: true, cashOnDelivery: true },
      codFee: 0,
      codUpTo: 10_000,
      codMaxUndeliveredOrders: 2,
    });
    const rest = await shop.http().get(REST).set(shop.admin.auth).expect(200);
    expect(rest.body).toMatchObject({
      success: true,
      settings: { upiVpa: 'bazaar@okaxis', methods: { upi: true }, codUpTo: 10_000 },
    });
  });

  it('GraphQL: changes the fields given and keeps the others; amounts in rupees, kept in paise', async () => {
    await setPayments(shop);
    const { updatePaymentSettings: changed } = await gqlOk<{
      updatePaymentSettings: PaymentSettingsView;
    }>(
      shop,
      UPDATE_PAYMENTS,
      {
        input: {
          upiVpa: '  Shop.Payments-1@OKICICI ',
          paymentExpiryMinutes: 15,
          methods: { card: false },
          codFee: 29.5,
          codUnservedPins: ['560001', '79', '1100'],
        },
      },
      shop.admin,
    );
    expect(changed).toEqual({
      upiVpa: 'shop.payments-1@okicici',
      upiPayeeName: 'Bazaar Demo Shop',
      paymentExpiryMinutes: 15,
      methods: { upi: true, card: false, cashOnDelivery: true },
      codFee: 29.5,
      codUpTo: 10_000,
      codMaxUndeliveredOrders: 2,
      codUnservedPins: ['560001', '79', '1100'],
    });
    expect(await read()).toEqual(changed);
    expect((await stored())!.value).toMatchObject({ codFee: 2950, codUpTo: 1_000_000 });
  });

  it('REST: PUT changes the fields sent; null takes the largest cash order away', async () => {
    await setPayments(shop);
    const response = await shop
      .http()
      .put(REST)
      .set(shop.admin.auth)
      .send({ upiPayeeName: 'Ram & Sons', codUpTo: null, codMaxUndeliveredOrders: 5 })
      .expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Payment settings saved',
      settings: {
        upiVpa: 'bazaar@okaxis',
        upiPayeeName: 'Ram & Sons',
        codUpTo: null,
        codMaxUndeliveredOrders: 5,
        codFee: 0,
      },
    });
    expect(await read()).toMatchObject({ upiPayeeName: 'Ram & Sons', codUpTo: null });
  });

  it('turns UPI off without a UPI ID, and on again only with one', async () => {
    await setPayments(shop, { methods: { upi: false }, upiVpa: '', upiPayeeName: '' });
    expect(await read()).toMatchObject({ upiVpa: '', methods: { upi: false } });
    const error = expectRefused(
      await gql(shop, UPDATE_PAYMENTS, { input: { methods: { upi: true } } }, shop.admin),
      'BAD_USER_INPUT',
      'updatePaymentSettings',
    );
    expect(error.message).toBe('upiVpa: Give the UPI ID payments are made to, or turn UPI off');
  });

  /** Each bad change (over setPayments' settings), the field it is refused for, and the message. */
  const REFUSED: [string, Record<string, unknown>, string][] = [
    [
      'a UPI ID without its bank',
      { upiVpa: 'bazaar' },
      'upiVpa: A UPI ID is written name@bank, such as shop@okaxis',
    ],
    [
      'a UPI ID with a space',
      { upiVpa: 'my shop@okaxis' },
      'upiVpa: A UPI ID is written name@bank, such as shop@okaxis',
    ],
    [
      'a UPI ID with two @',
      { upiVpa: 'shop@ok@axis' },
      'upiVpa: A UPI ID is written name@bank, such as shop@okaxis',
    ],
    [
      'no UPI ID while UPI is on',
      { upiVpa: '  ' },
      'upiVpa: Give the UPI ID payments are made to, or turn UPI off',
    ],
    [
      'no payee name while UPI is on',
      { upiPayeeName: '' },
      'upiPayeeName: Give the name UPI apps show the payer, or turn UPI off',
    ],
    [
      'a payee name of 51 characters',
      { upiPayeeName: 'B'.repeat(51) },
      'upiPayeeName: The payee name has at most 50 characters',
    ],
    [
      'a payee name with a control character',
      { upiPayeeName: 'Bazaar\u0007' },
      'upiPayeeName: upiPayeeName must not contain control characters',
    ],
    [
      '4 minutes to pay',
      { paymentExpiryMinutes: 4 },
      'paymentExpiryMinutes: Minutes must be a whole number from 5 to 60',
    ],
    [
      '61 minutes to pay',
      { paymentExpiryMinutes: 61 },
      'paymentExpiryMinutes: Minutes must be a whole number from 5 to 60',
    ],
    [
      'every way to pay off',
      { methods: { upi: false, card: false, cashOnDelivery: false } },
      'methods: Offer at least one way to pay',
    ],
    ['a negative fee', { codFee: -1 }, 'codFee: A charge must be from 0 to 10,000 rupees'],
    [
      'a fee in fractions of a paisa',
      { codFee: 9.999 },
      'codFee: An amount has at most 2 decimal places',
    ],
    [
      'a cash limit below nothing',
      { codUpTo: -1 },
      'codUpTo: An amount must be from 0 to 10000000 rupees',
    ],
    [
      'no undelivered order allowed',
      { codMaxUndeliveredOrders: 0 },
      'codMaxUndeliveredOrders: Give a whole number of orders from 1 to 10',
    ],
    [
      '11 undelivered orders',
      { codMaxUndeliveredOrders: 11 },
      'codMaxUndeliveredOrders: Give a whole number of orders from 1 to 10',
    ],
    [
      'a PIN India Post does not have',
      { codUnservedPins: ['560001', '999999'] },
      'codUnservedPins[1]: This PIN code is not in India Post’s directory: please check it',
    ],
    [
      'a PIN beginning of 1 digit',
      { codUnservedPins: ['5'] },
      'codUnservedPins[0]: Give a PIN code of 6 digits, or its first 2 to 5 digits, not starting with 0',
    ],
    [
      'a PIN beginning with 0',
      { codUnservedPins: ['05'] },
      'codUnservedPins[0]: Give a PIN code of 6 digits, or its first 2 to 5 digits, not starting with 0',
    ],
    [
      'a PIN beginning no PIN has',
      { codUnservedPins: ['99'] },
      'codUnservedPins[0]: No PIN code in India Post’s directory begins with these digits',
    ],
    [
      'a PIN listed twice',
      { codUnservedPins: ['560', '560'] },
      'codUnservedPins[1]: This PIN code is listed twice',
    ],
  ];

  describe.each(REFUSED)('refuses %s, changing nothing', (_name, change, message) => {
    it('GraphQL: BAD_USER_INPUT naming the field', async () => {
      await setPayments(shop);
      const before = await stored();
      const error = expectRefused(
        await gql(shop, UPDATE_PAYMENTS, { input: change }, shop.admin),
        'BAD_USER_INPUT',
        'updatePaymentSettings',
      );
      expect(error.message).toBe(message);
      expect(await stored()).toEqual(before);
    });

    it('REST: 400 naming the field', async () => {
      await setPayments(shop);
      const before = await stored();
      expectError(await shop.http().put(REST).set(shop.admin.auth).send(change), 400, message);
      expect(await stored()).toEqual(before);
    });
  });

  it('refuses a wrong type on both APIs, naming the field', async () => {
    await setPayments(shop);
    const before = await stored();
    for (const [body, message] of [
      [{ codFee: '10' }, 'codFee must be a number of rupees'],
      [{ paymentExpiryMinutes: 7.5 }, 'paymentExpiryMinutes must be a whole number'],
      [{ methods: { upi: 'yes' } }, 'methods.upi must be true or false'],
      [{ upiVpa: 42 }, 'upiVpa must be a text'],
    ] as const) {
      expectError(await shop.http().put(REST).set(shop.admin.auth).send(body), 400, message);
    }
    const answer = await gql(shop, UPDATE_PAYMENTS, { input: { codFee: 'free' } }, shop.admin);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0].message).toMatch(/codFee/);
    expect(await stored()).toEqual(before);
  });

  it('GraphQL: admins only, to read and to change', async () => {
    await expectAdminOnly(shop, PAYMENT_SETTINGS, {}, 'paymentSettings');
    const before = await stored();
    await expectAdminOnly(shop, UPDATE_PAYMENTS, { input: { codFee: 0 } }, 'updatePaymentSettings');
    expect(await stored()).toEqual(before);
  });

  it('REST: 401 without a token, 403 for a shopper, to read and to change', async () => {
    const before = await stored();
    expectError(await shop.http().get(REST), 401);
    expectError(await shop.http().get(REST).set(shop.shopper.auth), 403);
    expectError(await shop.http().put(REST).send({ codFee: 0 }), 401);
    expectError(await shop.http().put(REST).set(shop.shopper.auth).send({ codFee: 0 }), 403);
    expect(await stored()).toEqual(before);
  });
});
