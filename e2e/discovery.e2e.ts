import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { searchBox, searchFor, useShop } from './support/browser';
import {
  catalogue,
  choose,
  expectCardsFrom,
  inBand,
  inCategory,
  inStock,
  PAGE_SIZE,
  POLL,
  PriceBand,
  Product,
  shownCards,
} from './support/catalog';

const categoryBox = (page: Page, name: string) =>
  page.getByRole('main').getByRole('checkbox', { name, exact: true });
const bandRadio = (page: Page, band: PriceBand) =>
  page.getByRole('main').getByRole('radio', { name: band, exact: true });

/** The count shown beside a filter's choice: the element its aria-describedby names. */
async function countBeside(page: Page, choice: Locator): Promise<number | null> {
  const id = await choice.getAttribute('aria-describedby');
  if (!id) return null;
  return Number((await page.locator(`[id="${id}"]`).innerText()).replace(/\D/g, ''));
}

/** The slugs of the cards shown, in the order shown. */
const shownSlugs = async (page: Page, pool: readonly Product[]) =>
  (await shownCards(page, pool)).map((card) => card.slug);

/** Price low to high, ties newest first (the pool is newest first already, and sort is stable). */
const byPrice = (pool: readonly Product[]) => [...pool].sort((a, b) => a.price - b.price);

/** Storefront queries the page sends from now on. */
function watchStorefrontRequests(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.postData()?.includes('"Storefront"')) {
      seen.count += 1;
    }
  });
  return seen;
}

