import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { slugify } from '../../server/src/common/text';
import {
  demoCategories,
  DemoProduct,
  demoProducts,
} from '../../server/src/database/seed/demo-catalog';

/**
 * What the seeded shop holds, from the demo catalogue itself, so that expectations follow the
 * catalogue when it changes instead of repeating its counts.
 */
export const CATEGORIES = demoCategories;
export const PRODUCTS = demoProducts;

/** Cards on the first page of the home grid, and added by each 'Click here for Loadmore'. */
export const PAGE_SIZE = 6;

/** The price filter options of SPEC.md section 9 (bounds included). */
export const PRICE_BANDS = {
  'All Prices': [0, 200000],
  'Rs. 0 to 1000': [0, 1000],
  'Rs. 1001 to 3000': [1001, 3000],
  'Rs. 3001 to 7000': [3001, 7000],
  'Rs. 7001 to 15,000': [7001, 15000],
  'Rs. 15001 to 20,000': [15001, 20000],
  'Rs. 20001 to 50,000': [20001, 50000],
  'Above Rs. 50,000': [50001, 200000],
} as const satisfies Record<string, readonly [number, number]>;
export type PriceBand = keyof typeof PRICE_BANDS;

const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Rupees as the shop shows them: ₹1,14,900.00 */
export const inr = (amount: number): string => INR.format(amount);

/** '₹1,14,900.00' -> 114900 */
export const rupees = (text: string): number => Number(text.replace(/[₹,\s]/g, ''));

export const slugOf = (name: string): string => slugify(name);

const bySlug = new Map(PRODUCTS.map((product) => [slugOf(product.name), product]));

export function productNamed(name: string): DemoProduct {
  const product = PRODUCTS.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`No demo product named ${name}`);
  return product;
}

export const inCategory = (category: string): DemoProduct[] =>
  PRODUCTS.filter((product) => product.category === category);

export const inBand = (band: PriceBand, pool: readonly DemoProduct[] = PRODUCTS): DemoProduct[] => {
  const [min, max] = PRICE_BANDS[band];
  return pool.filter((product) => product.price >= min && product.price <= max);
};

/** The server's search: the keyword anywhere in the name or the description, any case. */
export const matching = (keyword: string): DemoProduct[] =>
  PRODUCTS.filter((product) =>
    `${product.name}\n${product.description}`.toLowerCase().includes(keyword.toLowerCase()),
  );

export const outOfStock = (): DemoProduct[] => PRODUCTS.filter((product) => product.quantity <= 0);

/** The description as a card shows it: its first `length` characters and '...'. */
export const excerpt = (product: DemoProduct, length: number): string =>
  `${product.description.substring(0, length)}...`;

export interface ShownCard {
  slug: string;
  /** The demo product behind the card (by its More Details link), if any. */
  product: DemoProduct | undefined;
  name: string;
  /** The price as shown, e.g. '₹2,995.00', or '' when the card shows none. */
  priceText: string;
  text: string;
}

/** Every product card in `scope`, in order, read in one go. */
export async function shownCards(scope: Page | Locator): Promise<ShownCard[]> {
  const raw = await scope.getByTestId('product-card').evaluateAll((cards) =>
    cards.map((card) => ({
      href: card.querySelector('a[href^="/product/"]')?.getAttribute('href') ?? '',
      text: (card as HTMLElement).innerText,
    })),
  );
  return raw.map(({ href, text }) => {
    const slug = href.replace(/^\/product\//, '');
    const product = bySlug.get(slug);
    return {
      slug,
      product,
      name: product?.name ?? `(unknown: ${slug})`,
      priceText: text.match(/₹[\d,]+\.\d{2}/)?.[0] ?? '',
      text,
    };
  });
}

export const POLL = { timeout: 15_000, interval: 100 };

/**
 * Waits until the grid shows `count` cards, all of them from `pool` (a list being replaced by a
 * filter holds the old cards for a moment), and returns them.
 */
export async function expectCardsFrom(
  page: Page,
  pool: readonly DemoProduct[],
  count = Math.min(pool.length, PAGE_SIZE),
): Promise<ShownCard[]> {
  const allowed = new Set(pool.map((product) => product.name));
  await expect
    .poll(async () => {
      const cards = await shownCards(page);
      return {
        count: cards.length,
        outside: cards.filter((card) => !allowed.has(card.name)).map((card) => card.name),
      };
    }, POLL)
    .toEqual({ count, outside: [] });
  return shownCards(page);
}

/** The load-more button, in either of its states. */
export const loadMoreButton = (page: Page): Locator =>
  page.getByRole('button', { name: /^(Click here for Loadmore|Loading\.\.\.)$/ });

/**
 * Waits for the first page of `pool`, then clicks 'Click here for Loadmore' until all of it is
 * shown, checking that each click appends one page, then that the button is gone.
 */
export async function loadAll(page: Page, pool: readonly DemoProduct[]): Promise<ShownCard[]> {
  const total = pool.length;
  const more = page.getByRole('button', { name: 'Click here for Loadmore', exact: true });
  let shown = Math.min(total, PAGE_SIZE);
  await expectCardsFrom(page, pool, shown);
  while (shown < total) {
    await more.click();
    shown = Math.min(total, shown + PAGE_SIZE);
    await expect.poll(() => page.getByTestId('product-card').count(), POLL).toBe(shown);
  }
  await expect.poll(() => loadMoreButton(page).count(), POLL).toBe(0);
  return expectCardsFrom(page, pool, total);
}

export const names = (items: readonly { name: string }[]): string[] =>
  items.map((item) => item.name).sort();
