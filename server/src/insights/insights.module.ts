import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders';
import { CatalogueModule } from '../catalogue';
import { ShopStatsResolver, TopProductResolver } from './shop-stats.resolver';
import { ShopStatsService } from './shop-stats.service';

/** What the admin's dashboard shows of the shop: figures worked out from the read models. */
@Module({
  imports: [OrdersModule, CatalogueModule],
  providers: [ShopStatsService, ShopStatsResolver, TopProductResolver],
})
export class InsightsModule {}
