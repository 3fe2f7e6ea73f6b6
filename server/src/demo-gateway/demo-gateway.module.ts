import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { AppConfig } from '../config/config';
import { DemoControlController } from './demo-control.controller';
import { DemoGatewayController } from './demo-gateway.controller';
import {
  DemoGatewayOrder,
  DemoGatewayOrderSchema,
  DemoGatewayPayment,
  DemoGatewayPaymentSchema,
  DemoGatewayRefund,
  DemoGatewayRefundSchema,
} from './demo-gateway.schemas';
import { DemoGateway } from './demo-gateway.service';
import { DemoKeysGuard } from './demo-keys.guard';
import { DemoWebhooks } from './demo-webhooks';
import { PayerPageController } from './payer-page.controller';

/**
 * The demo payment gateway: Razorpay's API, a payer page and signed webhooks, served under
 * /demo-gateway on the shop's own port when PAYMENT_GATEWAY=demo. It stands for a service
 * outside the shop, so it uses nothing of the shop's modules but the database, common and
 * config (docs/decisions/024-payment-gateway.md).
 */
@Module({})
export class DemoGatewayModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DemoGatewayModule,
      imports: [
        MongooseModule.forFeature([
          { name: DemoGatewayOrder.name, schema: DemoGatewayOrderSchema },
          { name: DemoGatewayPayment.name, schema: DemoGatewayPaymentSchema },
          { name: DemoGatewayRefund.name, schema: DemoGatewayRefundSchema },
        ]),
      ],
      controllers: [
        DemoGatewayController,
        PayerPageController,
        ...(config.demoGateway?.control ? [DemoControlController] : []),
      ],
      providers: [DemoGateway, DemoWebhooks, DemoKeysGuard],
    };
  }
}
