import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { productsFound } from '../client/src/features/catalog/headings';
import type { Page } from 'playwright-core';
import { DEMO_PRODUCT_HINDI } from '../server/src/seed/demo-hindi';
import { afterAll, describe, expect, it } from 'vitest';
import { graphql, placeOrderViaApi, productIdOf, tokenOf } from './support/api';
import {
  ADMIN,
  DESKTOP,
  logIn,
  newAccount,
  PHONE,
  registerViaApi,
  searchFor,
  settledOn,
  useShop,
  settledOnProduct,
  type Account,
} from './support/browser';
import {
  Catalogue,
  catalogue,
  expectCardsFrom,
  addableAsIs,
  matching,
  POLL,
  productNamed,
  slugOf,
} from './support/catalog';

/**
 * Where the pictures go: {screen}-{phone,desktop}.png. The README's pictures in docs/screenshots
 * are updated only on purpose, by `npm run screenshots`, which names that folder in
 * SCREENSHOTS_DIR; otherwise (`npm run test:e2e`) they go to a temporary folder, removed after.
 */
const KEEP = process.env.SCREENSHOTS_DIR;
const DIR = KEEP ? resolve(KEEP) : mkdtempSync(join(tmpdir(), 'shop-screenshots-'));

const VIEWPORTS = { phone: PHONE, desktop: DESKTOP } as const;

const KEYWORD = 'bluetooth';
/** A product's page with all it can show: sizes and colours, MRP and discount, reviews. */
const KURTA = productNamed('Cotton Kurta Set for Men').name;

/** How far the admin has moved each of the dashboard's orders on, by order (the rest wait). */
const MOVES = [['PROCESSING', 'SHIPPED'], ['PROCESSING'], ['PROCESSING']];

let sales: Promise<Account> | undefined;

/**
 * A shopper's paid orders for the dashboard and the shopper's order list to show (once,
 * whichever screen and width is taken first): one of each of six products in stock, from the
 * dearest down, some in greater numbers. Answers the shopper.
 */
function salesFor(page: Page, { products }: Catalogue): Promise<Account> {
  sales ??= (async () => {
    const shopper = newAccount('screenshots');
    const run = Date.now().toString(36);
    await registerViaApi(page, shopper);
    const token = await tokenOf(shopper);
    const adminToken = await tokenOf(ADMIN);
    const bought = [...addableAsIs(products)].sort((a, b) => b.price - a.price).slice(0, 6);
    for (const [at, product] of bought.entries()) {
      const productId = await productIdOf(product.slug);
      const order = await placeOrderViaApi(
        token,
        [{ productId, quantity: Math.min(product.quantity, 1 + (at % 3)) }],
        `screenshots-${run}-${at}`,
      );
      for (const status of MOVES[at] ?? []) {
        // Shipping takes the courier and its tracking number (AWB).
        const shipment =
          status === 'SHIPPED'
            ? { courier: 'Delhivery', trackingNumber: `DL${run}${at}`.slice(0, 30) }
            : null;
        await graphql(
          'mutation S($id: ID!, $status: OrderStatus!, $shipment: ShipmentInput) { setOrderStatus(orderId: $id, status: $status, shipment: $shipment) { id } }',
          { id: order.id, status, shipment },
          adminToken,
        );
      }
    }
    return shopper;
  })();
  return sales;
}

