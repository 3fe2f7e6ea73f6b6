import { describe, expect, it } from 'vitest';
import { COUPON_RULES, OFFER_RULES } from '../../src/shared/offer-rules';
import { expectError, missingId, newCategory, newProduct, uniqueTag } from '../support/fixtures';
import { expectAdminOnly, expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import type { TestShop } from '../support/test-app';

const COUPON_FIELDS = `
  code description kind value maxDiscount minCartValue startsAt endsAt categories products
  totalUses usesPerShopper firstOrderOnly combinesWithOffers active createdAt uses
`;
const COUPONS = `{ coupons { ${COUPON_FIELDS} } }`;
const COUPON = `query ($code: String!) { coupon(code: $code) { ${COUPON_FIELDS} } }`;
const CREATE = `mutation ($input: CouponInput!) { createCoupon(input: $input) { ${COUPON_FIELDS} } }`;
const UPDATE = `
  mutation ($code: String!, $input: CouponInput!) {
    updateCoupon(code: $code, input: $input) { ${COUPON_FIELDS} }
  }
`;
const DELETE = `mutation ($code: String!) { deleteCoupon(code: $code) }`;

const OFFER_FIELDS = `
  id name kind category minQuantity percent minCartValue startsAt endsAt active
`;
const OFFERS = `{ automaticOffers { ${OFFER_FIELDS} } }`;
const REPLACE_OFFERS = `
  mutation ($offers: [AutomaticOfferInput!]!) {
    updateAutomaticOffers(offers: $offers) { ${OFFER_FIELDS} }
  }
`;

interface CouponView {
  code: string;
  description: string;
  kind: string;
  value: number;
  maxDiscount: number | null;
  minCartValue: number;
  startsAt: string | null;
  endsAt: string | null;
  categories: string[];
  products: string[];
  totalUses: number | null;
  usesPerShopper: number | null;
  firstOrderOnly: boolean;
  combinesWithOffers: boolean;
  active: boolean;
  createdAt: string;
  uses: number;
}

interface OfferView {
  id: string;
  name: string;
  kind: string;
  category: string | null;
  minQuantity: number;
  percent: number;
  minCartValue: number;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
}

/** A code no other test uses: codes are unique in the shop. */
const newCode = () => `T${uniqueTag().toUpperCase()}`;

/** Every coupon and the stored offers, to show a refusal wrote nothing. */
const stored = async (shop: TestShop) => ({
  coupons: await shop.connection.collection('coupons').find().sort({ _id: 1 }).toArray(),
  offers: await shop.connection.collection('shop_settings').findOne({ _id: 'offers' as never }),
});

/** A coupon made over REST, with `fields` over 10% off. */
async function restCoupon(shop: TestShop, fields: Record<string, unknown> = {}) {
  const code = newCode();
  const response = await shop
    .http()
    .post('/api/v1/coupons')
    .set(shop.admin.auth)
    .send({ code, kind: 'percent', value: 10, ...fields })
    .expect(201);
  return response.body.coupon as CouponView;
}

/**
 * The admin's coupons and automatic offers, on both APIs: made, listed, changed and deleted;
 * codes unique whatever their case; every bad field refused naming it with nothing written;
 * only for admins.
 */
describe('coupons and automatic offers for the admin: GraphQL coupons / automaticOffers, REST /api/v1/coupons, /api/v1/offers', () => {
  const shop = useTestShop({ seed: true });

  describe('coupons', () => {
    it('GraphQL: creates a percent coupon with every field, lists it, reads it by code in any case', async () => {
      const category = await newCategory(shop, shop.admin);
      const product = await newProduct(shop, shop.admin);
      const code = newCode();
      const { createCoupon } = await gqlOk<{ createCoupon: CouponView }>(
        shop,
        CREATE,
        {
          input: {
            code: ` ${code.toLowerCase()} `,
            description: 'Diwali mailing list',
            kind: 'PERCENT',
            value: 15,
            maxDiscount: 250.5,
            minCartValue: 999,
            startsAt: '2027-10-20T00:00:00.000Z',
            endsAt: '2027-11-05T00:00:00.000Z',
            categories: [category._id],
            products: [product._id],
            totalUses: 1000,
            usesPerShopper: 2,
            firstOrderOnly: true,
            combinesWithOffers: false,
            active: false,
          },
        },
        shop.admin,
      );
      expect(createCoupon).toMatchObject({
        code,
        description: 'Diwali mailing list',
        kind: 'PERCENT',
        value: 15,
        maxDiscount: 250.5,
        minCartValue: 999,
        startsAt: '2027-10-20T00:00:00.000Z',
        endsAt: '2027-11-05T00:00:00.000Z',
        categories: [category._id],
        products: [product._id],
        totalUses: 1000,
        usesPerShopper: 2,
        firstOrderOnly: true,
        combinesWithOffers: false,
        active: false,
        uses: 0,
      });
      // Kept in paise.
      const row = await shop.connection.collection('coupons').findOne({ _id: code as never });
      expect(row).toMatchObject({ maxDiscount: 25050, minCartValue: 99900, value: 15 });

      const { coupons } = await gqlOk<{ coupons: CouponView[] }>(shop, COUPONS, {}, shop.admin);
      expect(coupons.find((coupon) => coupon.code === code)).toEqual(createCoupon);
      const { coupon } = await gqlOk<{ coupon: CouponView }>(
        shop,
        COUPON,
        { code: code.toLowerCase() },
        shop.admin,
      );
      expect(coupon).toEqual(createCoupon);
    });

    it('REST: creates an amount coupon in rupees with defaults for the fields left out, listed newest first', async () => {
      const older = await restCoupon(shop);
      const code = newCode();
      const response = await shop
        .http()
        .post('/api/v1/coupons')
        .set(shop.admin.auth)
        .send({ code, kind: 'amount', value: 100, minCartValue: 999 })
        .expect(201);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Coupon created',
        coupon: {
          code,
          description: '',
          kind: 'amount',
          value: 100,
          maxDiscount: null,
          minCartValue: 999,
          startsAt: null,
          endsAt: null,
          categories: [],
          products: [],
          totalUses: null,
          usesPerShopper: null,
          firstOrderOnly: false,
          combinesWithOffers: true,
          active: true,
        },
      });
      expect(response.body.coupon).not.toHaveProperty('_id');
      const row = await shop.connection.collection('coupons').findOne({ _id: code as never });
      expect(row).toMatchObject({ value: 10000, minCartValue: 99900 });

      const list = await shop.http().get('/api/v1/coupons').set(shop.admin.auth).expect(200);
      const codes = (list.body.coupons as CouponView[]).map((coupon) => coupon.code);
      expect(codes.indexOf(code)).toBeLessThan(codes.indexOf(older.code));
      expect(list.body.coupons[codes.indexOf(code)]).toEqual(response.body.coupon);
    });

    it('GraphQL: changes the fields given and keeps the others; null takes a cap or a limit away', async () => {
      const coupon = await restCoupon(shop, { maxDiscount: 500, totalUses: 10, description: 'A' });
      const { updateCoupon } = await gqlOk<{ updateCoupon: CouponView }>(
        shop,
        UPDATE,
        {
          code: coupon.code.toLowerCase(),
          input: { value: 20, maxDiscount: null, totalUses: null },
        },
        shop.admin,
      );
      expect(updateCoupon).toMatchObject({
        code: coupon.code,
        kind: 'PERCENT',
        value: 20,
        maxDiscount: null,
        totalUses: null,
        description: 'A',
      });
      // From percent to amount: the value is given again, in rupees.
      const { updateCoupon: amount } = await gqlOk<{ updateCoupon: CouponView }>(
        shop,
        UPDATE,
        { code: coupon.code, input: { kind: 'AMOUNT', value: 75.25 } },
        shop.admin,
      );
      expect(amount).toMatchObject({ kind: 'AMOUNT', value: 75.25, description: 'A' });
      const row = await shop.connection
        .collection('coupons')
        .findOne({ _id: coupon.code as never });
      expect(row).toMatchObject({ kind: 'amount', value: 7525 });
    });

    it('REST: PUT changes the fields sent; DELETE removes the coupon, then 404', async () => {
      const coupon = await restCoupon(shop);
      const put = await shop
        .http()
        .put(`/api/v1/coupons/${coupon.code.toLowerCase()}`)
        .set(shop.admin.auth)
        .send({ active: false, usesPerShopper: 1, endsAt: '2030-01-01T00:00:00.000Z' })
        .expect(200);
      expect(put.body).toMatchObject({
        success: true,
        message: 'Coupon saved',
        coupon: {
          code: coupon.code,
          value: 10,
          active: false,
          usesPerShopper: 1,
          endsAt: '2030-01-01T00:00:00.000Z',
        },
      });
      const removed = await shop
        .http()
        .delete(`/api/v1/coupons/${coupon.code}`)
        .set(shop.admin.auth)
        .expect(200);
      expect(removed.body).toEqual({ success: true, message: 'Coupon deleted' });
      expect(
        await shop.connection.collection('coupons').findOne({ _id: coupon.code as never }),
      ).toBeNull();
      expectError(
        await shop.http().delete(`/api/v1/coupons/${coupon.code}`).set(shop.admin.auth),
        404,
        COUPON_RULES.noSuchCoupon,
      );
      expectError(
        await shop.http().put(`/api/v1/coupons/${coupon.code}`).set(shop.admin.auth).send({}),
        404,
        COUPON_RULES.noSuchCoupon,
      );
    });

    it('GraphQL: deleteCoupon removes it, in any case; then NOT_FOUND', async () => {
      const coupon = await restCoupon(shop);
      const { deleteCoupon } = await gqlOk<{ deleteCoupon: boolean }>(
        shop,
        DELETE,
        { code: coupon.code.toLowerCase() },
        shop.admin,
      );
      expect(deleteCoupon).toBe(true);
      const again = expectRefused(
        await gql(shop, DELETE, { code: coupon.code }, shop.admin),
        'NOT_FOUND',
        'deleteCoupon',
      );
      expect(again.message).toBe(COUPON_RULES.noSuchCoupon);
      expectRefused(
        await gql(shop, COUPON, { code: coupon.code }, shop.admin),
        'NOT_FOUND',
        'coupon',
      );
    });

    it('refuses a code another coupon has in another case, on both APIs, changing nothing', async () => {
      const coupon = await restCoupon(shop);
      const before = await stored(shop);
      expectError(
        await shop
          .http()
          .post('/api/v1/coupons')
          .set(shop.admin.auth)
          .send({ code: coupon.code.toLowerCase(), kind: 'amount', value: 50 }),
        400,
        'code: another coupon has this code',
      );
      const error = expectRefused(
        await gql(
          shop,
          CREATE,
          { input: { code: coupon.code.toLowerCase(), kind: 'AMOUNT', value: 50 } },
          shop.admin,
        ),
        'BAD_USER_INPUT',
        'createCoupon',
      );
      expect(error.message).toBe('code: another coupon has this code');
      expect(await stored(shop)).toEqual(before);
    });

    /** Each bad new coupon, and the message naming its field. */
    const REFUSED_NEW: [string, Record<string, unknown>, string][] = [
      ['a code of 2 letters', { code: 'AB' }, COUPON_RULES.code.message],
      ['a code with a space', { code: 'FIRST 100' }, COUPON_RULES.code.message],
      ['a code of 21 characters', { code: 'A'.repeat(21) }, COUPON_RULES.code.message],
      ['no value', { value: undefined }, 'value: a whole percent from 1 to 100'],
      ['a value of null', { value: null }, 'value: a whole percent from 1 to 100'],
      ['a percent of 0', { value: 0 }, 'value: a whole percent from 1 to 100'],
      ['a percent of 101', { value: 101 }, 'value: a whole percent from 1 to 100'],
      ['a percent not whole', { value: 12.5 }, 'value: a whole percent from 1 to 100'],
      ['an amount of 0', { kind: 'amount', value: 0 }, 'value: an amount from 1 to 100,000 rupees'],
      [
        'an amount over 1 lakh',
        { kind: 'amount', value: 100_001 },
        'value: an amount from 1 to 100,000 rupees',
      ],
      [
        'an amount with no value',
        { kind: 'amount', value: undefined },
        'value: an amount from 1 to 100,000 rupees',
      ],
      [
        'an amount in fractions of a paisa',
        { kind: 'amount', value: 10.555 },
        'value: An amount has at most 2 decimal places',
      ],
      [
        'an amount with a maximum discount',
        { kind: 'amount', value: 100, maxDiscount: 50 },
        'maxDiscount: only a percent discount takes a maximum',
      ],
      [
        'a maximum discount of 0',
        { maxDiscount: 0 },
        'maxDiscount: an amount from 1 to 100,000 rupees, or none',
      ],
      [
        'a negative minimum cart value',
        { minCartValue: -1 },
        'minCartValue: an amount from 0 to 10000000 rupees',
      ],
      [
        'an end before the start',
        { startsAt: '2027-11-05T00:00:00.000Z', endsAt: '2027-10-20T00:00:00.000Z' },
        'endsAt: the end must come after the start',
      ],
      [
        'an end at the start',
        { startsAt: '2027-11-05T00:00:00.000Z', endsAt: '2027-11-05T00:00:00.000Z' },
        'endsAt: the end must come after the start',
      ],
      ['a start that is no date', { startsAt: 'tomorrow' }, 'startsAt: a date and time, or none'],
      ['an end that is no date', { endsAt: '2027-13-45' }, 'endsAt: a date and time, or none'],
      ['an unknown category', { categories: [missingId()] }, 'categories[0]: no such category'],
      ['a category that is no id', { categories: ['kitchen'] }, 'categories[0]: no such category'],
      ['an unknown product', { products: [missingId()] }, 'products[0]: no such product'],
      [
        'a total of 0 uses',
        { totalUses: 0 },
        'totalUses: a whole number from 1 to 1,000,000, or none',
      ],
      [
        '101 uses per shopper',
        { usesPerShopper: 101 },
        'usesPerShopper: a whole number from 1 to 100, or none',
      ],
      [
        'a description of 201 characters',
        { description: 'x'.repeat(201) },
        'description: at most 200 characters',
      ],
    ];

    /** The GraphQL input of a REST body: kinds in capitals. */
    const asInput = (body: Record<string, unknown>) =>
      typeof body.kind === 'string' ? { ...body, kind: body.kind.toUpperCase() } : body;

    describe.each(REFUSED_NEW)(
      'refuses a new coupon with %s, changing nothing',
      (_n, fields, message) => {
        const body = () => ({ code: newCode(), kind: 'percent', value: 10, ...fields });

        it('GraphQL: BAD_USER_INPUT naming the field', async () => {
          const before = await stored(shop);
          const error = expectRefused(
            await gql(shop, CREATE, { input: asInput(body()) }, shop.admin),
            'BAD_USER_INPUT',
            'createCoupon',
          );
          expect(error.message).toBe(message);
          expect(await stored(shop)).toEqual(before);
        });

        it('REST: 400 naming the field', async () => {
          const before = await stored(shop);
          expectError(
            await shop.http().post('/api/v1/coupons').set(shop.admin.auth).send(body()),
            400,
            message,
          );
          expect(await stored(shop)).toEqual(before);
        });
      },
    );

    it('refuses a category or product listed twice, naming the second, on both APIs', async () => {
      const category = await newCategory(shop, shop.admin);
      const product = await newProduct(shop, shop.admin);
      const coupon = await restCoupon(shop);
      const before = await stored(shop);
      for (const [change, message] of [
        [{ categories: [category._id, category._id] }, 'categories[1]: listed twice'],
        [{ products: [product._id, product._id] }, 'products[1]: listed twice'],
        [{ products: [product._id, missingId()] }, 'products[1]: no such product'],
      ] as const) {
        expectError(
          await shop.http().put(`/api/v1/coupons/${coupon.code}`).set(shop.admin.auth).send(change),
          400,
          message,
        );
        const error = expectRefused(
          await gql(shop, UPDATE, { code: coupon.code, input: change }, shop.admin),
          'BAD_USER_INPUT',
          'updateCoupon',
        );
        expect(error.message).toBe(message);
      }
      expect(await stored(shop)).toEqual(before);
    });

    it('refuses changes that break a rule with the kept fields: a cap on an amount, an end before the kept start', async () => {
      const percent = await restCoupon(shop, { maxDiscount: 200 });
      const dated = await restCoupon(shop, { startsAt: '2027-10-20T00:00:00.000Z' });
      const before = await stored(shop);
      const cases = [
        [percent.code, { kind: 'amount', value: 100 }, COUPON_RULES.maxDiscountForPercent],
        [percent.code, { kind: 'amount' }, 'value: an amount from 1 to 100,000 rupees'],
        [percent.code, { value: null }, 'value: a whole percent from 1 to 100'],
        [dated.code, { endsAt: '2027-10-01T00:00:00.000Z' }, COUPON_RULES.window],
        [dated.code, { code: `${dated.code}X` }, COUPON_RULES.codeKept],
      ] as const;
      for (const [code, change, message] of cases) {
        expectError(
          await shop.http().put(`/api/v1/coupons/${code}`).set(shop.admin.auth).send(change),
          400,
          message,
        );
        const error = expectRefused(
          await gql(shop, UPDATE, { code, input: asInput(change) }, shop.admin),
          'BAD_USER_INPUT',
          'updateCoupon',
        );
        expect(error.message).toBe(message);
      }
      expect(await stored(shop)).toEqual(before);
    });

    it('refuses a wrong type on both APIs, naming the field', async () => {
      const before = await stored(shop);
      expectError(
        await shop
          .http()
          .post('/api/v1/coupons')
          .set(shop.admin.auth)
          .send({ code: newCode(), kind: 'percent', value: '10' }),
        400,
        'value must be a number of rupees',
      );
      expectError(
        await shop
          .http()
          .post('/api/v1/coupons')
          .set(shop.admin.auth)
          .send({ code: newCode(), kind: 'free', value: 10 }),
        400,
        'kind must be percent or amount',
      );
      const answer = await gql(
        shop,
        CREATE,
        { input: { code: newCode(), kind: 'PERCENT', value: 10, totalUses: 'many' } },
        shop.admin,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0].message).toMatch(/totalUses/);
      expect(await stored(shop)).toEqual(before);
    });

    it('GraphQL: admins only, to read, create, change and delete', async () => {
      const coupon = await restCoupon(shop);
      const before = await stored(shop);
      await expectAdminOnly(shop, COUPONS, {}, 'coupons');
      await expectAdminOnly(shop, COUPON, { code: coupon.code }, 'coupon');
      await expectAdminOnly(
        shop,
        CREATE,
        { input: { code: newCode(), kind: 'PERCENT', value: 10 } },
        'createCoupon',
      );
      await expectAdminOnly(
        shop,
        UPDATE,
        { code: coupon.code, input: { value: 50 } },
        'updateCoupon',
      );
      await expectAdminOnly(shop, DELETE, { code: coupon.code }, 'deleteCoupon');
      expect(await stored(shop)).toEqual(before);
    });

    it('REST: 401 without a token, 403 for a shopper, for every call', async () => {
      const coupon = await restCoupon(shop);
      const before = await stored(shop);
      const body = { code: newCode(), kind: 'percent', value: 10 };
      const path = `/api/v1/coupons/${coupon.code}`;
      expectError(await shop.http().get('/api/v1/coupons'), 401);
      expectError(await shop.http().get('/api/v1/coupons').set(shop.shopper.auth), 403);
      expectError(await shop.http().post('/api/v1/coupons').send(body), 401);
      expectError(await shop.http().post('/api/v1/coupons').set(shop.shopper.auth).send(body), 403);
      expectError(await shop.http().put(path).send({ value: 50 }), 401);
      expectError(await shop.http().put(path).set(shop.shopper.auth).send({ value: 50 }), 403);
      expectError(await shop.http().delete(path), 401);
      expectError(await shop.http().delete(path).set(shop.shopper.auth), 403);
      expect(await stored(shop)).toEqual(before);
    });
  });

  describe('automatic offers', () => {
    it('GraphQL: replaces the list in the order given, amounts in rupees, ids kept for offers changed', async () => {
      const category = await newCategory(shop, shop.admin);
      const { updateAutomaticOffers: saved } = await gqlOk<{
        updateAutomaticOffers: OfferView[];
      }>(
        shop,
        REPLACE_OFFERS,
        {
          offers: [
            {
              name: 'Free shipping over Rs 499',
              kind: 'SHIPPING',
              minCartValue: 499,
              percent: 50,
            },
            {
              name: 'Buy 2 lamps, get 10% off',
              kind: 'ITEMS',
              category: category._id,
              minQuantity: 2,
              percent: 10,
              startsAt: '2027-10-20T00:00:00.000Z',
              endsAt: '2027-11-05T00:00:00.000Z',
              active: false,
            },
          ],
        },
        shop.admin,
      );
      expect(saved).toMatchObject([
        {
          name: 'Free shipping over Rs 499',
          kind: 'SHIPPING',
          category: null,
          minCartValue: 499,
          // A shipping offer takes no percent.
          percent: 0,
          active: true,
        },
        {
          name: 'Buy 2 lamps, get 10% off',
          kind: 'ITEMS',
          category: category._id,
          minQuantity: 2,
          percent: 10,
          minCartValue: 0,
          startsAt: '2027-10-20T00:00:00.000Z',
          endsAt: '2027-11-05T00:00:00.000Z',
          active: false,
        },
      ]);
      expect(saved[0].id).not.toBe(saved[1].id);
      const row = await shop.connection
        .collection('shop_settings')
        .findOne({ _id: 'offers' as never });
      expect((row!.value as { offers: { minCartValue: number }[] }).offers[0].minCartValue).toBe(
        49900,
      );

      // Reordered and one changed: ids stay with their offers.
      const { updateAutomaticOffers: again } = await gqlOk<{
        updateAutomaticOffers: OfferView[];
      }>(
        shop,
        REPLACE_OFFERS,
        {
          offers: [
            {
              id: saved[1].id,
              name: 'Buy 3 lamps, get 15% off',
              kind: 'ITEMS',
              minQuantity: 3,
              percent: 15,
            },
            { id: saved[0].id, name: saved[0].name, kind: 'SHIPPING', minCartValue: 599 },
          ],
        },
        shop.admin,
      );
      expect(again.map((offer) => [offer.id, offer.name])).toEqual([
        [saved[1].id, 'Buy 3 lamps, get 15% off'],
        [saved[0].id, saved[0].name],
      ]);
      const { automaticOffers } = await gqlOk<{ automaticOffers: OfferView[] }>(
        shop,
        OFFERS,
        {},
        shop.admin,
      );
      expect(automaticOffers).toEqual(again);
    });

    it('REST: PUT replaces the list, GET lists it; an empty list takes every offer away', async () => {
      const put = await shop
        .http()
        .put('/api/v1/offers')
        .set(shop.admin.auth)
        .send({
          offers: [{ name: 'Free shipping over Rs 999', kind: 'shipping', minCartValue: 999 }],
        })
        .expect(200);
      expect(put.body).toMatchObject({
        success: true,
        message: 'Offers saved',
        offers: [{ name: 'Free shipping over Rs 999', kind: 'shipping', minCartValue: 999 }],
      });
      const list = await shop.http().get('/api/v1/offers').set(shop.admin.auth).expect(200);
      expect(list.body).toEqual({ success: true, offers: put.body.offers });
      const { automaticOffers } = await gqlOk<{ automaticOffers: OfferView[] }>(
        shop,
        OFFERS,
        {},
        shop.admin,
      );
      expect(automaticOffers.map((offer) => offer.id)).toEqual([put.body.offers[0].id]);

      await shop.http().put('/api/v1/offers').set(shop.admin.auth).send({ offers: [] }).expect(200);
      const empty = await shop.http().get('/api/v1/offers').set(shop.admin.auth).expect(200);
      expect(empty.body.offers).toEqual([]);
    });

    const shipping = { name: 'Free shipping', kind: 'shipping', minCartValue: 499 };
    const items = { name: 'Buy 2, get 10% off', kind: 'items', minQuantity: 2, percent: 10 };

    /** Each bad list, and the message naming the offer's field. */
    const REFUSED_OFFERS: [string, Record<string, unknown>[], string][] = [
      ['a name of 2 characters', [shipping, { ...items, name: 'ab' }], OFFER_RULES.name(1)],
      ['a percent of 0', [{ ...items, percent: 0 }], OFFER_RULES.percent(0)],
      ['a percent of 91', [shipping, { ...items, percent: 91 }], OFFER_RULES.percent(1)],
      [
        'an items offer with no percent',
        [{ ...items, percent: undefined }],
        OFFER_RULES.percent(0),
      ],
      ['a minimum quantity of 0', [{ ...items, minQuantity: 0 }], OFFER_RULES.minQuantity(0)],
      ['a minimum quantity of 101', [{ ...items, minQuantity: 101 }], OFFER_RULES.minQuantity(0)],
      ['an unknown category', [{ ...items, category: missingId() }], OFFER_RULES.category(0)],
      [
        'a negative cart value',
        [{ ...shipping, minCartValue: -1 }],
        'offers[0].minCartValue: an amount from 0 to 10000000 rupees',
      ],
      [
        'a cart value in fractions of a paisa',
        [items, { ...shipping, minCartValue: 499.999 }],
        'offers[1].minCartValue: An amount has at most 2 decimal places',
      ],
      [
        'an end before the start',
        [{ ...items, startsAt: '2027-11-05T00:00:00.000Z', endsAt: '2027-10-20T00:00:00.000Z' }],
        OFFER_RULES.window(0),
      ],
      [
        'a start that is no date',
        [{ ...items, startsAt: 'soon' }],
        'offers[0].startsAt: a date and time, or none',
      ],
      [
        'an end that is no date',
        [shipping, { ...items, endsAt: '2027-02-30T99:00' }],
        'offers[1].endsAt: a date and time, or none',
      ],
      [
        `${OFFER_RULES.maxOffers + 1} offers`,
        Array.from({ length: OFFER_RULES.maxOffers + 1 }, () => shipping),
        OFFER_RULES.tooMany,
      ],
      [
        'one id given to two offers',
        [
          { ...shipping, id: 'same' },
          { ...items, id: 'same' },
        ],
        OFFER_RULES.idTwice(1),
      ],
    ];

    /** The GraphQL input of a REST offer: kinds in capitals. */
    const asOfferInput = (offer: Record<string, unknown>) => ({
      ...offer,
      kind: String(offer.kind).toUpperCase(),
    });

    describe.each(REFUSED_OFFERS)(
      'refuses offers with %s, changing nothing',
      (_n, offers, message) => {
        it('GraphQL: BAD_USER_INPUT naming offers[i] and its field', async () => {
          const before = await stored(shop);
          const error = expectRefused(
            await gql(shop, REPLACE_OFFERS, { offers: offers.map(asOfferInput) }, shop.admin),
            'BAD_USER_INPUT',
            'updateAutomaticOffers',
          );
          expect(error.message).toBe(message);
          expect(await stored(shop)).toEqual(before);
        });

        it('REST: 400 naming offers[i] and its field', async () => {
          const before = await stored(shop);
          expectError(
            await shop.http().put('/api/v1/offers').set(shop.admin.auth).send({ offers }),
            400,
            message,
          );
          expect(await stored(shop)).toEqual(before);
        });
      },
    );

    it('REST: refuses a body that is no list of offers, or an offer of an unknown kind', async () => {
      const before = await stored(shop);
      expectError(
        await shop.http().put('/api/v1/offers').set(shop.admin.auth).send({ offers: 'none' }),
        400,
        /offers must be a list|Each offer must be an object/,
      );
      expectError(
        await shop
          .http()
          .put('/api/v1/offers')
          .set(shop.admin.auth)
          .send({ offers: [{ ...shipping, kind: 'bogof' }] }),
        400,
        /kind must be items or shipping/,
      );
      expect(await stored(shop)).toEqual(before);
    });

    it('GraphQL: admins only, to read and to replace', async () => {
      const before = await stored(shop);
      await expectAdminOnly(shop, OFFERS, {}, 'automaticOffers');
      await expectAdminOnly(
        shop,
        REPLACE_OFFERS,
        { offers: [asOfferInput(shipping)] },
        'updateAutomaticOffers',
      );
      expect(await stored(shop)).toEqual(before);
    });

    it('REST: 401 without a token, 403 for a shopper, to read and to replace', async () => {
      const before = await stored(shop);
      expectError(await shop.http().get('/api/v1/offers'), 401);
      expectError(await shop.http().get('/api/v1/offers').set(shop.shopper.auth), 403);
      expectError(await shop.http().put('/api/v1/offers').send({ offers: [] }), 401);
      expectError(
        await shop.http().put('/api/v1/offers').set(shop.shopper.auth).send({ offers: [] }),
        403,
      );
      expect(await stored(shop)).toEqual(before);
    });
  });
});
