import { Injectable } from '@nestjs/common';
import { addDays, shopDay, startOfShopDay } from '../common/shop-days';
import { OrderIndex, ORDER_STATUS, OrderStatus } from '../orders';
import { ProductReads } from '../catalogue';

/** The revenue cards, by the days each covers (today included), in the order shown. */
/** The periods the dashboard's chart and top products cover, by the days each spans. */
export const STATS_RANGE = {
  LAST_7_DAYS: 7,
  LAST_30_DAYS: 30,
  LAST_90_DAYS: 90,
} as const;
export type StatsRange = (typeof STATS_RANGE)[keyof typeof STATS_RANGE];

export const REVENUE_PERIODS = [
  { label: 'Today', days: 1 },
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
] as const;

/** The statuses in which a paid order still waits for the shop, in the order they come. */
export const WAITING_STATUSES: readonly OrderStatus[] = [
  ORDER_STATUS.NOT_PROCESSED,
  ORDER_STATUS.PROCESSING,
  ORDER_STATUS.SHIPPED,
];

export const TOP_PRODUCTS = 10;

/** Paise and orders of one day, or of a product over the range. */
interface Takings {
  paise: number;
  orders: number;
  /** Paise coupons and offers took off those orders. */
  discounts: number;
}

interface ProductTakings {
  productId: string;
  /** As last bought: for a product deleted since. */
  name: string;
  units: number;
  paise: number;
}

/** What the orders say, worked out once per change of the order index and per day. */
interface OrderFigures {
  revenue: {
    label: string;
    days: number;
    revenue: number;
    orders: number;
    discounts: number;
    previousRevenue: number;
    change: number | null;
  }[];
  waitingOrders: { status: OrderStatus; count: number }[];
  revenueByDay: { date: string; revenue: number; orders: number }[];
  top: ProductTakings[];
}

/**
 * The admin dashboard's figures, from the order index and the catalogue in memory: no query
 * on orders or products (the embedded engine would read every document of either). Amounts
 * stay in paise here; GraphQL shows them in rupees (RupeesFromPaise).
 *
 * The order figures are one pass over the settled orders of the last 60 days (90 for the
 * longest range), newest first, kept until an order changes or the day does; the stock counts
 * are the catalogue's, kept until it changes.
 */
@Injectable()
export class ShopStatsService {
  private readonly kept = new Map<string, { version: number; figures: OrderFigures }>();

  constructor(
    private readonly index: OrderIndex,
    private readonly products: ProductReads,
  ) {}

  stats(range: StatsRange, now = Date.now()) {
    const { top, ...figures } = this.orderFigures(range, now);
    const stock = this.products.stockCounts();
    return {
      ...figures,
      outOfStock: stock.outOfStock,
      lowStock: stock.lowStock,
      lowStockThreshold: stock.threshold,
      topProducts: top.map(({ productId, name, units, paise }) => ({
        productId,
        name: this.products.findByIds([productId])[0]?.name ?? name,
        units,
        revenue: paise,
      })),
    };
  }

  private orderFigures(range: StatsRange, now: number): OrderFigures {
    const today = shopDay(now);
    const key = `${range}:${today}`;
    const kept = this.kept.get(key);
    if (kept?.version === this.index.version) return kept.figures;
    const figures = this.workOut(range, today);
    // One entry per range: the day's key replaces yesterday's.
    for (const old of this.kept.keys()) if (old.startsWith(`${range}:`)) this.kept.delete(old);
    this.kept.set(key, { version: this.index.version, figures });
    return figures;
  }

  private workOut(range: StatsRange, today: string): OrderFigures {
    // Each revenue card compares with the as many days before it: 60 days for the longest.
    const spanned = Math.max(range, ...REVENUE_PERIODS.map((period) => 2 * period.days));
    const starts = Array.from({ length: spanned }, (_, back) =>
      startOfShopDay(addDays(today, -back)),
    );
    const tomorrow = startOfShopDay(addDays(today, 1));
    const byDay: Takings[] = starts.map(() => ({ paise: 0, orders: 0, discounts: 0 }));
    const byProduct = new Map<string, ProductTakings>();
    let back = 0;
    for (const order of this.index.settledSince(starts[spanned - 1])) {
      if (order.sold.length === 0 || order.created >= tomorrow) continue;
      // Newest first: the day only ever moves back.
      while (order.created < starts[back]) back += 1;
      byDay[back].paise += order.total;
      byDay[back].orders += 1;
      byDay[back].discounts += order.discount;
      if (back >= range) continue;
      for (const line of order.sold) {
        const product = byProduct.get(line.product);
        if (product) {
          product.units += line.units;
          product.paise += line.paise;
        } else {
          const { name, units, paise } = line;
          byProduct.set(line.product, { productId: line.product, name, units, paise });
        }
      }
    }
    const sum = (from: number, to: number) =>
      byDay.slice(from, to).reduce(
        (total, day) => ({
          paise: total.paise + day.paise,
          orders: total.orders + day.orders,
          discounts: total.discounts + day.discounts,
        }),
        { paise: 0, orders: 0, discounts: 0 },
      );
    return {
      revenue: REVENUE_PERIODS.map(({ label, days }) => {
        const current = sum(0, days);
        const previous = sum(days, 2 * days);
        return {
          label,
          days,
          revenue: current.paise,
          orders: current.orders,
          discounts: current.discounts,
          previousRevenue: previous.paise,
          change:
            previous.paise === 0 ? null : (100 * (current.paise - previous.paise)) / previous.paise,
        };
      }),
      waitingOrders: WAITING_STATUSES.map((status) => ({
        status,
        count: this.index.paidCount(status),
      })),
      revenueByDay: byDay
        .slice(0, range)
        .map((day, back) => ({
          date: addDays(today, -back),
          revenue: day.paise,
          orders: day.orders,
        }))
        .reverse(),
      top: topOf(byProduct.values()),
    };
  }
}

/** By revenue, then units, then id (a total order): what the top products are ranked by. */
const ranked = (a: ProductTakings, b: ProductTakings) =>
  b.paise - a.paise ||
  b.units - a.units ||
  (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0);

/**
 * The TOP_PRODUCTS best, best first, in one pass that keeps only them: sorting every product
 * sold in 90 days (up to the whole catalogue) would cost far more.
 */
function topOf(products: Iterable<ProductTakings>): ProductTakings[] {
  const top: ProductTakings[] = [];
  for (const product of products) {
    if (top.length === TOP_PRODUCTS && ranked(product, top[TOP_PRODUCTS - 1]) >= 0) continue;
    let at = top.length;
    while (at > 0 && ranked(product, top[at - 1]) < 0) at -= 1;
    top.splice(at, 0, product);
    if (top.length > TOP_PRODUCTS) top.pop();
  }
  return top;
}
