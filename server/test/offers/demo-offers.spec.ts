import { describe, expect, it } from 'vitest';
import { SeedService } from '../../src/seed/seed.service';
import { categoryIdBySlug } from '../support/fixtures';
import { useTestShop } from '../support/test-app';

/**
 * The demo shop's coupons and automatic offers: seeded with the demo data, and seeded only
 * into a shop that has none, so what the admin made or took away stays as they left it.
 */
describe('demo coupons and offers', () => {
  const shop = useTestShop({ seed: true, eachTest: true });

  it('the demo shop has FIRST100, FESTIVE10 and a fashion coupon, and two automatic offers', async () => {
    const [fashion, beauty] = await Promise.all([
      categoryIdBySlug(shop, 'fashion'),
      categoryIdBySlug(shop, 'beauty-and-personal-care'),
    ]);
    const coupons = await shop.http().get('/api/v1/coupons').set(shop.admin.auth).expect(200);
    const byCode = Object.fromEntries(
      (coupons.body.coupons as { code: string }[]).map((coupon) => [coupon.code, coupon]),
    );
    expect(Object.keys(byCode).sort()).toEqual(['FASHION15', 'FESTIVE10', 'FIRST100']);
    expect(byCode.FIRST100).toMatchObject({
      kind: 'amount',
      value: 100,
      minCartValue: 999,
      firstOrderOnly: true,
      usesPerShopper: 1,
      totalUses: null,
      active: true,
    });
    expect(byCode.FESTIVE10).toMatchObject({
      kind: 'percent',
      value: 10,
      maxDiscount: 500,
      totalUses: 1000,
      combinesWithOffers: true,
      firstOrderOnly: false,
      categories: [],
    });
    expect(byCode.FASHION15).toMatchObject({ kind: 'percent', categories: [fashion] });

    const offers = await shop.http().get('/api/v1/offers').set(shop.admin.auth).expect(200);
    expect(offers.body.offers).toMatchObject([
      {
        name: 'Buy 2 or more from Beauty & Personal Care, get 10% off',
        kind: 'items',
        category: beauty,
        minQuantity: 2,
        percent: 10,
        active: true,
      },
    ]);
  });

  it('seeding again keeps what the admin deleted deleted, and an emptied list of offers empty', async () => {
    await shop.http().delete('/api/v1/coupons/FIRST100').set(shop.admin.auth).expect(200);
    await shop.http().put('/api/v1/offers').set(shop.admin.auth).send({ offers: [] }).expect(200);
    await shop.app.get(SeedService).seed();
    const coupons = await shop.http().get('/api/v1/coupons').set(shop.admin.auth).expect(200);
    expect(
      (coupons.body.coupons as { code: string }[]).map((coupon) => coupon.code).sort(),
    ).toEqual(['FASHION15', 'FESTIVE10']);
    const offers = await shop.http().get('/api/v1/offers').set(shop.admin.auth).expect(200);
    expect(offers.body.offers).toEqual([]);
  });

  it('seeds the coupons and offers again into a shop that has none at all', async () => {
    for (const code of ['FIRST100', 'FESTIVE10', 'FASHION15']) {
      await shop.http().delete(`/api/v1/coupons/${code}`).set(shop.admin.auth).expect(200);
    }
    await shop.connection.collection('shop_settings').deleteOne({ _id: 'offers' as never });
    await shop.app.get(SeedService).seed();
    const coupons = await shop.http().get('/api/v1/coupons').set(shop.admin.auth).expect(200);
    expect(coupons.body.coupons).toHaveLength(3);
    const offers = await shop.http().get('/api/v1/offers').set(shop.admin.auth).expect(200);
    expect(offers.body.offers).toHaveLength(1);
  });
});
