// What other modules may use of payments (the boundary lint holds them to this file).
export { PaymentsModule } from './payments.module';
export { PAYMENT_PROVIDER } from './payment-provider';
export type { CardDetails, ChargeResult, PaymentProvider } from './payment-provider';
export { DemoCharge, DemoChargeSchema, demoChargeIdOf } from './demo-charge.schema';
export { PAYMENT_GATEWAY } from './gateway/payment-gateway';
export type {
  CreatedGatewayPayment,
  GatewayEvent,
  GatewayOrder,
  GatewayPayment,
  GatewayPaymentStatus,
  GatewayRefund,
  NewGatewayOrder,
  NewGatewayPayment,
  NewGatewayRefund,
  PaymentGateway,
  PaymentMethod,
} from './gateway/payment-gateway';
export { GatewayError, NO_ANSWER } from './gateway/gateway-error';
export type { RazorpayErrorBody } from './gateway/gateway-error';
export { RazorpayGateway } from './gateway/razorpay-gateway';
