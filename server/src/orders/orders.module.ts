import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { UpgradesModule } from '../database/upgrades/upgrades.module';
import { PaymentsModule } from '../payments/payments.module';
import { ProductsModule } from '../products/products.module';
import { UsersModule } from '../users/users.module';
import { LookupsModule } from '../lookups/lookups.module';
import { BuyerOrders, BuyerOrdersSchema } from './buyer-orders.schema';
import { OrderIndex } from './order-index';
import { OrderPresenter } from './rest-v1/order-presenter';
import { OrderRecoveryService } from './order-recovery.service';
import { Order, OrderSchema } from './order.schema';
import { OrderExportController } from './rest-v1/order-export.controller';
import { OrdersController } from './rest-v1/orders.controller';
import { OrderFieldsResolver, OrderLinesResolver } from './order-fields.resolver';
import { OrdersResolver } from './orders.resolver';
import { OrdersService } from './orders.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Order.name, schema: OrderSchema },
      { name: BuyerOrders.name, schema: BuyerOrdersSchema },
    ]),
    ProductsModule,
    UsersModule,
    LookupsModule,
    PaymentsModule,
    RateLimitModule,
    UpgradesModule,
  ],
  controllers: [OrdersController, OrderExportController],
  providers: [
    OrdersService,
    OrderIndex,
    OrderPresenter,
    OrderRecoveryService,
    OrdersResolver,
    OrderFieldsResolver,
    OrderLinesResolver,
  ],
  exports: [OrdersService, OrderIndex],
})
export class OrdersModule {}
