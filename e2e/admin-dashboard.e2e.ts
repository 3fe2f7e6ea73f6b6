import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Download, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { graphql, placeOrderViaApi, productIdOf, tokenOf } from './support/api';
import {
  accessibilityViolations,
  ADMIN,
  logIn,
  newAccount,
  registerViaApi,
  searchFor,
  settledOn,
  stored,
  toast,
  useShop,
} from './support/browser';
import { catalogue, inr, addableAsIs, POLL, slugOf } from './support/catalog';
import { DECLINED_CARD } from './support/checkout';

/** Names made by this file carry this tag, so that they are unique and can be cleaned up. */
const TAG = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The catalogue's CSV columns, written out: a change of the format must fail here. */
const PRODUCT_COLUMNS = [
  'slug',
  'name',
  'description',
  'price',
  'category',
  'quantity',
  'shipping',
  'sku',
  'options',
  'mrp',
  'hsn',
  'taxclass',
  'name_hi',
  'description_hi',
];
const ORDER_COLUMNS = [
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

interface Stats {
  revenue: { label: string; revenue: number; orders: number }[];
  waitingOrders: { status: string; count: number }[];
  topProducts: { name: string; units: number }[];
}

const adminStats = async (token: string): Promise<Stats> =>
  (
    await graphql<{ shopStats: Stats }>(
      `
        {
          shopStats {
            revenue {
              label
              revenue
              orders
            }
            waitingOrders {
              status
              count
            }
            topProducts {
              name
              units
            }
          }
        }
      `,
      {},
      token,
    )
  ).shopStats;

/** Whatever this file created, even after a failure midway: the imported products. */
async function cleanUp(): Promise<void> {
  const token = await tokenOf(ADMIN);
  const { products } = await graphql<{ products: { items: { id: string }[] } }>(
    'query S($search: String) { products(search: $search, pageSize: 50) { items { id } } }',
    { search: TAG },
  );
  for (const product of products.items) {
    await graphql('mutation D($id: ID!) { deleteProduct(id: $id) { id } }', product, token);
  }
}

/** Clicks `button` and answers the file the browser downloads, with its rows. */
async function downloadOf(
  page: Page,
  button: string,
): Promise<{ download: Download; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  // The server starts the file with a byte order mark, so spreadsheets read it as UTF-8.
  return { download, rows: parse(text, { bom: true }) as string[][] };
}

const ofUnits = (units: number) => (units === 1 ? '1 order' : `${units} orders`);

describe('the admin dashboard home', () => {
  const open = useShop();
  afterAll(cleanUp);

  it('shows sales and waiting orders, leads to the filtered orders, and imports products into the shop', async () => {
    // A new shopper buys twice and is declined once; the admin starts on the first order.
    const shopper = newAccount('dashboard');
    await registerViaApi(await open(), shopper);
    const token = await tokenOf(shopper);
    const adminToken = await tokenOf(ADMIN);
    const bought = [...addableAsIs((await catalogue()).products)].sort(
      (a, b) => b.quantity - a.quantity,
    )[0];
    const productId = await productIdOf(bought.slug);
    const line = (quantity: number) => [{ productId, quantity }];
    const first = await placeOrderViaApi(token, line(2), `e2e-${TAG}-1`);
    const second = await placeOrderViaApi(token, line(1), `e2e-${TAG}-2`);
    const declined = await placeOrderViaApi(token, line(1), `e2e-${TAG}-3`, DECLINED_CARD);
    expect([first, second, declined].map((order) => order.payment.success)).toEqual([
      true,
      true,
      false,
    ]);
    await graphql(
      'mutation S($orderId: ID!) { setOrderStatus(orderId: $orderId, status: PROCESSING) { id } }',
      { orderId: first.id },
      adminToken,
    );
    // The figures as the server counts them (other journeys buy too): today holds both paid
    // orders, and the declined one is not revenue.
    const stats = await adminStats(adminToken);
    const [today] = stats.revenue;
    expect(today.revenue).toBeGreaterThanOrEqual(first.total + second.total);
    const processing = stats.waitingOrders.find(({ status }) => status === 'PROCESSING')!.count;
    expect(processing).toBeGreaterThanOrEqual(1);

    const page = await open();
    await logIn(page, ADMIN);
    await page.getByTestId('user-menu').first().click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard/admin');
    await settledOn(page, 'Admin Panel');
    const main = page.getByRole('main');
    const admin = (await stored<{ user: { name: string } }>(page, 'auth'))!.user;
    await main.getByText(`Signed in as ${admin.name}`).waitFor();
    const todayCard = main.getByTestId('revenue-card').first();
    expect(await todayCard.innerText()).toContain(inr(today.revenue));
    expect(await todayCard.innerText()).toContain(`${today.orders} paid order`);

    // The charts are drawn: the revenue per day, and a bar for each best seller.
    const chart = main.getByTestId('revenue-chart');
    await chart.locator('svg.recharts-surface').first().waitFor();
    await chart.locator('.recharts-bar-rectangle path').first().waitFor();
    const topChart = main.getByTestId('top-products-chart');
    await topChart.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await topChart.locator('.recharts-bar-rectangle').count()).toBe(
      stats.topProducts.length,
    );
    // The axis wraps the names over lines (one tspan each), so spaces are not compared.
    const unspaced = (text: string | null) => (text ?? '').replace(/\s/g, '');
    expect(unspaced(await topChart.locator('svg').first().textContent())).toContain(
      unspaced(stats.topProducts[0].name.slice(0, 20)),
    );

    expect(await accessibilityViolations(page)).toEqual([]);

    // The waiting orders, each a link to the orders page filtered by its status.
    for (const { status, count } of stats.waitingOrders) {
      const label = {
        NOT_PROCESSED: 'Not Processed',
        PROCESSING: 'Processing',
        SHIPPED: 'Shipped',
      }[status];
      await main.getByRole('link', { name: `${label} ${ofUnits(count)}` }).waitFor();
    }
    await main.getByRole('link', { name: `Processing ${ofUnits(processing)}` }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/dashboard/admin/orders' &&
        url.searchParams.get('status') === 'PROCESSING',
    );
    await settledOn(page, 'All Orders');
    const orders = main.getByTestId('order');
    await expect.poll(() => orders.count(), POLL).toBe(Math.min(processing, 10));
    const statuses = await orders
      .getByRole('combobox', { name: /^Status of order BZ-\d{6,}$/ })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(new Set(statuses)).toEqual(new Set(['Processing']));
    await orders.filter({ hasText: shopper.name }).waitFor();
    expect(await orders.filter({ hasText: shopper.name }).count()).toBe(1);

    // The list's CSV holds the same orders: the shopper's processing order, none other.
    const exported = await downloadOf(page, 'Export CSV');
    expect(exported.download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = exported.rows;
    expect(header).toEqual(ORDER_COLUMNS);
    expect(rows).toHaveLength(processing);
    expect(new Set(rows.map((row) => row[3]))).toEqual(new Set(['Processing']));
    const ours = rows.find((row) => row[1] === first.id)!;
    expect(ours[0]).toBe(first.number);
    expect(ours[4]).toBe(shopper.name);
    expect(ours[7]).toBe(first.total.toFixed(2));

    // Products: the sample file, then two new products imported through the preview.
    await page
      .getByRole('navigation', { name: 'Admin Panel' })
      .getByRole('link', { name: 'Products' })
      .click();
    await settledOn(page, 'All Products List');
    const sample = await downloadOf(page, 'Download sample CSV');
    expect(sample.rows[0]).toEqual(PRODUCT_COLUMNS);
    expect(sample.rows.length).toBeGreaterThan(1);

    const { categories } = await graphql<{ categories: { name: string; slug: string }[] }>(
      '{ categories { name slug } }',
    );
    const [category] = categories;
    const diya = {
      slug: `e2e-brass-diya-${TAG}`,
      name: `E2E Brass Diya ${TAG}`,
      price: 349,
    };
    const tote = { name: `E2E Jute Tote ${TAG}`, price: 599.5 };
    const csv = stringify([
      PRODUCT_COLUMNS,
      // Sold one way: no SKU (made from the slug), no options, no MRP; its HSN code and class,
      // and its name and description in Hindi.
      [
        diya.slug,
        diya.name,
        'A hand-cast brass oil lamp.',
        '349',
        category.slug,
        '25',
        'yes',
        '',
        '',
        '',
        '9405',
        'standard',
        'पीतल का दीया',
        'मुरादाबाद में हाथ से ढला पीतल का दीया।',
      ],
      // No slug: made from the name; the category named rather than slugged; 3 left is low.
      [
        '',
        tote.name,
        'A sturdy jute tote with cotton handles.',
        '599.50',
        category.name,
        '3',
        'no',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Import CSV' }).click(),
    ]);
    await chooser.setFiles({
      name: `lamps-${TAG}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const preview = main.getByTestId('import-preview');
    await preview.getByText('2 to create, 0 to update, 0 unchanged').waitFor();
    expect(await preview.getByTestId('import-errors').count()).toBe(0);
    const previewRows = await preview.getByTestId('import-row').allTextContents();
    expect(previewRows).toHaveLength(2);
    expect(previewRows[0]).toContain(diya.slug);
    expect(previewRows[1]).toContain(slugOf(tote.name));
    expect(previewRows.every((row) => row.includes('Create'))).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await preview.getByRole('button', { name: 'Apply' }).click();
    await toast(page, 'Import done: 2 created, 0 updated, 0 unchanged');
    await preview.waitFor({ state: 'detached' });
    const toteCard = main.getByTestId('admin-product').filter({ hasText: tote.name });
    await toteCard.waitFor();
    expect(await toteCard.getByTestId('stock-badge').textContent()).toBe('Low stock (3 left)');

    // In the shop: found by the search, at their prices, each at its slug.
    await page.goto('/');
    await searchFor(page, TAG);
    const cards = page.getByTestId('product-card');
    await expect.poll(() => cards.count(), POLL).toBe(2);
    const shown = await cards.evaluateAll((found) =>
      found.map((card) => ({
        href: card.querySelector('a[href^="/product/"]')?.getAttribute('href'),
        text: (card as HTMLElement).innerText,
      })),
    );
    expect(shown.map(({ href }) => href).sort()).toEqual(
      [`/product/${diya.slug}`, `/product/${slugOf(tote.name)}`].sort(),
    );
    const textOf = (slug: string) => shown.find(({ href }) => href === `/product/${slug}`)!.text;
    expect(textOf(diya.slug)).toContain(inr(diya.price));
    expect(textOf(slugOf(tote.name))).toContain(inr(tote.price));
  });
});
