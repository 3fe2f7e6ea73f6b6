import { InvoicesModule } from '../invoices';
import { NotificationsModule } from '../notifications';
import { OrderInvoicing } from './order-invoicing';
import { OrderNotices } from './order-notices';
import { TaxModule } from '../tax';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { PaymentsModule } from '../payments';
import { PaymentSettingsModule } from '../payment-settings';
import { CatalogueModule } from '../catalogue';
import { UsersModule } from '../users';
import { LookupsModule } from '../lookups';
import { DeliveryModule } from '../delivery';
import { OffersModule } from '../offers';
import { SettingsModule } from '../settings';
import { BuyerOrders, BuyerOrdersSchema } from './buyer-orders.schema';
import { Couriers } from './couriers';
import { CouriersResolver } from './couriers.resolver';
import {
  Counter,
  CounterSchema,
  OrderNumberClaim,
  OrderNumberClaimSchema,
} from './order-number.schema';
import { OrderNumbers } from './order-numbers';
import { CouriersController } from './rest-v1/couriers.controller';
import { OrderIndex } from './order-index';
import { OrderPresenter } from './rest-v1/order-presenter';
import { OrderRecoveryService } from './order-recovery.service';
import { Order, OrderSchema } from './order.schema';
import { OrderExportController } from './rest-v1/order-export.controller';
import { OrdersController } from './rest-v1/orders.controller';
import { OrderEmails } from './order-emails';
import { OrderEmailsResolver } from './order-emails.resolver';
import { OrderFieldsResolver, OrderLinesResolver } from './order-fields.resolver';
import { OrderEmailsController } from './rest-v1/order-emails.controller';
import { OrdersResolver } from './orders.resolver';
import { OrdersService } from './orders.service';
import { OrderQuotes } from './order-quotes';
import { OrderQuotesResolver } from './order-quotes.resolver';
import { GatewayEventSeen, GatewayEventSeenSchema } from './gateway-event.schema';
import { OrderPaymentFieldsResolver } from './order-payment-fields.resolver';
import { OrderPayments } from './order-payments';
import { PaymentWebhookController } from './payment-webhook.controller';
import { OrderLocks } from './order-locks';
import { OrderRefunds } from './order-refunds';
import { OrderFollowUp } from './order-follow-up';
import { OrderAdjustments } from './order-adjustments';
import { OrderAdjustmentsResolver } from './order-adjustments.resolver';
import { OrderAdjustmentsController } from './rest-v1/order-adjustments.controller';
import { ReturnPolicies } from './return-policy';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Order.name, schema: OrderSchema },
      { name: BuyerOrders.name, schema: BuyerOrdersSchema },
      { name: OrderNumberClaim.name, schema: OrderNumberClaimSchema },
      { name: Counter.name, schema: CounterSchema },
      { name: GatewayEventSeen.name, schema: GatewayEventSeenSchema },
    ]),
    SettingsModule,
    TaxModule,
    InvoicesModule,
    NotificationsModule,
    CatalogueModule,
    UsersModule,
    LookupsModule,
    DeliveryModule,
    OffersModule,
    PaymentsModule,
    PaymentSettingsModule,
    RateLimitModule,
  ],
  controllers: [
    OrdersController,
    OrderExportController,
    CouriersController,
    PaymentWebhookController,
    OrderAdjustmentsController,
    OrderEmailsController,
  ],
  providers: [
    OrdersService,
    OrderIndex,
    OrderPresenter,
    OrderRecoveryService,
    OrdersResolver,
    OrderQuotes,
    OrderQuotesResolver,
    OrderFieldsResolver,
    OrderEmails,
    OrderEmailsResolver,
    OrderLinesResolver,
    OrderPaymentFieldsResolver,
    OrderPayments,
    OrderLocks,
    OrderRefunds,
    OrderFollowUp,
    OrderInvoicing,
    OrderNotices,
    OrderAdjustments,
    OrderAdjustmentsResolver,
    ReturnPolicies,
    OrderNumbers,
    Couriers,
    CouriersResolver,
  ],
  exports: [OrdersService, OrderIndex, OrderRecoveryService, OrderNumbers],
})
export class OrdersModule {}
