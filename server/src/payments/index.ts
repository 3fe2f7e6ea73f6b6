// What other modules may use of payments (the boundary lint holds them to this file).
export { PaymentsModule } from './payments.module';
export { PAYMENT_PROVIDER } from './payment-provider';
export type { CardDetails, ChargeResult, PaymentProvider } from './payment-provider';
export { DemoCharge, DemoChargeSchema, demoChargeIdOf } from './demo-charge.schema';
