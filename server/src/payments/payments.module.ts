import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DemoCardProvider } from './demo-card-provider';
import { DemoCharge, DemoChargeSchema } from './demo-charge.schema';
import { PAYMENT_PROVIDER } from './payment-provider';

/** Bind PAYMENT_PROVIDER to a real processor here to take real money. */
@Module({
  imports: [MongooseModule.forFeature([{ name: DemoCharge.name, schema: DemoChargeSchema }])],
  providers: [{ provide: PAYMENT_PROVIDER, useClass: DemoCardProvider }],
  exports: [PAYMENT_PROVIDER],
})
export class PaymentsModule {}
