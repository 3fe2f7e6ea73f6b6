import { Module } from '@nestjs/common';
import { DemoCardProvider } from './demo-card-provider';
import { PAYMENT_PROVIDER } from './payment-provider';

/** Bind PAYMENT_PROVIDER to a real processor here to take real money. */
@Module({
  providers: [{ provide: PAYMENT_PROVIDER, useClass: DemoCardProvider }],
  exports: [PAYMENT_PROVIDER],
})
export class PaymentsModule {}
