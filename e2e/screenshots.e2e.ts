import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, searchBox, searchFor, useShop } from './support/browser';
import { Catalogue, catalogue, expectCardsFrom, inStock, matching, POLL } from './support/catalog';

/**
 * Where the pictures go: {screen}-{phone,desktop}.png. The README's pictures in docs/screenshots
 * are updated only on purpose, by `npm run screenshots`, which names that folder in
 * SCREENSHOTS_DIR; otherwise (`npm run test:e2e`) they go to a temporary folder, removed after.
 */
const KEEP = process.env.SCREENSHOTS_DIR;
const DIR = KEEP ? resolve(KEEP) : mkdtempSync(join(tmpdir(), 'shop-screenshots-'));

const VIEWPORTS = { phone: PHONE, desktop: DESKTOP } as const;

/** A product with a good photo and similar products: the dearest in stock. */
const showcase = ({ products }: Catalogue) =>
  [...inStock(products)].sort((a, b) => b.price - a.price)[0];
const KEYWORD = 'bluetooth';

const SCREENS: Record<string, (page: Page, shop: Catalogue) => Promise<void>> = {
  home: async (page, { products }) => {
    await page.goto('/');
    await expectCardsFrom(page, products);
  },
  product: async (page, shop) => {
    await page.goto(`/product/${showcase(shop).slug}`);
    await page.getByRole('heading', { name: 'Product Details' }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
  },
  search: async (page, { products }) => {
    await page.goto('/');
    await searchFor(page, KEYWORD);
    await page.getByText(`Found ${matching(products, KEYWORD).length} Results`).waitFor();
    // On a phone the search box sits in the menu, which closes itself once the search is done.
    if (await page.getByRole('button', { name: 'Menu' }).isVisible()) {
      await searchBox(page).waitFor({ state: 'hidden' });
    }
  },
  'not-found': async (page) => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404' }).waitFor();
  },
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

  for (const [screen, show] of Object.entries(SCREENS)) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      it(`${screen} at ${width} width`, async () => {
        const shop = await catalogue();
        const page = await open(viewport);
        await show(page, shop);
        await imagesLoaded(page);
        await expect.poll(() => page.getByRole('alert').count(), POLL).toBe(0);
        const path = join(DIR, `${screen}-${width}.png`);
        const before = Date.now();
        await page.screenshot({
          path,
          fullPage: width === 'desktop',
          animations: 'disabled',
          caret: 'hide',
        });
        const file = statSync(path);
        expect(file.mtimeMs).toBeGreaterThanOrEqual(before - 1000);
        expect(file.size).toBeGreaterThan(5_000);
        expect(file.size).toBeLessThan(1_500_000);
      });
    }
  }
});
