import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import shop from '../shop.config.json';
import {
  cartCount,
  holdGraphql,
  tabTo,
  useShop,
  settledOnProduct,
  productPagePrice,
} from './support/browser';
import {
  catalogue,
  choose,
  excerpt,
  expectCardsFrom,
  inBand,
  inCategory,
  inr,
  loadAll,
  loadMoreButton,
  names,
  PAGE_SIZE,
  POLL,
  PRICE_BANDS,
  PriceBand,
  Product,
  rupees,
  shownCards,
  slugOf,
} from './support/catalog';

/** Home with its first page of cards shown; returns their names. */
async function home(page: Page, products: readonly Product[]): Promise<string[]> {
  await page.goto('/');
  return names(await expectCardsFrom(page, products));
}

/** After RESET FILTERS: the unfiltered first page again. */
async function expectFirstPage(
  page: Page,
  products: readonly Product[],
  firstPage: string[],
): Promise<void> {
  await expect.poll(async () => names(await shownCards(page, products)), POLL).toEqual(firstPage);
}

const categoryBox = (page: Page, category: string) =>
  page.getByRole('main').getByRole('checkbox', { name: category, exact: true });
const priceRadio = (page: Page, band: PriceBand) =>
  page.getByRole('main').getByRole('radio', { name: band, exact: true });

