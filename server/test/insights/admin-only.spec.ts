import { describe, it } from 'vitest';
import { expectAdminOnly } from '../support/gql';
import { useTestShop } from '../support/test-app';

/**
 * The dashboard's figures are the admin's: a visitor is asked to sign in, a shopper refused.
 * (The orders filter and export: orders/order-filters.spec.ts; the catalogue's CSV import and
 * export: products/product-csv.spec.ts.)
 */
describe('shopStats is for admins only', () => {
  const shop = useTestShop({ seed: true });

  it.each([undefined, 'LAST_7_DAYS', 'LAST_90_DAYS'])('refuses with range %s', async (range) => {
    await expectAdminOnly(
      shop,
      `query ($range: StatsRange) {
        shopStats(range: $range) { outOfStock revenue { revenue } topProducts { name } }
      }`,
      { range },
      'shopStats',
    );
  });
});
