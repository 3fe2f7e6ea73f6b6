// What other modules may use of insights (the boundary lint holds them to this file).
export { InsightsModule } from './insights.module';
export { REVENUE_PERIODS } from './shop-stats.service';
export { TOP_PRODUCTS } from './shop-stats.service';
export { WAITING_STATUSES } from './shop-stats.service';
export { STATS_RANGE } from './shop-stats.types';
