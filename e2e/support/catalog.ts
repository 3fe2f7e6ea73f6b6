import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { slugify } from '../../server/src/common/text';
import { DemoProduct, demoProducts } from '../../server/src/seed/demo-catalog';
import { baseUrl } from './browser';

/**
 * What the shop holds is read from its API when a test needs it (`await catalogue()`), not
 * taken from the demo data it was seeded with: other journeys add products and categories and
 * buy stock, in whatever order they run, so an expectation worked out from the seed would
 * hold only for the journeys that happen to run first.
 */
export interface Product {
  name: string;
  slug: string;
  description: string;
  /** Rupees. */
  price: number;
  /** Units in stock now. */
  quantity: number;
  /** The category's name. */
  category: string;
  /** Where its photo is, or null when it has none (then neither card nor page shows one). */
  photoUrl: string | null;
  /** Its options' names (Size, Colour): a shopper chooses each before the cart takes it. */
  options: string[];
}

export interface Catalogue {
  /** Every product, newest first, as the home grid lists them. */
  products: Product[];
  /** Every category's name, by name. */
  categories: string[];
}

async function query<T>(text: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: text, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!response.ok || body.errors?.length || !body.data) {
    throw new Error(`GraphQL failed (${response.status}): ${JSON.stringify(body.errors)}`);
  }
  return body.data;
}

interface ListedProduct extends Omit<Product, 'category' | 'options'> {
  category: { name: string } | null;
  options: { name: string }[];
}

/** The whole catalogue as the shop's API answers now. */
export async function catalogue(): Promise<Catalogue> {
  const products: Product[] = [];
  for (let page = 1; ; page += 1) {
    const { products: listed } = await query<{
      products: { hasMore: boolean; items: ListedProduct[] };
    }>(
      `query Catalogue($page: Int!) {
        products(page: $page, pageSize: 50) {
          hasMore
          items { name slug description price quantity photoUrl category { name } options { name } }
        }
      }`,
      { page },
    );
    products.push(
      ...listed.items.map((item) => ({
        ...item,
        category: item.category?.name ?? '',
        options: item.options.map((option) => option.name),
      })),
    );
    if (!listed.hasMore) break;
  }
  const { categories } = await query<{ categories: { name: string }[] }>('{ categories { name } }');
  return { products, categories: categories.map((category) => category.name) };
}

/**
 * A product of the demo catalogue the shop is seeded with, by name: for a journey that picks
 * a particular product (its stock, price and so on are then read from the API).
 */
export function productNamed(name: string): DemoProduct {
  const product = demoProducts.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`No demo product named ${name}`);
  return product;
}

/** Cards on the first page of the home grid, and added by each 'Load more products'. */
export const PAGE_SIZE = 6;

/**
 * The storefront's price filter options (PRICE_BANDS in server/src/shared/rules.ts), each a
 * range of rupees with both bounds included: Rs. 1000 is in 'Rs. 0 to 1000' and Rs. 1001 in
 * 'Rs. 1001 to 3000'. Why these bands: docs/decisions/006-price-bands.md. Written here again on
 * purpose: a journey that imported the client's list could not notice a change to it.
 */
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

export const inCategory = (pool: readonly Product[], category: string): Product[] =>
  pool.filter((product) => product.category === category);

export const inBand = (pool: readonly Product[], band: PriceBand): Product[] => {
  const [min, max] = PRICE_BANDS[band];
  return pool.filter((product) => product.price >= min && product.price <= max);
};

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The storefront's search when every word is spelled right: each word of the search begins a
 * word of the name or the description, in any case.
 */
export const matching = (pool: readonly Product[], search: string): Product[] =>
  pool.filter((product) => {
    const words = wordsOf(`${product.name} ${product.description}`);
    return wordsOf(search).every((wanted) => words.some((word) => word.startsWith(wanted)));
  });

export const inStock = (pool: readonly Product[]): Product[] =>
  pool.filter((product) => product.quantity > 0);

/**
 * In stock with nothing to choose: ADD TO CART takes it as it is (another journey may have
 * given a product sizes, and then its button asks for one first).
 */
export const addableAsIs = (pool: readonly Product[]): Product[] =>
  inStock(pool).filter((product) => product.options.length === 0);

export const outOfStock = (pool: readonly Product[]): Product[] =>
  pool.filter((product) => product.quantity <= 0);

/** The description as a card shows it: its first `length` characters and '...'. */
export const excerpt = (product: Product, length: number): string =>
  `${product.description.substring(0, length)}...`;

export interface ShownCard {
  slug: string;
  /** The product of the pool behind the card (by its More Details link), if it is one. */
  product: Product | undefined;
  /** The product's name, or '(not expected: slug)' when the card is none of the pool's. */
  name: string;
  /** The price as shown, e.g. '₹2,995.00', or '' when the card shows none. */
  priceText: string;
  text: string;
}

/** Every product card in `scope`, in order, read in one go, each matched with `pool`. */
export async function shownCards(
  scope: Page | Locator,
  pool: readonly Product[],
): Promise<ShownCard[]> {
  const bySlug = new Map(pool.map((product) => [product.slug, product]));
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
      name: product?.name ?? `(not expected: ${slug})`,
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
  pool: readonly Product[],
  count = Math.min(pool.length, PAGE_SIZE),
): Promise<ShownCard[]> {
  await expect
    .poll(async () => {
      const cards = await shownCards(page, pool);
      return {
        count: cards.length,
        outside: cards.filter((card) => !card.product).map((card) => card.name),
      };
    }, POLL)
    .toEqual({ count, outside: [] });
  return shownCards(page, pool);
}

/** The load-more button, in either of its states. */
export const loadMoreButton = (page: Page): Locator =>
  page.getByRole('button', { name: /^(Load more products|Loading\.\.\.)$/ });

/**
 * Waits for the first page of `pool`, then clicks 'Load more products' until all of it is
 * shown, checking that each click appends one page, then that the button is gone.
 */
export async function loadAll(page: Page, pool: readonly Product[]): Promise<ShownCard[]> {
  const total = pool.length;
  const more = page.getByRole('button', { name: 'Load more products', exact: true });
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

/**
 * Ticks (or unticks) a filter's checkbox or radio. The filters live in the URL, so a choice
 * shows as made once the router has moved to the new URL, a moment after the click:
 * Playwright's check(), which looks at once, would call that a click that did nothing.
 */
export async function choose(choice: Locator, checked = true): Promise<void> {
  if ((await choice.isChecked()) !== checked) await choice.click();
  await expect.poll(() => choice.isChecked(), POLL).toBe(checked);
}
