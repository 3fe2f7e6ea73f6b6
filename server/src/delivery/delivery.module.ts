import { Module } from '@nestjs/common';
import { PaymentSettingsModule } from '../payment-settings';
import { PlacesModule } from '../places';
import { SettingsModule } from '../settings';
import { DeliveryClock } from './delivery-clock';
import { DeliveryResolver } from './delivery.resolver';
import { DeliveryService } from './delivery.service';
import { DeliverySettingsService } from './delivery-settings.service';
import { DeliveryController } from './rest-v1/delivery.controller';

/** Where the shop delivers, how soon and what shipping costs (decision 022). */
@Module({
  imports: [PaymentSettingsModule, PlacesModule, SettingsModule],
  providers: [DeliveryClock, DeliverySettingsService, DeliveryService, DeliveryResolver],
  controllers: [DeliveryController],
  exports: [DeliveryService, DeliverySettingsService, DeliveryClock],
})
export class DeliveryModule {}
