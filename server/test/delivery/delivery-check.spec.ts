import { afterEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { setPayments } from '../payments/operations';
import { CheckView, DELIVERY_CHECK, setDelivery, stopClockAt } from './operations';

const restCheck = (pin: string) => `/api/v1/delivery/check/${pin}`;

/**
 * The public delivery check, on both APIs: the zone of known PINs from the dispatch PIN, the
 * dates from a clock stopped on a known day (Thursday 3 December 2026; Sunday the 6th), what
 * is served and what is not, and answers that follow the settings at once.
 */
describe('delivery check: GraphQL deliveryCheck(pin), REST GET /api/v1/delivery/check/{pin}', () => {
  const shop = useTestShop({ seed: true });
  let clock: { release: () => void } | undefined;
  afterEach(() => clock?.release());

  const check = async (pin: string) =>
    (await gqlOk<{ deliveryCheck: CheckView }>(shop, DELIVERY_CHECK, { pin })).deliveryCheck;
  const restAnswer = async (pin: string) => {
    const response = await shop.http().get(restCheck(pin)).expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.message).toBe(response.body.check.message);
    return response.body.check as CheckView;
  };

  it.each([
    ['302001', '302017', 'SAME_CITY', 'Jaipur'],
    ['302001', '305001', 'SAME_STATE', 'Ajmer'],
    ['302001', '800001', 'REST_OF_INDIA', 'Patna'],
    ['302001', '781001', 'NORTH_EAST_AND_ISLANDS', 'Guwahati'],
    ['110001', '400001', 'METRO_TO_METRO', 'Mumbai'],
  ])('from %s, %s is %s (%s), on both APIs', async (dispatchPin, pin, zone, city) => {
    await setDelivery(shop, { dispatchPin });
    for (const answer of [await check(pin), await restAnswer(pin)]) {
      expect(answer).toMatchObject({ pin, zone, deliverable: true, place: { city } });
    }
  });

  it.each([
    ['302017', '2026-12-04', '2026-12-05'],
    ['305001', '2026-12-05', '2026-12-08'],
    ['800001', '2026-12-08', '2026-12-11'],
    ['781001', '2026-12-10', '2026-12-15'],
  ])(
    'ordered Thursday 3 December at 10:00, %s gets it between %s and %s',
    async (pin, earliest, latest) => {
      await setDelivery(shop);
      clock = stopClockAt(shop, '2026-12-03T10:00:00+05:30');
      expect(await check(pin)).toMatchObject({ earliest, latest });
      expect(await restAnswer(pin)).toMatchObject({ earliest, latest });
    },
  );

  it('after the cut-off, skips the Sunday and a listed holiday, and says so in words', async () => {
    await setDelivery(shop, { holidays: ['2026-12-07'] });
    await setPayments(shop);
    clock = stopClockAt(shop, '2026-12-03T15:00:00+05:30');
    // Dispatched Friday 4; one working day is Saturday 5, two is Tuesday 8 (Sunday 6 and
    // the holiday on Monday 7 skipped).
    const answer = await check('302017');
    expect(answer).toMatchObject({
      earliest: '2026-12-05',
      latest: '2026-12-08',
      cashOnDelivery: true,
      cashOnDeliveryUpTo: 10_000,
      charge: 49,
      freeShippingFrom: 499,
      message:
        'Delivery by Sat 5 Dec – Tue 8 Dec to Jaipur, Rajasthan · Cash on delivery available',
    });
    expect(await restAnswer('302017')).toMatchObject(answer);
  });

  it("answers the zone's own charge, and no cash on delivery when the shop takes none", async () => {
    await setDelivery(shop, { zones: [{ zone: 'NORTH_EAST_AND_ISLANDS', charge: 149 }] });
    await setPayments(shop, { methods: { cashOnDelivery: false } });
    const answer = await check('781001');
    expect(answer).toMatchObject({ charge: 149, cashOnDelivery: false });
    expect(answer.message).toMatch(/ · No cash on delivery$/);
    expect((await check('800001')).charge).toBe(49);
  });

  it('answers no cash on delivery where the payment settings do not offer it, by PIN or its beginning', async () => {
    await setDelivery(shop);
    await setPayments(shop, { codUnservedPins: ['560001', '80'], codUpTo: 2_500 });
    for (const pin of ['560001', '800001', '800002']) {
      for (const answer of [await check(pin), await restAnswer(pin)]) {
        expect(answer).toMatchObject({ deliverable: true, cashOnDelivery: false });
        expect(answer.message).toMatch(/ · No cash on delivery$/);
      }
    }
    expect(await check('560002')).toMatchObject({
      cashOnDelivery: true,
      cashOnDeliveryUpTo: 2_500,
    });
    expect(await restAnswer('560002')).toMatchObject({ cashOnDeliveryUpTo: 2_500 });
  });

  it('answers a PIN or a state the shop does not serve as not deliverable, with no dates', async () => {
    await setDelivery(shop, { unservedPins: ['800001'], unservedStates: ['35'] });
    for (const answer of [await check('800001'), await restAnswer('800001')]) {
      expect(answer).toMatchObject({
        deliverable: false,
        earliest: null,
        latest: null,
        cashOnDelivery: false,
        message: 'Sorry, we do not deliver to 800001 (Patna, Bihar) yet',
      });
    }
    expect(await check('744101')).toMatchObject({
      deliverable: false,
      zone: 'NORTH_EAST_AND_ISLANDS',
    });
    expect((await check('800002')).deliverable).toBe(true);
  });

  it.each([
    ['12345', 'pin: PIN code must be 6 digits and not start with 0'],
    ['012345', 'pin: PIN code must be 6 digits and not start with 0'],
    ['30200a', 'pin: PIN code must be 6 digits and not start with 0'],
    ['999999', 'pin: This PIN code is not in India Post’s directory: please check it'],
  ])('refuses %s naming pin, on both APIs', async (pin, message) => {
    const error = expectRefused(
      await gql(shop, DELIVERY_CHECK, { pin }),
      'BAD_USER_INPUT',
      'deliveryCheck',
    );
    expect(error.message).toBe(message);
    expectError(await shop.http().get(restCheck(pin)), 400, message);
  });

  it('is never kept: a change of the settings, or of the day, shows in the next answer', async () => {
    await setDelivery(shop);
    clock = stopClockAt(shop, '2026-12-03T10:00:00+05:30');
    // With a catalogue field beside it, as a product page might ask: stored answers are the
    // catalogue's, and this one must not become one.
    const query = `query ($pin: String!) { categories { id } deliveryCheck(pin: $pin) { charge earliest } }`;
    const ask = async () =>
      (
        await gqlOk<{ deliveryCheck: { charge: number; earliest: string } }>(shop, query, {
          pin: '800001',
        })
      ).deliveryCheck;
    expect(await ask()).toEqual({ charge: 49, earliest: '2026-12-08' });
    expect(await ask()).toEqual({ charge: 49, earliest: '2026-12-08' });

    await shop
      .http()
      .put('/api/v1/settings/delivery')
      .set(shop.admin.auth)
      .send({ flatCharge: 79 })
      .expect(200);
    expect((await ask()).charge).toBe(79);
    expect((await restAnswer('800001')).charge).toBe(79);

    clock.release();
    clock = stopClockAt(shop, '2026-12-04T10:00:00+05:30');
    expect((await ask()).earliest).toBe('2026-12-09');
  });
});