describe('finding things', () => {
  const open = useShop();

  it('counts beside each choice follow the other filters, and a choice that leaves nothing is disabled', async () => {
    const { products, categories } = await catalogue();
    const page = await open();
    await page.goto('/');
    await expectCardsFrom(page, products);

    for (const category of categories) {
      await expect
        .poll(() => countBeside(page, categoryBox(page, category)), POLL)
        .toBe(inCategory(products, category).length);
    }

    const band: PriceBand = 'Above Rs. 50,000';
    const expensive = inBand(products, band);
    await choose(bandRadio(page, band));
    await expectCardsFrom(page, expensive);
    const empty = categories.filter((category) => inCategory(expensive, category).length === 0);
    expect(empty.length, 'a category has nothing above Rs. 50,000').toBeGreaterThan(0);
    for (const category of categories) {
      const count = inCategory(expensive, category).length;
      await expect.poll(() => countBeside(page, categoryBox(page, category)), POLL).toBe(count);
      expect(await categoryBox(page, category).isDisabled(), category).toBe(count === 0);
    }
    const stocked = page.getByRole('main').getByRole('checkbox', { name: 'In stock only' });
    await expect.poll(() => countBeside(page, stocked), POLL).toBe(inStock(expensive).length);

    // A category narrows the bands' counts, not the categories' own.
    const [category] = categories.filter((name) => inCategory(expensive, name).length > 0);
    await choose(categoryBox(page, category));
    await expect
      .poll(() => countBeside(page, bandRadio(page, 'Rs. 0 to 1000')), POLL)
      .toBe(inBand(inCategory(products, category), 'Rs. 0 to 1000').length);
    await expect.poll(() => countBeside(page, categoryBox(page, empty[0])), POLL).toBe(0);
  });

  it('sorts the grid by price, both ways, and keeps the order across "load more"', async () => {
    const { products } = await catalogue();
    const page = await open();
    await page.goto('/');
    await expectCardsFrom(page, products);
    const sort = page.getByRole('main').getByRole('combobox', { name: 'Sort by' });

    await sort.selectOption({ label: 'Price low to high' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
    const cheapest = byPrice(products).map((product) => product.slug);
    await expect.poll(() => shownSlugs(page, products), POLL).toEqual(cheapest.slice(0, PAGE_SIZE));
    await page.getByRole('button', { name: 'Load more products', exact: true }).click();
    await expect
      .poll(() => shownSlugs(page, products), POLL)
      .toEqual(cheapest.slice(0, 2 * PAGE_SIZE));

    await sort.selectOption({ label: 'Price high to low' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
    const dearest = [...products].sort((a, b) => b.price - a.price).map((product) => product.slug);
    await expect.poll(() => shownSlugs(page, products), POLL).toEqual(dearest.slice(0, PAGE_SIZE));
  });

  it('finds a product through a typo, says what it searched for, and marks the words', async () => {
    const { products } = await catalogue();
    const kettles = products.filter((product) => /\bkettle\b/i.test(product.name));
    expect(kettles.length, 'the catalogue has a kettle').toBeGreaterThan(0);
    const page = await open();
    await page.goto('/');
    await searchFor(page, 'kettel');
    await expect
      .poll(() => page.getByTestId('search-correction').innerText(), POLL)
      .toBe('Showing results for kettle');
    const cards = await expectCardsFrom(page, kettles, kettles.length);
    expect(cards.map((card) => card.slug).sort()).toEqual(kettles.map((k) => k.slug).sort());
    const marked = await page.getByTestId('product-card').first().locator('mark').allInnerTexts();
    expect(marked.map((text) => text.toLowerCase())).toContain('kettle');

    // Words written as one find the product whose name has them apart.
    const watches = products.filter((product) => /smart watch/i.test(product.name));
    expect(watches.length, 'the catalogue has a smart watch').toBeGreaterThan(0);
    await searchFor(page, 'smartwatch');
    await expectCardsFrom(page, watches, watches.length);
  });

  it('suggests products and categories while typing, navigable with the keyboard', async () => {
    const page = await open();
    await page.goto('/');
    const box = searchBox(page);
    await box.click();
    const options = page.getByRole('listbox').getByRole('option');
    await box.pressSequentially('s');
    // One character asks nothing.
    await page.waitForTimeout(600);
    expect(await options.count()).toBe(0);

    await box.pressSequentially('ams');
    await expect.poll(() => options.count(), POLL).toBeGreaterThan(0);
    const count = await options.count();
    expect(count).toBeLessThanOrEqual(7);
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /suggestion/ })
            .innerText(),
        POLL,
      )
      .toBe(`${count} suggestion${count === 1 ? '' : 's'}`);
    const first = (await options.first().innerText()).split('\n')[0];
    expect(first.toLowerCase()).toContain('samsung');

    await box.press('ArrowDown');
    await expect.poll(() => box.getAttribute('aria-activedescendant'), POLL).toBeTruthy();
    expect(await box.getAttribute('aria-activedescendant')).toBe(
      await options.first().getAttribute('id'),
    );
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/product/'));
    await page.getByRole('main').getByText(first).first().waitFor();

    // Escape closes the list; Enter with no suggestion chosen opens the results.
    await box.fill('');
    await box.pressSequentially('sams');
    await expect.poll(() => options.count(), POLL).toBeGreaterThan(0);
    await box.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count(), POLL).toBe(0);
    await box.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/search' && url.searchParams.get('q') === 'sams',
    );
  });

  it('keeps filters, sort, search and pages in the URL: a new page, back and forward show the same view', async () => {
    const { products } = await catalogue();
    const page = await open();
    await page.goto('/');
    await expectCardsFrom(page, products);

    const band: PriceBand = 'Rs. 1001 to 3000';
    await choose(bandRadio(page, band));
    await page.waitForURL((url) => url.searchParams.get('price') === '1001-3000');
    const inPrice = inBand(products, band);
    await expectCardsFrom(page, inPrice);
    const filtered = page.url();

    const sort = page.getByRole('main').getByRole('combobox', { name: 'Sort by' });
    await sort.selectOption({ label: 'Price high to low' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
    const expected = [...inPrice].sort((a, b) => b.price - a.price).map((p) => p.slug);
    expect(expected.length, 'more than a page in this band').toBeGreaterThan(PAGE_SIZE);
    await expect.poll(() => shownSlugs(page, products), POLL).toEqual(expected.slice(0, PAGE_SIZE));
    await page.getByRole('button', { name: 'Load more products', exact: true }).click();
    const twoPages = expected.slice(0, 2 * PAGE_SIZE);
    await expect.poll(() => shownSlugs(page, products), POLL).toEqual(twoPages);
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const sorted = page.url();

    // Back to the filtered view (the pages of one view are one entry), from the cache.
    const requests = watchStorefrontRequests(page);
    await page.goBack();
    await page.waitForURL(filtered);
    await expectCardsFrom(page, inPrice);
    expect(await bandRadio(page, band).isChecked()).toBe(true);
    expect(await sort.inputValue()).toBe('NEWEST');
    await page.goForward();
    await page.waitForURL(sorted);
    await expect.poll(() => shownSlugs(page, products), POLL).toEqual(twoPages);
    expect(requests.count, 'views already seen are not asked again').toBe(0);

    // The link opened afresh shows the same products, in the same order.
    const other = await open();
    await other.goto(sorted);
    await expect.poll(() => shownSlugs(other, products), POLL).toEqual(twoPages);
    expect(await bandRadio(other, band).isChecked()).toBe(true);
  });
});