describe('catalogue', () => {
  const open = useShop();

  it('shows the home page: title, banners, six cards priced in rupees', async () => {
    const { products } = await catalogue();
    const page = await open();
    await home(page, products);

    // The brand (Bazaar by default) comes from the shop's one configuration file.
    expect(await page.title()).toBe(`${shop.brand} - Shop now`);
    expect(await page.getByRole('heading', { name: 'All Products' }).isVisible()).toBe(true);

    // The demo's banners are real: a heading, and a link where a picture once drew a button.
    const offers = page.getByRole('region', { name: 'Offers' });
    const sale = offers
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Festive Sale' }) });
    expect(await sale.getByRole('link', { name: 'Shop now' }).getAttribute('href')).toBe(
      '/category/electronics',
    );

    const cards = await shownCards(page, products);
    expect(cards).toHaveLength(PAGE_SIZE);
    for (const card of cards) {
      expect(card.product, `card ${card.slug} is in the catalogue`).toBeDefined();
      const product = card.product!;
      expect(card.priceText, product.name).toBe(inr(product.price));
      expect(card.text, product.name).toContain(product.name);
      expect(card.text, product.name).toContain(excerpt(product, 60));
      expect(card.text, product.name).toContain('More Details');
      expect(card.text, product.name).toContain('ADD TO CART');
    }
    // Every image has an alt attribute: a text, or '' for a decorative one (the logo).
    const missing = await page
      .locator('img:not([alt])')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    expect(missing).toEqual([]);
    const photos = await page
      .getByTestId('product-card')
      .locator('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt));
    expect(photos).toEqual(cards.filter((card) => card.product!.photoUrl).map((card) => card.name));
    expect(await loadMoreButton(page).innerText()).toBe('Load more products');
  });

  it('names the two filter lists for assistive technology', async () => {
    const { products, categories } = await catalogue();
    const page = await open();
    await home(page, products);
    const byCategory = page.getByRole('group', { name: 'Filter By Category' });
    const byPrice = page.getByRole('radiogroup', { name: 'Filter By Price' });
    expect(await byCategory.count(), "a group named 'Filter By Category'").toBe(1);
    expect(await byPrice.count(), "a radio group named 'Filter By Price'").toBe(1);
    expect(await byCategory.getByRole('checkbox').count()).toBe(categories.length);
    expect(await byPrice.getByRole('radio').count()).toBe(Object.keys(PRICE_BANDS).length);
  });

  it('filters by category, and RESET FILTERS brings back the full list', async () => {
    const { products } = await catalogue();
    const page = await open();
    const firstPage = await home(page, products);

    const category = 'Electronics';
    const expected = inCategory(products, category);
    await choose(categoryBox(page, category));
    expect(names(await loadAll(page, expected))).toEqual(names(expected));

    // A second category widens the list to both.
    const both = [...expected, ...inCategory(products, 'Books')];
    await choose(categoryBox(page, 'Books'));
    expect(names(await loadAll(page, both))).toEqual(names(both));

    await page.getByRole('button', { name: 'RESET FILTERS' }).click();
    await expectFirstPage(page, products, firstPage);
    expect(await categoryBox(page, category).isChecked()).toBe(false);
    expect(await categoryBox(page, 'Books').isChecked()).toBe(false);
    expect(await loadMoreButton(page).isVisible()).toBe(true);
  });

  it('filters by price: every shown price is within the band', async () => {
    const { products } = await catalogue();
    const page = await open();
    const firstPage = await home(page, products);

    for (const band of ['Rs. 1001 to 3000', 'Above Rs. 50,000'] as const) {
      const [min, max] = PRICE_BANDS[band];
      const expected = inBand(products, band);
      await choose(priceRadio(page, band));
      await expectCardsFrom(page, expected);
      const cards = await loadAll(page, expected);
      expect(names(cards)).toEqual(names(expected));
      for (const card of cards) {
        const price = rupees(card.priceText);
        expect(price, `${card.name} in ${band}`).toBeGreaterThanOrEqual(min);
        expect(price, `${card.name} in ${band}`).toBeLessThanOrEqual(max);
      }
    }

    await page.getByRole('button', { name: 'RESET FILTERS' }).click();
    await expectFirstPage(page, products, firstPage);
    expect(await priceRadio(page, 'Above Rs. 50,000').isChecked()).toBe(false);
    expect(names(await loadAll(page, products))).toEqual(names(products));
  });

  it('filters by category and price together', async () => {
    const { products } = await catalogue();
    const page = await open();
    const firstPage = await home(page, products);
    const category = 'Electronics';
    const band: PriceBand = 'Rs. 20001 to 50,000';
    const expected = inBand(inCategory(products, category), band);
    expect(expected.length, 'the catalogue has products for this pair').toBeGreaterThan(0);

    await choose(categoryBox(page, category));
    await expectCardsFrom(page, inCategory(products, category));
    await choose(priceRadio(page, band));
    await expectCardsFrom(page, expected);
    expect(names(await loadAll(page, expected))).toEqual(names(expected));

    // Dropping the category keeps the price band.
    await choose(categoryBox(page, category), false);
    await expectCardsFrom(page, inBand(products, band));

    await page.getByRole('button', { name: 'RESET FILTERS' }).click();
    await expectFirstPage(page, products, firstPage);
    expect(await loadMoreButton(page).isVisible()).toBe(true);
  });

  it('loads six more with each click until all products are shown', async () => {
    const { products } = await catalogue();
    const page = await open();
    await home(page, products);
    const cards = () => page.getByTestId('product-card');
    const more = page.getByRole('button', { name: 'Load more products', exact: true });

    // While the next page is on its way the button says 'Loading...'.
    const release = await holdGraphql(page, (operation) => operation.variables?.page === 2);
    await more.click();
    const loading = page.getByRole('button', { name: 'Loading...', exact: true });
    await loading.waitFor();
    expect(await cards().count()).toBe(PAGE_SIZE);
    release();

    let shown = Math.min(products.length, 2 * PAGE_SIZE);
    await expect.poll(() => cards().count(), POLL).toBe(shown);
    while (shown < products.length) {
      await more.click();
      shown = Math.min(products.length, shown + PAGE_SIZE);
      await expect.poll(() => cards().count(), POLL).toBe(shown);
    }
    await expect.poll(() => loadMoreButton(page).count(), POLL).toBe(0);

    const all = await shownCards(page, products);
    expect(names(all)).toEqual(names(products));
    for (const card of all) expect(card.priceText, card.name).toBe(inr(card.product!.price));
  });

  it('filters, adds to the cart and opens a product with the keyboard alone', async () => {
    const { products } = await catalogue();
    const page = await open();
    await home(page, products);
    const category = 'Books';
    await tabTo(page, categoryBox(page, category));
    await page.keyboard.press('Space');
    const cards = await expectCardsFrom(page, inCategory(products, category));

    const index = cards.findIndex((card) => !/out of stock/i.test(card.text));
    const card = page.getByTestId('product-card').nth(index);
    await tabTo(page, card.getByRole('button', { name: 'ADD TO CART' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => cartCount(page), POLL).toBe(1);

    await tabTo(page, card.getByRole('link', { name: 'More Details' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/product/${cards[index].slug}`);
    await settledOnProduct(page);
  });

  it('opens product details and a similar product', async () => {
    const { products } = await catalogue();
    const page = await open();
    await home(page, products);
    // The first card of a product that has similar ones: others in its category.
    const index = (await shownCards(page, products)).findIndex(
      (card) => inCategory(products, card.product!.category).length > 1,
    );
    expect(index, 'a card of the first page with similar products').toBeGreaterThanOrEqual(0);
    const product = (await shownCards(page, products))[index].product!;

    await page
      .getByTestId('product-card')
      .nth(index)
      .getByRole('link', { name: 'More Details' })
      .click();
    await page.waitForURL(`**/product/${product.slug}`);
    await settledOnProduct(page, product.name);
    expect(await productPagePrice(page)).toContain(inr(product.price));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: product.category }).getAttribute('href')).toBe(
      `/category/${slugOf(product.category)}`,
    );
    expect(await page.getByTestId('product-description').textContent()).toBe(product.description);
    const photos = page.getByRole('main').getByRole('img', { name: product.name });
    expect(await photos.count()).toBe(product.photoUrl ? 1 : 0);
    expect(await page.title()).toContain(product.name);

    await page.getByRole('heading', { name: 'Similar Products' }).waitFor();
    const similarPool = inCategory(products, product.category).filter(
      (other) => other.slug !== product.slug,
    );
    await expect.poll(() => page.getByTestId('product-card').count(), POLL).toBeGreaterThan(0);
    const similar = await shownCards(page, similarPool);
    for (const card of similar) {
      expect(
        similarPool.map((other) => other.name),
        'same category, not itself',
      ).toContain(card.name);
      expect(card.text).toContain(excerpt(card.product!, 30));
      expect(card.priceText).toBe(inr(card.product!.price));
    }

    const next = similar[0].product!;
    await page
      .getByTestId('product-card')
      .first()
      .getByRole('link', { name: 'More Details' })
      .click();
    await page.waitForURL(`**/product/${slugOf(next.name)}`);
    await settledOnProduct(page, next.name);
    expect(await productPagePrice(page)).toContain(inr(next.price));
  });

  it('shows prices of a lakh and more with Indian digit grouping', async () => {
    const { products } = await catalogue();
    const page = await open();
    const dearest = [...products].sort((a, b) => b.price - a.price)[0];
    expect(dearest.price).toBeGreaterThanOrEqual(100000);
    await page.goto(`/product/${dearest.slug}`);
    await settledOnProduct(page);
    // e.g. ₹1,14,900.00: groups of two digits above the thousands.
    const price = inr(dearest.price);
    expect(price).toMatch(/^₹\d{1,2},\d{2},\d{3}\.\d{2}$/);
    expect(await productPagePrice(page)).toContain(price);
  });

  it('lists all categories in two columns and a category page with only its products', async () => {
    const { products, categories } = await catalogue();
    const page = await open();
    await page.goto('/');
    await page.getByRole('button', { name: 'Categories' }).click();
    await page.getByRole('menuitem', { name: 'All Categories' }).click();
    await page.waitForURL('**/categories');

    const links = page.getByRole('main').getByRole('link');
    await expect.poll(() => links.count(), POLL).toBe(categories.length);
    expect((await links.allInnerTexts()).sort()).toEqual([...categories].sort());
    const boxes = await links.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect()),
    );
    // Two columns: the first two side by side, the third under the first.
    expect(Math.round(boxes[0].top)).toBe(Math.round(boxes[1].top));
    expect(boxes[1].left).toBeGreaterThan(boxes[0].right - 1);
    expect(Math.round(boxes[2].left)).toBe(Math.round(boxes[0].left));
    expect(boxes[2].top).toBeGreaterThan(boxes[0].bottom - 1);
    expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(2);

    const category = 'Home & Kitchen';
    await page.getByRole('main').getByRole('link', { name: category }).click();
    await page.waitForURL(`**/category/${slugOf(category)}`);
    const expected = inCategory(products, category);
    await expectCardsFrom(page, expected);
    expect(await page.getByRole('main').innerText()).toContain(category);
    expect(names(await loadAll(page, expected))).toEqual(names(expected));
  });

  it('opens a category page from the header menu, saying Loading.... meanwhile', async () => {
    const { products } = await catalogue();
    const page = await open();
    await page.goto('/');
    const category = 'Books';
    const release = await holdGraphql(page, (operation) =>
      /category/i.test(operation.operationName ?? ''),
    );
    await page.getByRole('button', { name: 'Categories' }).click();
    await page.getByRole('menuitem', { name: category, exact: true }).click();
    await page.waitForURL(`**/category/${slugOf(category)}`);
    await page.getByRole('main').getByText('Loading....', { exact: true }).waitFor();
    release();
    const expected = inCategory(products, category);
    expect(names(await loadAll(page, expected))).toEqual(names(expected));
    expect(await page.getByRole('main').getByText('Loading....').count()).toBe(0);
  });
});
