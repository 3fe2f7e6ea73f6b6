import { describe, expect, it } from 'vitest';
import { expectError } from '../support/fixtures';
import { expectAdminOnly, expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { DELIVERY_SETTINGS, setDelivery, SettingsView, UPDATE_SETTINGS } from './operations';

const REST = '/api/v1/settings/delivery';

/**
 * The admin's delivery settings, on both APIs: read, changed field by field, every bad field
 * refused naming it with nothing changed, and only for admins.
 */
describe('delivery settings: GraphQL deliverySettings / updateDeliverySettings, REST /api/v1/settings/delivery', () => {
  const shop = useTestShop({ seed: true });

  /** The section as stored, to show a refusal wrote nothing. */
  const stored = () =>
    shop.connection.collection('shop_settings').findOne({ _id: 'delivery' as never });

  it('the demo shop ships from Jaipur at Rs 49, free from Rs 499, with its holidays', async () => {
    const { deliverySettings } = await gqlOk<{ deliverySettings: SettingsView }>(
      shop,
      DELIVERY_SETTINGS,
      {},
      shop.admin,
    );
    expect(deliverySettings).toMatchObject({
      dispatchPin: '302001',
      dispatchPlace: { city: 'Jaipur', state: { name: 'Rajasthan' } },
      flatCharge: 49,
      freeShippingFrom: 499,
      cutOffHour: 14,
    });
    expect(deliverySettings.holidays).toEqual(expect.arrayContaining(['2027-01-26', '2027-10-29']));
    expect(deliverySettings.zones.map((zone) => zone.zone)).toEqual([
      'SAME_CITY',
      'SAME_STATE',
      'METRO_TO_METRO',
      'REST_OF_INDIA',
      'NORTH_EAST_AND_ISLANDS',
    ]);
    const rest = await shop.http().get(REST).set(shop.admin.auth).expect(200);
    expect(rest.body.success).toBe(true);
    expect(rest.body.settings).toMatchObject({ dispatchPin: '302001', flatCharge: 49 });
  });

  it('GraphQL: changes the fields given and keeps the others; amounts in rupees, kept in paise', async () => {
    await setDelivery(shop);
    const { updateDeliverySettings: changed } = await gqlOk<{
      updateDeliverySettings: SettingsView;
    }>(
      shop,
      UPDATE_SETTINGS,
      {
        input: {
          flatCharge: 59.5,
          zones: [{ zone: 'NORTH_EAST_AND_ISLANDS', charge: 120, maxDays: 12 }],
          holidays: ['2027-10-29', '2027-01-26'],
          unservedStates: ['35', 'Lakshadweep'],
        },
      },
      shop.admin,
    );
    expect(changed).toMatchObject({
      dispatchPin: '302001',
      flatCharge: 59.5,
      freeShippingFrom: 499,
    });
    expect(changed.zones.at(-1)).toEqual({
      zone: 'NORTH_EAST_AND_ISLANDS',
      charge: 120,
      minDays: 6,
      maxDays: 12,
    });
    // Holidays in order; states by GST code, shown by name.
    expect(changed.holidays).toEqual(['2027-01-26', '2027-10-29']);
    expect(changed.unservedStates).toEqual([
      { code: '35', name: 'Andaman and Nicobar Islands' },
      { code: '31', name: 'Lakshadweep' },
    ]);
    const value = (await stored())!.value as Record<string, unknown>;
    expect(value).toMatchObject({ flatCharge: 5950, unservedStates: ['35', '31'] });
  });

  it('REST: PUT changes the fields sent, and null takes the free-shipping threshold away', async () => {
    await setDelivery(shop);
    const response = await shop
      .http()
      .put(REST)
      .set(shop.admin.auth)
      .send({ dispatchPin: '800001', freeShippingFrom: null })
      .expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Delivery settings saved',
      settings: {
        dispatchPin: '800001',
        dispatchPlace: { city: 'Patna', state: { name: 'Bihar' } },
        freeShippingFrom: null,
        flatCharge: 49,
      },
    });
    const { deliverySettings } = await gqlOk<{ deliverySettings: SettingsView }>(
      shop,
      DELIVERY_SETTINGS,
      {},
      shop.admin,
    );
    expect(deliverySettings).toMatchObject({ dispatchPin: '800001', freeShippingFrom: null });
  });

  /** Each bad change, the field it is refused for, and the message. */
  const REFUSED: [string, Record<string, unknown>, string][] = [
    [
      'a dispatch PIN of 5 digits',
      { dispatchPin: '30200' },
      'dispatchPin: PIN code must be 6 digits and not start with 0',
    ],
    [
      'a dispatch PIN India Post does not have',
      { dispatchPin: '999999' },
      'dispatchPin: This PIN code is not in India Post’s directory: please check it',
    ],
    [
      'a negative flat charge',
      { flatCharge: -1 },
      'flatCharge: A charge must be from 0 to 10,000 rupees',
    ],
    [
      'a flat charge in fractions of a paisa',
      { flatCharge: 49.999 },
      'flatCharge: An amount has at most 2 decimal places',
    ],
    [
      'a negative threshold',
      { freeShippingFrom: -5 },
      'freeShippingFrom: An amount must be from 0 to 10000000 rupees',
    ],
    [
      'a zone charge over the limit',
      { zones: [{ zone: 'SAME_CITY', charge: 10_001 }] },
      'zones[0].charge: A charge must be from 0 to 10,000 rupees',
    ],
    [
      'a zone whose most days are fewer than its fewest',
      { zones: [{ zone: 'SAME_STATE', minDays: 5, maxDays: 3 }] },
      'zones[0].maxDays: The most days must be at least the fewest',
    ],
    [
      'a zone of 31 days',
      { zones: [{ zone: 'REST_OF_INDIA', maxDays: 31 }] },
      'zones[0].maxDays: Days must be whole numbers from 0 to 30',
    ],
    [
      'a zone given twice',
      { zones: [{ zone: 'SAME_CITY' }, { zone: 'SAME_CITY' }] },
      'zones[1].zone: Give each delivery zone once',
    ],
    [
      'a holiday that is no date',
      { holidays: ['2027-02-30'] },
      'holidays[0]: Dates are written YYYY-MM-DD, such as 2026-01-31',
    ],
    [
      'a holiday written the Indian way',
      { holidays: ['2027-01-26', '26-01-2027'] },
      'holidays[1]: Dates are written YYYY-MM-DD, such as 2026-01-31',
    ],
    [
      'a holiday listed twice',
      { holidays: ['2027-01-26', '2027-01-26'] },
      'holidays[1]: This holiday is listed twice',
    ],
    [
      'a cut-off hour of 25',
      { cutOffHour: 25 },
      'cutOffHour: The cut-off must be a whole hour from 0 to 24',
    ],
    [
      'an unserved PIN that does not exist',
      { unservedPins: ['302001', '000000'] },
      'unservedPins[1]: PIN code must be 6 digits and not start with 0',
    ],
    [
      'an unserved state that is none',
      { unservedStates: ['99'] },
      'unservedStates[0]: Not a state or union territory: give its GST code, such as 07',
    ],
  ];

  describe.each(REFUSED)('refuses %s, changing nothing', (_name, change, message) => {
    it('GraphQL: BAD_USER_INPUT naming the field', async () => {
      await setDelivery(shop);
      const before = await stored();
      const error = expectRefused(
        await gql(shop, UPDATE_SETTINGS, { input: change }, shop.admin),
        'BAD_USER_INPUT',
        'updateDeliverySettings',
      );
      expect(error.message).toBe(message);
      expect(await stored()).toEqual(before);
    });

    it('REST: 400 naming the field', async () => {
      await setDelivery(shop);
      const before = await stored();
      expectError(await shop.http().put(REST).set(shop.admin.auth).send(change), 400, message);
      expect(await stored()).toEqual(before);
    });
  });

  it('refuses a wrong type on both APIs, naming the field', async () => {
    const before = await stored();
    expectError(
      await shop.http().put(REST).set(shop.admin.auth).send({ flatCharge: '49' }),
      400,
      'flatCharge must be a number of rupees',
    );
    const answer = await gql(shop, UPDATE_SETTINGS, { input: { flatCharge: 'free' } }, shop.admin);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0].message).toMatch(/flatCharge/);
    expect(await stored()).toEqual(before);
  });

  it('GraphQL: admins only, to read and to change', async () => {
    await expectAdminOnly(shop, DELIVERY_SETTINGS, {}, 'deliverySettings');
    const before = await stored();
    await expectAdminOnly(
      shop,
      UPDATE_SETTINGS,
      { input: { flatCharge: 0 } },
      'updateDeliverySettings',
    );
    expect(await stored()).toEqual(before);
  });

  it('REST: 401 without a token, 403 for a shopper, to read and to change', async () => {
    const before = await stored();
    expectError(await shop.http().get(REST), 401);
    expectError(await shop.http().get(REST).set(shop.shopper.auth), 403);
    expectError(await shop.http().put(REST).send({ flatCharge: 0 }), 401);
    expectError(await shop.http().put(REST).set(shop.shopper.auth).send({ flatCharge: 0 }), 403);
    expect(await stored()).toEqual(before);
  });
});
