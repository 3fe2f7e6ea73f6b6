import type { AutomaticOfferInput, CouponFields } from '../offers';
import type { DemoCategory } from './demo-catalog';

/**
 * The category of the demo's items offer: one whose products the journeys and tests buy one at
 * a time, so the offer changes no total they expect.
 */
export const DEMO_OFFER_CATEGORY: DemoCategory = 'Beauty & Personal Care';
const FASHION: DemoCategory = 'Fashion';

/**
 * The demo shop's coupons (amounts in rupees, as the admin types them): one for a shopper's
 * first order, a festive percent with a cap for anyone, and one for a single category.
 */
export const demoCoupons = (categoryIds: ReadonlyMap<string, string>): CouponFields[] => [
  {
    code: 'FIRST100',
    description: 'Welcome offer: Rs 100 off a first order of Rs 999 or more',
    kind: 'amount',
    value: 100,
    minCartValue: 999,
    firstOrderOnly: true,
    usesPerShopper: 1,
    combinesWithOffers: true,
  },
  {
    code: 'FESTIVE10',
    description: 'Festive Sale: 10% off up to Rs 500, for the first 1000 orders',
    kind: 'percent',
    value: 10,
    maxDiscount: 500,
    totalUses: 1000,
    combinesWithOffers: true,
  },
  {
    code: 'FASHION15',
    description: 'Fashion week: 15% off fashion, up to Rs 300',
    kind: 'percent',
    value: 15,
    maxDiscount: 300,
    categories: [categoryIds.get(FASHION)!],
    combinesWithOffers: false,
  },
];

/**
 * The demo shop's automatic offers, in the order they apply. No free-shipping offer: the demo's
 * delivery settings already ship orders of Rs 499 or more free, and an offer beside them would
 * hide what those settings do.
 */
export const demoOffers = (categoryIds: ReadonlyMap<string, string>): AutomaticOfferInput[] => [
  {
    name: `Buy 2 or more from ${DEMO_OFFER_CATEGORY}, get 10% off`,
    kind: 'items',
    category: categoryIds.get(DEMO_OFFER_CATEGORY)!,
    minQuantity: 2,
    percent: 10,
  },
];
