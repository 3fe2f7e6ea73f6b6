import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ORDER_FILTER_RULES } from '../../src/shared/rules';
import {
  Account,
  backdateOrder,
  checkout,
  DECLINED_CARD,
  expectError,
  indiaDay,
  indiaNoon,
  newProduct,
  newShopper,
  placeOrder,
  uniqueTag,
} from '../support/fixtures';
import { expectAdminOnly, expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { graphqlName } from './operations';

const FILTERED = `
  query ($page: Int!, $pageSize: Int!, $status: OrderStatus, $from: String, $to: String, $buyer: String) {
    orders(page: $page, pageSize: $pageSize, status: $status, from: $from, to: $to, buyer: $buyer) {
      total hasMore items { id number status total createdAt buyer { name email } payment { success } }
    }
  }
`;

interface FilteredOrder {
  id: string;
  number: string;
  status: string;
  total: number;
  createdAt: string;
  buyer: { name: string; email: string };
  payment: { success: boolean };
}

interface Filter {
  status?: string;
  from?: string;
  to?: string;
  buyer?: string;
}

/** An order this file placed, with what the filter reads of it. */
interface Placed {
  id: string;
  buyer: Account;
  status: string;
  daysAgo: number;
  /** Paid by a declined card: the buyer's to see, not the admin's. */
  declined?: boolean;
}

const CSV_COLUMNS = [
  'number',
  'order',
  'date',
  'status',
  'buyer',
  'email',
  'items',
  'total',
  'payment',
  'name',
  'mobile',
  'address',
  'city',
  'state',
  'pin',
  'discount',
  'coupon',
];

/**
 * The admin's orders page filter (GraphQL `orders` with status, from, to and buyer) and the
 * CSV export of the same orders (REST GET /api/v1/order/export.csv). Each test places orders
 * for buyers of its own, whose names carry a tag no other test uses, and filters by it.
 */
describe('orders filtered by status, dates and buyer, and exported as CSV', () => {
  const shop = useTestShop({ seed: true });

  /** Every page of the filtered list, ids in order; checks the total and hasMore on the way. */
  async function filtered(filter: Filter, pageSize = 2): Promise<FilteredOrder[]> {
    const orders: FilteredOrder[] = [];
    for (let page = 1; ; page += 1) {
      const { orders: answer } = await gqlOk<{
        orders: { total: number; hasMore: boolean; items: FilteredOrder[] };
      }>(shop, FILTERED, { page, pageSize, ...filter }, shop.admin);
      orders.push(...answer.items);
      expect(answer.hasMore).toBe(orders.length < answer.total);
      if (!answer.hasMore) {
        expect(orders).toHaveLength(answer.total);
        return orders;
      }
    }
  }

  async function exported(filter: Record<string, string>) {
    const response = await shop
      .http()
      .get(`/api/v1/order/export.csv?${new URLSearchParams(filter)}`)
      .set(shop.admin.auth)
      .buffer(true);
    expect(response.status, response.text).toBe(200);
    const rows: string[][] = parse(response.text, { bom: true });
    return { response, header: rows[0], rows: rows.slice(1) };
  }

  /** Two buyers of this test, with a few orders each over several days and statuses. */
  async function placeSome(): Promise<{ tag: string; placed: Placed[]; kavya: Account }> {
    const tag = uniqueTag();
    const kavya = await newShopper(shop, { name: `Kavya Iyer ${tag}` });
    const rohan = await newShopper(shop, { name: `Rohan Das ${tag}` });
    const product = (await newProduct(shop, shop.admin, { quantity: 100, price: 250 }))._id;
    const placed: Placed[] = [];
    const plan: [Account, number, string[], boolean?][] = [
      [kavya, 0, []],
      [kavya, 5, ['Processing']],
      [kavya, 20, ['Processing', 'Shipped']],
      [rohan, 0, ['Processing']],
      [rohan, 5, [], true],
      [rohan, 6, ['Cancelled']],
    ];
    for (const [buyer, daysAgo, moves, declined] of plan) {
      const lines = [{ productId: product, quantity: 2 }];
      const id = declined
        ? (await checkout(shop, buyer, lines, { card: DECLINED_CARD }).expect(402)).body.order._id
        : (await placeOrder(shop, buyer, product, 2))._id;
      for (const status of moves) {
        await shop
          .http()
          .put(`/api/v1/auth/order-status/${id}`)
          .set(shop.admin.auth)
          .send({ status })
          .expect(200);
      }
      // A minute apart, so orders of one day keep the order they were placed in.
      const at = new Date(indiaNoon(daysAgo).getTime() + placed.length * 60_000);
      if (daysAgo > 0) await backdateOrder(shop, id, at);
      placed.push({ id, buyer, status: moves.at(-1) ?? 'Not Processed', daysAgo, declined });
    }
    return { tag, placed, kavya };
  }

  /**
   * The placed orders a filter keeps, newest first: orders to fulfil only, the declined one
   * left to its buyer.
   */
  const expectedIds = (placed: Placed[], keep: (order: Placed) => boolean) =>
    placed
      .filter((order) => !order.declined && keep(order))
      .sort((a, b) => a.daysAgo - b.daysAgo || placed.indexOf(b) - placed.indexOf(a))
      .map((order) => order.id);

  it('filters by buyer (name or e-mail, any case), status and days, both ends included', async () => {
    const { tag, placed, kavya } = await placeSome();
    const ids = async (filter: Filter) => (await filtered(filter)).map((order) => order.id);

    expect(await ids({ buyer: tag })).toEqual(expectedIds(placed, () => true));
    expect(await ids({ buyer: `KAVYA iyer ${tag}` })).toEqual(
      expectedIds(placed, (order) => order.buyer === kavya),
    );
    expect(await ids({ buyer: kavya.email.split('@')[0].toUpperCase() })).toEqual(
      expectedIds(placed, (order) => order.buyer === kavya),
    );
    expect(await ids({ buyer: tag, status: graphqlName('Processing' as never) })).toEqual(
      expectedIds(placed, (order) => order.status === 'Processing'),
    );
    expect(await ids({ buyer: tag, from: indiaDay(6), to: indiaDay(5) })).toEqual(
      expectedIds(placed, (order) => order.daysAgo === 5 || order.daysAgo === 6),
    );
    expect(await ids({ buyer: tag, from: indiaDay(0), to: indiaDay(0) })).toEqual(
      expectedIds(placed, (order) => order.daysAgo === 0),
    );
    expect(await ids({ buyer: tag, from: indiaDay(19) })).toEqual(
      expectedIds(placed, (order) => order.daysAgo <= 19),
    );
    expect(await ids({ buyer: tag, to: indiaDay(1) })).toEqual(
      expectedIds(placed, (order) => order.daysAgo >= 1),
    );
    expect(await ids({ buyer: `nobody-${uniqueTag()}` })).toEqual([]);

    // Without a buyer: this test's orders of today are among the shop's, newest first.
    const today = await ids({ from: indiaDay(0), to: indiaDay(0) });
    const ofToday = expectedIds(placed, (order) => order.daysAgo === 0);
    expect(today.filter((id) => ofToday.includes(id))).toEqual(ofToday);
    expect(today).not.toContain(placed.find((order) => order.daysAgo === 5)!.id);
  });

  it('finds a buyer by the name they changed to, and no longer by the old one', async () => {
    const tag = uniqueTag();
    const buyer = await newShopper(shop, { name: `Meera Nair ${tag}` });
    const product = (await newProduct(shop, shop.admin))._id;
    const { _id } = await placeOrder(shop, buyer, product);
    const ids = async (text: string) => (await filtered({ buyer: text })).map((order) => order.id);
    expect(await ids(`Meera Nair ${tag}`)).toEqual([_id]);

    await shop
      .http()
      .put('/api/v1/auth/profile')
      .set(buyer.auth)
      .send({ name: `Meera Pillai ${tag}` })
      .expect(200);
    expect(await ids(`Meera Pillai ${tag}`)).toEqual([_id]);
    expect(await ids(`Meera Nair ${tag}`)).toEqual([]);
  });

  it('exports the filtered orders as a streamed CSV, the same orders as the list', async () => {
    const { tag, placed } = await placeSome();
    const filters: Record<string, string>[] = [
      { buyer: tag },
      { buyer: tag, status: 'Processing' },
      { buyer: tag, from: indiaDay(6), to: indiaDay(0) },
    ];
    for (const filter of filters) {
      const listed = await filtered({
        ...filter,
        status: filter.status && graphqlName(filter.status as never),
      });
      const { response, header, rows } = await exported(filter);
      expect(header).toEqual(CSV_COLUMNS);
      expect(rows.map((row) => row[1])).toEqual(listed.map((order) => order.id));
      for (const [at, row] of rows.entries()) {
        const order = listed[at];
        const stored = placed.find((one) => one.id === order.id)!;
        expect(row).toEqual([
          order.number,
          order.id,
          expect.stringMatching(new RegExp(`^${indiaDay(stored.daysAgo)} \\d\\d:\\d\\d$`)),
          stored.status,
          order.buyer.name,
          order.buyer.email,
          expect.stringMatching(/^2 x Brass Lamp /),
          order.total.toFixed(2),
          !order.payment.success ? 'declined' : stored.status === 'Cancelled' ? 'refunded' : 'paid',
          // Placed with the account's text address: the buyer's name and phone, and the text.
          order.buyer.name,
          '9845012345',
          '12 MG Road, Bengaluru 560001',
          '',
          '',
          '',
          // No coupon or offer took anything off.
          '0.00',
          '',
        ]);
      }
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="orders-${indiaDay(0)}.csv"`,
      );
      // Written row by row as it is read: chunked, with no length known up front.
      expect(response.headers['transfer-encoding']).toBe('chunked');
      expect(response.headers['content-length']).toBeUndefined();
    }
  });

  it('refuses bad dates, dates the wrong way round and unknown statuses on both APIs', async () => {
    const cases: [Filter, string][] = [
      [{ from: '2026-02-30' }, ORDER_FILTER_RULES.date],
      [{ to: '31/01/2026' }, ORDER_FILTER_RULES.date],
      [{ from: indiaDay(0), to: indiaDay(1) }, ORDER_FILTER_RULES.dateOrder],
      [{ buyer: 'x'.repeat(255) }, ORDER_FILTER_RULES.buyerTooLong],
    ];
    for (const [filter, message] of cases) {
      const error = expectRefused(
        await gql(shop, FILTERED, { page: 1, pageSize: 20, ...filter }, shop.admin),
        'BAD_USER_INPUT',
        'orders',
      );
      expect(error.message).toBe(message);
      if (filter.buyer) continue;
      const response = await shop
        .http()
        .get(`/api/v1/order/export.csv?${new URLSearchParams(filter as Record<string, string>)}`)
        .set(shop.admin.auth);
      expectError(response, 400, message);
    }
    const response = await shop
      .http()
      .get('/api/v1/order/export.csv?status=Lost')
      .set(shop.admin.auth);
    expectError(response, 400, /Status must be one of/);
  });

  it('is for admins only: the filtered list and the export', async () => {
    await expectAdminOnly(
      shop,
      FILTERED,
      { page: 1, pageSize: 20, buyer: 'a', from: indiaDay(1), to: indiaDay(0) },
      'orders',
    );
    expectError(await shop.http().get('/api/v1/order/export.csv'), 401);
    expectError(
      await shop.http().get('/api/v1/order/export.csv').set(shop.shopper.auth),
      403,
      'Admins only',
    );
  });
});
