import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings';
import { OrderTaxes } from './order-taxes';
import { TaxSettingsController } from './rest-v1/tax-settings.controller';
import { TaxSettingsResolver } from './tax-settings.resolver';
import { TaxSettingsService } from './tax-settings.service';

/** GST: the shop's registration, tax classes with their dated rates, and an order's tax. */
@Module({
  imports: [SettingsModule],
  providers: [TaxSettingsService, OrderTaxes, TaxSettingsResolver],
  controllers: [TaxSettingsController],
  exports: [TaxSettingsService, OrderTaxes],
})
export class TaxModule {}