const SCREENS: Record<string, (page: Page, shop: Catalogue) => Promise<void>> = {
  home: async (page, { products }) => {
    await page.goto('/');
    await expectCardsFrom(page, products);
  },
  product: async (page) => {
    await showKurta(page);
    await settledOnProduct(page, KURTA);
  },
  cart: async (page, shop) => {
    // A new shopper each time: the cart follows the account, so one shared would fill up.
    const shopper = newAccount('screenshots-cart');
    await registerViaApi(page, shopper);
    await logIn(page, shopper);
    for (const product of [...addableAsIs(shop.products)]
      .sort((a, b) => b.price - a.price)
      .slice(1, 3)) {
      await page.goto(`/product/${product.slug}`);
      await settledOnProduct(page, product.name);
      await page.getByRole('main').getByRole('button', { name: 'ADD TO CART' }).click();
    }
    await page.goto('/cart');
    await settledOn(page, 'Cart Summary');
    await expect.poll(() => page.getByTestId('cart-line').count(), POLL).toBe(2);
  },
  account: async (page, shop) => {
    await logIn(page, await salesFor(page, shop));
    await page.goto('/dashboard/user/orders');
    await settledOn(page, 'All Orders');
    await page.getByTestId('order').first().waitFor();
  },
  search: async (page, { products }) => {
    await page.goto('/');
    await searchFor(page, KEYWORD);
    await page.getByText(productsFound(matching(products, KEYWORD).length)).waitFor();
  },
  dashboard: async (page, shop) => {
    await salesFor(page, shop);
    await logIn(page, ADMIN);
    await page.goto('/dashboard/admin?days=7');
    await settledOn(page, 'Admin Panel');
    const main = page.getByRole('main');
    await main
      .getByTestId('revenue-chart')
      .locator('.recharts-bar-rectangle path')
      .first()
      .waitFor();
    await main
      .getByTestId('top-products-chart')
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    // On a phone the admin's menu comes first: the picture starts at the dashboard itself.
    await main
      .getByRole('heading', { name: 'Admin Panel' })
      .evaluate((heading) => heading.scrollIntoView());
  },
  'not-found': async (page) => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404' }).waitFor();
  },
};

/** A kurta's page with a size and colour chosen, its reviews and similar products shown. */
async function showKurta(page: Page): Promise<void> {
  await page.goto(`/product/${slugOf(KURTA)}?size=M&colour=Blue`);
  // Its name, or on a Hindi page the Hindi name the shop gave it.
  const names = new RegExp(`^(${KURTA}|${DEMO_PRODUCT_HINDI[KURTA].nameHi})$`);
  await page.getByRole('main').getByRole('heading', { level: 1, name: names }).waitFor();
  await page.getByTestId('review').first().waitFor();
  await page.getByTestId('product-card').first().waitFor();
}

/** The screens taken again in Hindi on a phone, as {screen}-hindi-phone.png. */
const HINDI_SCREENS: Record<string, (page: Page, shop: Catalogue) => Promise<void>> = {
  home: SCREENS.home,
  product: showKurta,
};

/** Every image on the page loaded (lazy ones too), so none is blank in the picture. */
async function imagesLoaded(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  );
}

describe('screenshots', () => {
  const open = useShop();
  mkdirSync(DIR, { recursive: true });
  afterAll(() => {
    if (!KEEP) rmSync(DIR, { recursive: true, force: true });
  });

  /** Shows the screen, then takes its picture once every image is in and no alert is shown. */
  async function take(
    page: Page,
    show: (page: Page, shop: Catalogue) => Promise<void>,
    name: string,
    fullPage: boolean,
  ) {
    await show(page, await catalogue());
    await imagesLoaded(page);
    // Hindi's font faces are fetched when text first needs them: none is drawn before it is in.
    await page.evaluate(() => document.fonts.ready);
    await expect.poll(() => page.getByRole('alert').count(), POLL).toBe(0);
    const path = join(DIR, `${name}.png`);
    const before = Date.now();
    await page.screenshot({ path, fullPage, animations: 'disabled', caret: 'hide' });
    const file = statSync(path);
    expect(file.mtimeMs).toBeGreaterThanOrEqual(before - 1000);
    expect(file.size).toBeGreaterThan(5_000);
    expect(file.size).toBeLessThan(1_500_000);
  }

  for (const [screen, show] of Object.entries(SCREENS)) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      it(`${screen} at ${width} width`, async () => {
        await take(await open(viewport), show, `${screen}-${width}`, width === 'desktop');
      });
    }
  }

  for (const [screen, show] of Object.entries(HINDI_SCREENS)) {
    it(`${screen} in Hindi at phone width`, async () => {
      const page = await open(PHONE, 'hi-IN');
      await take(page, show, `${screen}-hindi-phone`, false);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    });
  }
});
