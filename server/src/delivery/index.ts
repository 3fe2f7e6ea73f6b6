// What other modules may use of delivery (the boundary lint holds them to this file).
export { DeliveryModule } from './delivery.module';
export { DeliveryService } from './delivery.service';
export type { CartShipping, DeliveryCheck, Destination } from './delivery.service';
export { DeliverySettingsService } from './delivery-settings.service';
export { DELIVERY_DEFAULTS } from './delivery-settings';
export type { DeliverySettings, DeliverySettingsChange } from './delivery-settings';
export { DeliveryClock } from './delivery-clock';
export { DELIVERY_ZONE } from './delivery.types';
