// What other modules may use of payments (the boundary lint holds them to this file).
export { PaymentsModule } from './payments.module';
export { PAYMENT_PROVIDER } from './payment-provider';
export type { CardDetails, ChargeResult, PaymentProvider } from './payment-provider';
export { DemoCharge, DemoChargeSchema, demoChargeIdOf } from './demo-charge.schema';
export { checkCard } from './demo-card-provider';
export { DEMO_GATEWAY, demoPayerPage, PAYMENT_GATEWAY } from './gateway/payment-gateway';
export type * from './gateway/payment-gateway';
