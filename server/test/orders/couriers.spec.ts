import { afterEach, describe, expect, it } from 'vitest';
import { PRESET_COURIERS } from '../../src/orders/couriers';
import { COURIER_RULES } from '../../src/shared/rules';
import { expectError } from '../support/fixtures';
import { expectAdminOnly, expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';

const COURIERS = '{ couriers { name trackingUrl } }';
const SET_COURIERS = `
  mutation ($couriers: [CourierInput!]!) { setCouriers(couriers: $couriers) { name trackingUrl } }
`;

interface Courier {
  name: string;
  trackingUrl: string;
}

const bluedart = { name: 'Blue Dart', trackingUrl: 'https://www.bluedart.com/track?awb={awb}' };
const shadowfax = { name: 'Shadowfax', trackingUrl: 'https://tracker.shadowfax.in/#/track/{awb}' };

/** The couriers section of the shop's settings: preset, edited by the admin, every change checked. */
describe('couriers in settings (REST and GraphQL)', () => {
  const shop = useTestShop({ seed: true });

  afterEach(async () => {
    await gqlOk(shop, SET_COURIERS, { couriers: PRESET_COURIERS }, shop.admin);
  });

  const restList = () => shop.http().get('/api/v1/settings/couriers').set(shop.admin.auth);
  const restSave = (body: unknown) =>
    shop
      .http()
      .put('/api/v1/settings/couriers')
      .set(shop.admin.auth)
      .send(body as object);

  it("starts with India's couriers, each with an https tracking page holding {awb}", async () => {
    const { couriers } = await gqlOk<{ couriers: Courier[] }>(shop, COURIERS, {}, shop.admin);
    expect(couriers.map((courier) => courier.name)).toEqual([
      'India Post Speed Post',
      'Delhivery',
      'Blue Dart',
      'DTDC',
      'Ekart',
      'Xpressbees',
    ]);
    for (const courier of couriers) expect(courier.trackingUrl).toMatch(/^https:\/\/.*\{awb\}/);
    expect((await restList().expect(200)).body).toEqual({ success: true, couriers });
  });

  it('GraphQL and REST: the admin replaces the list, names and addresses trimmed', async () => {
    const { setCouriers } = await gqlOk<{ setCouriers: Courier[] }>(
      shop,
      SET_COURIERS,
      { couriers: [{ name: ' Shadowfax ', trackingUrl: ` ${shadowfax.trackingUrl} ` }] },
      shop.admin,
    );
    expect(setCouriers).toEqual([shadowfax]);
    expect((await restList().expect(200)).body.couriers).toEqual([shadowfax]);

    const saved = await restSave({ couriers: [bluedart, shadowfax] }).expect(200);
    expect(saved.body).toEqual({
      success: true,
      message: 'Couriers saved',
      couriers: [bluedart, shadowfax],
    });
    const { couriers } = await gqlOk<{ couriers: Courier[] }>(shop, COURIERS, {}, shop.admin);
    expect(couriers).toEqual([bluedart, shadowfax]);
  });

  it('refuses a bad list whole with 400 / BAD_USER_INPUT naming the courier and field', async () => {
    const many = Array.from({ length: 21 }, (_, at) => ({
      name: `Courier ${at}`,
      trackingUrl: `https://c${at}.example.in/{awb}`,
    }));
    const cases: [Courier[], string][] = [
      [[], COURIER_RULES.none],
      [many, COURIER_RULES.tooMany],
      [[bluedart, { ...shadowfax, name: '  ' }], COURIER_RULES.name(1)],
      [[{ ...bluedart, name: 'B'.repeat(41) }], COURIER_RULES.name(0)],
      [[bluedart, { ...shadowfax, name: 'blue dart' }], COURIER_RULES.sameName(1)],
      [
        [{ ...bluedart, trackingUrl: 'http://www.bluedart.com/{awb}' }],
        COURIER_RULES.trackingUrl(0),
      ],
      [
        [{ ...bluedart, trackingUrl: 'https://www.bluedart.com/track' }],
        COURIER_RULES.trackingUrl(0),
      ],
      [[{ ...bluedart, trackingUrl: 'javascript:alert({awb})' }], COURIER_RULES.trackingUrl(0)],
      [[{ ...bluedart, trackingUrl: 'https://{awb}' }], COURIER_RULES.trackingUrl(0)],
      [
        [{ ...bluedart, trackingUrl: `https://x.in/${'a'.repeat(300)}{awb}` }],
        COURIER_RULES.trackingUrl(0),
      ],
    ];
    for (const [couriers, message] of cases) {
      const error = expectRefused(
        await gql(shop, SET_COURIERS, { couriers }, shop.admin),
        'BAD_USER_INPUT',
        'setCouriers',
      );
      expect(error.message).toBe(message);
      expectError(await restSave({ couriers }), 400, message);
      expect(error.message).toMatch(/^couriers(\[\d+\]\.(name|trackingUrl))?: /);
    }
    expectError(await restSave({ couriers: 'Delhivery' }), 400, 'couriers must be a list');
    expectError(await restSave({ couriers: [{ name: 'X' }] }), 400, /^trackingUrl/);
    const { couriers } = await gqlOk<{ couriers: Courier[] }>(shop, COURIERS, {}, shop.admin);
    expect(couriers).toEqual(PRESET_COURIERS);
  });

  it('is for admins only, on both APIs', async () => {
    await expectAdminOnly(shop, COURIERS, {}, 'couriers');
    await expectAdminOnly(shop, SET_COURIERS, { couriers: [bluedart] }, 'setCouriers');
    for (const [call, body] of [
      ['get', undefined],
      ['put', { couriers: [bluedart] }],
    ] as const) {
      expectError(await shop.http()[call]('/api/v1/settings/couriers').send(body), 401);
      expectError(
        await shop.http()[call]('/api/v1/settings/couriers').set(shop.shopper.auth).send(body),
        403,
      );
    }
    const { couriers } = await gqlOk<{ couriers: Courier[] }>(shop, COURIERS, {}, shop.admin);
    expect(couriers).toEqual(PRESET_COURIERS);
  });
});
