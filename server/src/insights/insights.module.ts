import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { ProductsModule } from '../products/products.module';
import { ShopStatsResolver, TopProductResolver } from './shop-stats.resolver';
import { ShopStatsService } from './shop-stats.service';

/** What the admin's dashboard shows of the shop: figures worked out from the read models. */
@Module({
  imports: [OrdersModule, ProductsModule],
  providers: [ShopStatsService, ShopStatsResolver, TopProductResolver],
})
export class InsightsModule {}
