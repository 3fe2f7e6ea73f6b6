import { Module } from '@nestjs/common';
import { PlacesModule } from '../places';
import { SettingsModule } from '../settings';
import { PaymentSettingsResolver } from './payment-settings.resolver';
import { PaymentSettingsService } from './payment-settings.service';
import { PaymentSettingsController } from './rest-v1/payment-settings.controller';

/** How shoppers may pay: the payments section of the shop's settings and its rules. */
@Module({
  imports: [PlacesModule, SettingsModule],
  providers: [PaymentSettingsService, PaymentSettingsResolver],
  controllers: [PaymentSettingsController],
  exports: [PaymentSettingsService],
})
export class PaymentSettingsModule {}
