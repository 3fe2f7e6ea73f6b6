import { Args, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth';
import { AS_A_FULL_PAGE, FieldCost } from '../common/graphql/field-cost';
import { toRupees } from '../common/money';
import { OFFER_RULES } from '../shared/offer-rules';
import { Coupon } from './coupon.schema';
import { CouponUses } from './coupon-uses';
import { Coupons } from './coupons.service';
import { AutomaticOffers } from './automatic-offers';
import { AutomaticOfferDto, AutomaticOfferType, CouponDto, CouponType } from './offers.types';
import { couponFieldsOf, offerInputsOf } from './offer-inputs';

/** A stored coupon as the APIs show it: a fixed amount in rupees, ids as text. */
export const couponView = (coupon: Coupon) => ({
  ...coupon,
  code: coupon._id,
  value: coupon.kind === 'amount' ? toRupees(coupon.value) : coupon.value,
  categories: coupon.categories.map(String),
  products: coupon.products.map(String),
});

@Resolver(() => CouponType)
export class CouponsResolver {
  constructor(
    private readonly shopCoupons: Coupons,
    private readonly couponUses: CouponUses,
  ) {}

  @Query(() => [CouponType], { description: "The shop's coupons, newest first" })
  @FieldCost({ maxItems: AS_A_FULL_PAGE })
  @AdminOnly()
  async coupons() {
    return (await this.shopCoupons.list()).map(couponView);
  }

  @Query(() => CouponType)
  @AdminOnly()
  async coupon(@Args('code') code: string) {
    return couponView(await this.shopCoupons.get(code));
  }

  @Mutation(() => CouponType)
  @AdminOnly()
  async createCoupon(@Args('input') input: CouponDto) {
    return couponView(await this.shopCoupons.create(couponFieldsOf(input)));
  }

  @Mutation(() => CouponType, { description: 'Changes the fields given; the code stays' })
  @AdminOnly()
  async updateCoupon(@Args('code') code: string, @Args('input') input: CouponDto) {
    return couponView(await this.shopCoupons.update(code, couponFieldsOf(input)));
  }

  @Mutation(() => Boolean, { description: 'Orders that used it keep its code and discount' })
  @AdminOnly()
  async deleteCoupon(@Args('code') code: string) {
    await this.shopCoupons.remove(code);
    return true;
  }

  @ResolveField(() => Int, { description: 'Orders holding a use of it now' })
  uses(@Parent() coupon: Pick<Coupon, '_id' | 'series'>) {
    // The coupon as answered: counted without reading it again.
    return this.couponUses.count(coupon);
  }
}

@Resolver()
export class AutomaticOffersResolver {
  constructor(private readonly offers: AutomaticOffers) {}

  @Query(() => [AutomaticOfferType], { description: "The shop's automatic offers, in order" })
  @FieldCost({ maxItems: OFFER_RULES.maxOffers })
  @AdminOnly()
  automaticOffers() {
    return this.offers.list();
  }

  @Mutation(() => [AutomaticOfferType], { description: 'Replaces the list of automatic offers' })
  @FieldCost({ maxItems: OFFER_RULES.maxOffers })
  @AdminOnly()
  updateAutomaticOffers(
    @Args('offers', { type: () => [AutomaticOfferDto] }) offers: AutomaticOfferDto[],
  ) {
    return this.offers.replace(offerInputsOf(offers));
  }
}
