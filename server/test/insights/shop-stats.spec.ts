import { describe, expect, it } from 'vitest';
import {
  backdateOrder,
  checkout,
  DECLINED_CARD,
  indiaDay,
  indiaNoon,
  newAdmin,
  newCategory,
  newProduct,
  newShopper,
  placeOrder,
  ProductReply,
} from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { Session, TestApp, useTestShop } from '../support/test-app';

const SHOP_STATS = `
  query ($range: StatsRange) {
    shopStats(range: $range) {
      revenue { label days revenue orders previousRevenue change }
      waitingOrders { status count }
      outOfStock lowStock lowStockThreshold
      revenueByDay { date revenue orders }
      topProducts { productId name units revenue product { id name } }
    }
  }
`;

interface ShopStats {
  revenue: {
    label: string;
    days: number;
    revenue: number;
    orders: number;
    previousRevenue: number;
    change: number | null;
  }[];
  waitingOrders: { status: string; count: number }[];
  outOfStock: number;
  lowStock: number;
  lowStockThreshold: number;
  revenueByDay: { date: string; revenue: number; orders: number }[];
  topProducts: {
    productId: string;
    name: string;
    units: number;
    revenue: number;
    product: { id: string; name: string } | null;
  }[];
}

const shopStats = async (test: TestApp, admin: Session, range?: string) =>
  (await gqlOk<{ shopStats: ShopStats }>(test, SHOP_STATS, { range }, admin)).shopStats;

/** Moves an order along the lifecycle, one allowed step at a time, as the admin does. */
async function moveTo(test: TestApp, admin: Session, orderId: string, steps: string[]) {
  for (const status of steps) {
    await test
      .http()
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set(admin.auth)
      .send({ status })
      .expect(200);
  }
}

const TO = {
  'Not Processed': [],
  Processing: ['Processing'],
  Shipped: ['Processing', 'Shipped'],
  Delivered: ['Processing', 'Shipped', 'Delivered'],
  Cancelled: ['Cancelled'],
} as const;

type Status = keyof typeof TO;

interface Sale {
  product: ProductReply;
  units: number;
  daysAgo: number;
  status: Status;
  declined?: boolean;
  /** Rupees the order took, goods and shipping, once placed. */
  paid?: number;
}

/** Paise, as the shop counts money. */
const paiseOf = (rupees: number) => Math.round(rupees * 100);

/**
 * The dashboard's figures (GraphQL shopStats) against a known set of orders: paid ones on
 * several days, declined checkouts and cancelled orders (which take nothing), days moved back
 * in the database. Every expected figure is worked out here from the orders placed.
 */
