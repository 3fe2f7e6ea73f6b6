import { TaxModule } from '../tax';
import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns';
import { CatalogueModule } from '../catalogue';
import { DeliveryModule } from '../delivery';
import { OffersModule } from '../offers';
import { PaymentSettingsModule } from '../payment-settings';
import { ReviewsModule } from '../reviews';
import { UsersModule } from '../users';
import { SeedService } from './seed.service';

@Module({
  imports: [
    UsersModule,
    CatalogueModule,
    CampaignsModule,
    DeliveryModule,
    PaymentSettingsModule,
    OffersModule,
    ReviewsModule,
    TaxModule,
  ],
  providers: [SeedService],
  exports: [SeedService],
})
export class SeedModule {}
