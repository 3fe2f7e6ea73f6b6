// What other modules may use of offers (the boundary lint holds them to this file).
export { OffersModule } from './offers.module';
export { Coupons, couponCodeOf } from './coupons.service';
export type { CouponFields, CouponShopper } from './coupons.service';
export { CouponUses } from './coupon-uses';
export { AutomaticOffers } from './automatic-offers';
export type { AutomaticOfferInput } from './automatic-offers';
export { Coupon, CouponSchema, CouponUse, CouponUseSchema } from './coupon.schema';
export { priceCart } from './price-engine';
export type {
  AppliedDiscount,
  CouponTerms,
  EngineLine,
  OfferHint,
  PricedCart,
  ShippingRule,
} from './price-engine';
