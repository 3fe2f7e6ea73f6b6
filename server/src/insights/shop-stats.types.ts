import { Field, Float, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { RupeesFromPaise } from '../common/fields';
import { ORDER_STATUS, OrderStatus } from '../orders';
import { ProductType } from '../catalogue';
import { FieldCost } from '../common/graphql/field-cost';
import { REVENUE_PERIODS, STATS_RANGE, TOP_PRODUCTS, WAITING_STATUSES } from './shop-stats.service';

registerEnumType(STATS_RANGE, {
  name: 'StatsRange',
  description: "The days of the chart and the top products, today included (the shop's days)",
});

@ObjectType('RevenuePeriod', {
  description: 'Paid orders, not cancelled, created within a number of days ending today',
})
export class RevenuePeriodType {
  @Field() label: string;
  @Field(() => Int) days: number;
  @RupeesFromPaise() revenue: number;
  @Field(() => Int) orders: number;
  @RupeesFromPaise('Rupees coupons and offers took off those orders (revenue is after them)')
  discounts: number;
  @RupeesFromPaise('Rupees, in the as many days just before') previousRevenue: number;
  @Field(() => Float, {
    nullable: true,
    description: 'Percent against the previous period; null when that took nothing',
  })
  change: number | null;
}

@ObjectType('StatusCount')
export class StatusCountType {
  @Field(() => ORDER_STATUS) status: OrderStatus;
  @Field(() => Int, { description: 'Paid orders with this status' }) count: number;
}

@ObjectType('DayRevenue')
export class DayRevenueType {
  @Field({ description: "YYYY-MM-DD, the shop's day (Asia/Kolkata)" }) date: string;
  @RupeesFromPaise() revenue: number;
  @Field(() => Int) orders: number;
}

@ObjectType('TopProduct')
export class TopProductType {
  @Field(() => ID) productId: string;
  @Field({ description: 'As the catalogue names it now, or as last bought if deleted since' })
  name: string;
  @Field(() => Int) units: number;
  @RupeesFromPaise() revenue: number;
  /** Resolved by ShopStatsResolver; null once the product is deleted. */
  product?: ProductType | null;
}

@ObjectType('ShopStats', { description: "The admin's dashboard: the shop at a glance" })
export class ShopStatsType {
  @Field(() => [RevenuePeriodType], {
    description: 'Today, the last 7 days and the last 30 days, in this order',
  })
  @FieldCost({ maxItems: REVENUE_PERIODS.length })
  revenue: RevenuePeriodType[];

  @Field(() => [StatusCountType], {
    description:
      'Paid orders waiting for the shop, per status (NOT_PROCESSED, PROCESSING, SHIPPED), zeros included; ' +
      'declined checkouts keep NOT_PROCESSED but wait for nobody',
  })
  @FieldCost({ maxItems: WAITING_STATUSES.length })
  waitingOrders: StatusCountType[];

  @Field(() => Int, { description: 'Products with no unit of any variant in stock' })
  outOfStock: number;

  @Field(() => Int, {
    description:
      'Products still in stock with a variant on sale at 0 to lowStockThreshold units (LOW_STOCK)',
  })
  lowStock: number;

  @Field(() => Int, { description: 'The setting LOW_STOCK_THRESHOLD' }) lowStockThreshold: number;

  @Field(() => [DayRevenueType], { description: 'Each day of the range, oldest first' })
  @FieldCost({ maxItems: Math.max(...Object.values(STATS_RANGE)) })
  revenueByDay: DayRevenueType[];

  @Field(() => [TopProductType], {
    description: 'At most 10 products by revenue in the range, then by units',
  })
  @FieldCost({ maxItems: TOP_PRODUCTS })
  topProducts: TopProductType[];
}
