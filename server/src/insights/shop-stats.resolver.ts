import { Args, Context, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth';
import type { Loaders } from '../lookups';
import { ProductType } from '../catalogue';
import { ShopStatsService } from './shop-stats.service';
import { STATS_RANGE, StatsRange } from './shop-stats.service';
import { ShopStatsType, TopProductType } from './shop-stats.types';

@Resolver(() => ShopStatsType)
export class ShopStatsResolver {
  constructor(private readonly stats: ShopStatsService) {}

  @Query(() => ShopStatsType, { description: "The admin's dashboard figures" })
  @AdminOnly()
  shopStats(
    @Args('range', {
      type: () => STATS_RANGE,
      nullable: true,
      defaultValue: STATS_RANGE.LAST_30_DAYS,
    })
    range: StatsRange | null,
  ) {
    return this.stats.stats(range ?? STATS_RANGE.LAST_30_DAYS);
  }
}

/** A top product as the catalogue has it now. */
@Resolver(() => TopProductType)
export class TopProductResolver {
  @ResolveField(() => ProductType, { nullable: true, description: 'Null once deleted' })
  product(@Parent() top: TopProductType, @Context('loaders') loaders: Loaders) {
    return loaders.product.load(top.productId);
  }
}
