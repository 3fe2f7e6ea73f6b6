// What other modules may use of payment-settings (the boundary lint holds them to this file).
export { PaymentSettingsModule } from './payment-settings.module';
export { PaymentSettingsService } from './payment-settings.service';
export {
  codRefusal,
  PAYMENT_DEFAULTS,
  PAYMENT_SECTION,
  paymentOptionsFor,
  upiOffered,
} from './payment-settings';
export type {
  PaymentDestination,
  PaymentMethods,
  PaymentOption,
  PaymentOptions,
  PaymentSettings,
  PaymentSettingsChange,
} from './payment-settings';
export { PaymentOptionsType, PAYMENT_METHOD } from './payment-settings.types';
