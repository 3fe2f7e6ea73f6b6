import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CatalogueModule } from '../catalogue';
import { SettingsModule } from '../settings';
import { AutomaticOffers } from './automatic-offers';
import { Coupon, CouponSchema, CouponUse, CouponUseSchema } from './coupon.schema';
import { CouponUses } from './coupon-uses';
import { Coupons } from './coupons.service';
import { AutomaticOffersResolver, CouponsResolver } from './offers.resolver';
import { CouponsController } from './rest-v1/coupons.controller';

/** Coupons, automatic offers and the price engine that applies them (decision 027). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Coupon.name, schema: CouponSchema },
      { name: CouponUse.name, schema: CouponUseSchema },
    ]),
    CatalogueModule,
    SettingsModule,
  ],
  controllers: [CouponsController],
  providers: [Coupons, CouponUses, AutomaticOffers, CouponsResolver, AutomaticOffersResolver],
  exports: [Coupons, CouponUses, AutomaticOffers],
})
export class OffersModule {}
