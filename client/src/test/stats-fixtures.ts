import { ShopStatsDocument } from '../gql/graphql';
import type { ShopStatsQuery, ShopStatsQueryVariables, StatsRange } from '../gql/graphql';
import { Answer, mockOf } from './fixtures';

/** The dashboard's figures, as the server answers shopStats. */

export type ShopStatsFixture = Answer<ShopStatsQuery['shopStats']>;
type Period = ShopStatsFixture['revenue'][number];

export const RANGE_DAYS: Record<StatsRange, number> = {
  LAST_7_DAYS: 7,
  LAST_30_DAYS: 30,
  LAST_90_DAYS: 90,
};

export function revenuePeriod(
  label: string,
  days: number,
  revenue: number,
  previousRevenue: number,
  orders: number,
  discounts = 0,
): Period {
  return {
    __typename: 'RevenuePeriod',
    label,
    days,
    revenue,
    orders,
    discounts,
    previousRevenue,
    change: previousRevenue === 0 ? null : ((revenue - previousRevenue) / previousRevenue) * 100,
  };
}

/** `days` days ending 2026-11-25, with the revenue of each day given (the rest 0). */
export function revenueByDay(days: number, sales: Record<string, number> = {}) {
  const last = Date.UTC(2026, 10, 25);
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(last - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    const revenue = sales[date] ?? 0;
    return { __typename: 'DayRevenue' as const, date, revenue, orders: revenue > 0 ? 1 : 0 };
  });
}

/** A shop with no orders at all: every figure zero. */
export function newShopStats(range: StatsRange = 'LAST_30_DAYS'): ShopStatsFixture {
  return {
    __typename: 'ShopStats',
    revenue: [
      revenuePeriod('Today', 1, 0, 0, 0),
      revenuePeriod('Last 7 days', 7, 0, 0, 0),
      revenuePeriod('Last 30 days', 30, 0, 0, 0),
    ],
    waitingOrders: (['NOT_PROCESSED', 'PROCESSING', 'SHIPPED'] as const).map((status) => ({
      __typename: 'StatusCount' as const,
      status,
      count: 0,
    })),
    outOfStock: 0,
    lowStock: 0,
    lowStockThreshold: 5,
    revenueByDay: revenueByDay(RANGE_DAYS[range]),
    topProducts: [],
  };
}

/** A shop that sells: revenue up today, down over 7 days, new over 30; orders waiting; stock low. */
export function sellingShopStats(range: StatsRange = 'LAST_30_DAYS'): ShopStatsFixture {
  return {
    ...newShopStats(range),
    revenue: [
      revenuePeriod('Today', 1, 2500, 2000, 2),
      revenuePeriod('Last 7 days', 7, 123456.5, 150000, 12, 1250),
      revenuePeriod('Last 30 days', 30, 250000, 0, 31),
    ],
    waitingOrders: [
      { __typename: 'StatusCount', status: 'NOT_PROCESSED', count: 4 },
      { __typename: 'StatusCount', status: 'PROCESSING', count: 3 },
      { __typename: 'StatusCount', status: 'SHIPPED', count: 1 },
    ],
    outOfStock: 2,
    lowStock: 7,
    lowStockThreshold: 5,
    revenueByDay: revenueByDay(RANGE_DAYS[range], { '2026-11-24': 4000, '2026-11-25': 2500 }),
    topProducts: [
      {
        __typename: 'TopProduct',
        productId: 'p1',
        name: 'Steel Kettle',
        units: 3,
        revenue: 4500,
      },
      {
        __typename: 'TopProduct',
        productId: 'p2',
        name: 'Galaxy Phone',
        units: 1,
        revenue: 2000,
      },
    ],
  };
}

/** ShopStats answering each range with `stats(range)`; the variables are pushed to `calls`. */
export function shopStatsMock(
  stats: (range: StatsRange) => ShopStatsFixture,
  calls: ShopStatsQueryVariables[] = [],
) {
  return mockOf(ShopStatsDocument, {
    variables: () => true,
    result: (variables) => {
      calls.push(variables);
      return { data: { shopStats: stats(variables.range) } };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}