// A shop started for each test and dozens of checkouts in some: up to 35 s measured on two busy
// cores, so more than the 30 s default; what they check is the figures, not the time.
describe('shopStats: the dashboard figures', { timeout: 60_000 }, () => {
  const shop = useTestShop({ env: { LOW_STOCK_THRESHOLD: '3' }, eachTest: true });

  async function world() {
    const admin = await newAdmin(shop);
    const buyer = await newShopper(shop);
    const category = (await newCategory(shop, admin))._id;
    const product = (name: string, price: number, quantity = 100) =>
      newProduct(shop, admin, { name, price, quantity, category });
    return {
      admin,
      buyer,
      lamp: await product('Brass Lamp', 349.5),
      tea: await product('Masala Chai', 180),
      mug: await product('Khadi Mug', 99.99),
    };
  }

  /** Places each sale as a checkout, moves it to its status and its day. */
  async function place(admin: Session, buyer: Session, sales: Sale[]) {
    for (const sale of sales) {
      const lines = [{ productId: sale.product._id, quantity: sale.units }];
      const order = sale.declined
        ? (await checkout(shop, buyer, lines, { card: DECLINED_CARD }).expect(402)).body.order
        : await placeOrder(shop, buyer, sale.product._id, sale.units);
      sale.paid = order.total;
      if (!sale.declined) await moveTo(shop, admin, order._id, [...TO[sale.status]]);
      if (sale.daysAgo > 0) await backdateOrder(shop, order._id, indiaNoon(sale.daysAgo));
    }
  }

  const counted = (sales: Sale[]) =>
    sales.filter((sale) => !sale.declined && sale.status !== 'Cancelled');
  /**
   * Paise and orders of the counted sales from `from` days ago to before `to` days ago: what
   * each order took, shipping included (the products' figures count the goods alone).
   */
  const takings = (sales: Sale[], from: number, to: number) => {
    const within = counted(sales).filter((sale) => sale.daysAgo >= from && sale.daysAgo < to);
    return {
      paise: within.reduce((sum, sale) => sum + paiseOf(sale.paid!), 0),
      orders: within.length,
    };
  };

  it('counts paid orders only, per period against the one before, per day and per product', async () => {
    const { admin, buyer, lamp, tea, mug } = await world();
    const sales: Sale[] = [
      { product: lamp, units: 2, daysAgo: 0, status: 'Not Processed' },
      { product: tea, units: 1, daysAgo: 0, status: 'Processing' },
      { product: mug, units: 3, daysAgo: 0, status: 'Not Processed', declined: true },
      { product: lamp, units: 4, daysAgo: 0, status: 'Cancelled' },
      { product: tea, units: 2, daysAgo: 3, status: 'Shipped' },
      { product: lamp, units: 1, daysAgo: 3, status: 'Not Processed', declined: true },
      { product: lamp, units: 5, daysAgo: 10, status: 'Delivered' },
      { product: tea, units: 2, daysAgo: 10, status: 'Cancelled' },
      { product: mug, units: 10, daysAgo: 40, status: 'Delivered' },
      { product: mug, units: 1, daysAgo: 75, status: 'Delivered' },
    ];
    await place(admin, buyer, sales);

    const stats = await shopStats(shop, admin);
    const periods = [
      ['Today', 1],
      ['Last 7 days', 7],
      ['Last 30 days', 30],
    ] as const;
    expect(stats.revenue).toEqual(
      periods.map(([label, days]) => {
        const current = takings(sales, 0, days);
        const previous = takings(sales, days, 2 * days);
        return {
          label,
          days,
          revenue: current.paise / 100,
          orders: current.orders,
          previousRevenue: previous.paise / 100,
          change:
            previous.paise === 0
              ? null
              : expect.closeTo((100 * (current.paise - previous.paise)) / previous.paise, 6),
        };
      }),
    );
    // The set has takings in each period and in the one before the week and the month.
    expect(stats.revenue[1].change).not.toBeNull();
    expect(stats.revenue[2].change).not.toBeNull();
    expect(stats.revenue[0].change).toBeNull();

    // Declined checkouts stay Not Processed but wait for nobody; cancelled orders are done.
    expect(stats.waitingOrders).toEqual([
      { status: 'NOT_PROCESSED', count: 1 },
      { status: 'PROCESSING', count: 1 },
      { status: 'SHIPPED', count: 1 },
    ]);

    // Thirty days, oldest first, zero days included.
    expect(stats.revenueByDay).toHaveLength(30);
    expect(stats.revenueByDay.map((day) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, at) => indiaDay(29 - at)),
    );
    for (const [at, day] of stats.revenueByDay.entries()) {
      const daysAgo = 29 - at;
      const expected = takings(sales, daysAgo, daysAgo + 1);
      expect(day, day.date).toEqual({
        date: day.date,
        revenue: expected.paise / 100,
        orders: expected.orders,
      });
    }
    expect(stats.revenueByDay.filter((day) => day.orders > 0)).toHaveLength(3);

    // The mug sold only before the last 30 days; the lamp took more than the tea.
    const byProduct = (range: number) => {
      const totals = new Map<string, { units: number; paise: number; name: string }>();
      for (const sale of counted(sales).filter((s) => s.daysAgo < range)) {
        const held = totals.get(sale.product._id) ?? {
          units: 0,
          paise: 0,
          name: sale.product.name,
        };
        held.units += sale.units;
        held.paise += paiseOf(sale.product.price) * sale.units;
        totals.set(sale.product._id, held);
      }
      return [...totals.entries()]
        .sort(([, a], [, b]) => b.paise - a.paise || b.units - a.units)
        .map(([productId, { units, paise, name }]) => ({
          productId,
          name,
          units,
          revenue: paise / 100,
          product: { id: productId, name },
        }));
    };
    expect(stats.topProducts).toEqual(byProduct(30));
    expect(stats.topProducts.map((top) => top.name)).toEqual(['Brass Lamp', 'Masala Chai']);

    const week = await shopStats(shop, admin, 'LAST_7_DAYS');
    expect(week.revenueByDay.map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, at) => indiaDay(6 - at)),
    );
    expect(week.topProducts).toEqual(byProduct(7));
    // The same cards whatever the range.
    expect(week.revenue).toEqual(stats.revenue);

    const quarter = await shopStats(shop, admin, 'LAST_90_DAYS');
    expect(quarter.revenueByDay).toHaveLength(90);
    expect(quarter.topProducts).toEqual(byProduct(90));
    expect(quarter.topProducts.map((top) => top.name)).toContain('Khadi Mug');
  });

  it('follows new orders at once, and names a product as it is now, or as bought once deleted', async () => {
    const { admin, buyer, lamp, tea, mug } = await world();
    const sales: Sale[] = [
      { product: tea, units: 3, daysAgo: 0, status: 'Delivered' },
      { product: mug, units: 1, daysAgo: 2, status: 'Delivered' },
    ];
    await place(admin, buyer, sales);
    const before = await shopStats(shop, admin);
    expect(before.revenue[0].revenue).toBe(takings(sales, 0, 1).paise / 100);

    const more: Sale = { product: lamp, units: 1, daysAgo: 0, status: 'Not Processed' };
    await place(admin, buyer, [more]);
    const after = await shopStats(shop, admin);
    expect(after.revenue[0]).toMatchObject({
      revenue: takings([...sales, more], 0, 1).paise / 100,
      orders: before.revenue[0].orders + 1,
    });
    expect(after.waitingOrders[0]).toEqual({
      status: 'NOT_PROCESSED',
      count: before.waitingOrders[0].count + 1,
    });

    await shop
      .http()
      .put(`/api/v1/product/update-product/${tea._id}`)
      .set(admin.auth)
      .send({ name: 'Masala Chai Tin' })
      .expect(200);
    await shop
      .http()
      .delete(`/api/v1/product/delete-product/${mug._id}`)
      .set(admin.auth)
      .expect(200);
    const { topProducts } = await shopStats(shop, admin);
    expect(topProducts.find((top) => top.productId === tea._id)).toMatchObject({
      name: 'Masala Chai Tin',
      product: { id: tea._id, name: 'Masala Chai Tin' },
    });
    expect(topProducts.find((top) => top.productId === mug._id)).toMatchObject({
      name: 'Khadi Mug',
      units: 1,
      product: null,
    });
  });

  it('ranks the 10 products that took most, then by units sold', async () => {
    const admin = await newAdmin(shop);
    const buyer = await newShopper(shop);
    const category = (await newCategory(shop, admin))._id;
    const sold: { product: ProductReply; units: number }[] = [];
    // Twelve products at 100 rupees, one to twelve units each; and a pair that took 1,050 rupees
    // each, one in seven units of 150, the other in three of 350.
    for (let units = 1; units <= 12; units += 1) {
      sold.push({ product: await newProduct(shop, admin, { price: 100, category }), units });
    }
    sold.push({ product: await newProduct(shop, admin, { price: 350, category }), units: 3 });
    sold.push({ product: await newProduct(shop, admin, { price: 150, category }), units: 7 });
    for (const { product, units } of sold) await placeOrder(shop, buyer, product._id, units);

    const { topProducts } = await shopStats(shop, admin);
    const expected = [...sold]
      .sort(
        (a, b) =>
          b.product.price * b.units - a.product.price * a.units ||
          b.units - a.units ||
          (a.product._id < b.product._id ? -1 : 1),
      )
      .slice(0, 10)
      .map(({ product, units }) => ({ name: product.name, units, revenue: product.price * units }));
    expect(topProducts.map(({ name, units, revenue }) => ({ name, units, revenue }))).toEqual(
      expected,
    );
    expect(topProducts.map((top) => top.units)).toEqual([12, 11, 7, 3, 10, 9, 8, 7, 6, 5]);
  });

  it('answers zeros and no products for a shop with no orders', async () => {
    const admin = await newAdmin(shop);
    const stats = await shopStats(shop, admin, 'LAST_7_DAYS');
    expect(stats.revenue.map((period) => [period.days, period.revenue, period.change])).toEqual([
      [1, 0, null],
      [7, 0, null],
      [30, 0, null],
    ]);
    expect(stats.waitingOrders.map((waiting) => waiting.count)).toEqual([0, 0, 0]);
    expect(stats.revenueByDay).toHaveLength(7);
    expect(stats.revenueByDay.every((day) => day.revenue === 0 && day.orders === 0)).toBe(true);
    expect(stats.topProducts).toEqual([]);
    expect([stats.outOfStock, stats.lowStock]).toEqual([0, 0]);
  });

  it('counts products out of stock and low in stock by LOW_STOCK_THRESHOLD, following sales', async () => {
    const admin = await newAdmin(shop);
    const buyer = await newShopper(shop);
    const category = (await newCategory(shop, admin))._id;
    const quantities = [0, 0, 1, 3, 4, 50];
    const products = [];
    for (const quantity of quantities) {
      products.push(await newProduct(shop, admin, { quantity, category }));
    }
    const threshold = 3;
    const expected = (stock: number[]) => ({
      outOfStock: stock.filter((units) => units === 0).length,
      lowStock: stock.filter((units) => units > 0 && units <= threshold).length,
      lowStockThreshold: threshold,
    });
    expect(await shopStats(shop, admin)).toMatchObject(expected(quantities));

    // 4 -> 3 is low now; 1 -> 0 is out.
    await placeOrder(shop, buyer, products[4]._id, 1);
    await placeOrder(shop, buyer, products[2]._id, 1);
    expect(await shopStats(shop, admin)).toMatchObject(expected([0, 0, 0, 3, 3, 50]));
  });
});
