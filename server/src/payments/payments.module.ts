import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG, AppConfig } from '../config/config';
import { DemoCardProvider } from './demo-card-provider';
import { DemoCharge, DemoChargeSchema } from './demo-charge.schema';
import { PAYMENT_GATEWAY } from './gateway/payment-gateway';
import { RazorpayGateway } from './gateway/razorpay-gateway';
import { PAYMENT_PROVIDER } from './payment-provider';

/**
 * PAYMENT_PROVIDER: the demo card processor, charged synchronously. PAYMENT_GATEWAY: Razorpay's
 * API, spoken to Razorpay or to the demo gateway as PAYMENT_GATEWAY (the setting) says.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: DemoCharge.name, schema: DemoChargeSchema }])],
  providers: [
    { provide: PAYMENT_PROVIDER, useClass: DemoCardProvider },
    {
      provide: PAYMENT_GATEWAY,
      useFactory: (config: AppConfig) => new RazorpayGateway(config.paymentGateway),
      inject: [APP_CONFIG],
    },
  ],
  exports: [PAYMENT_PROVIDER, PAYMENT_GATEWAY],
})
export class PaymentsModule {}
