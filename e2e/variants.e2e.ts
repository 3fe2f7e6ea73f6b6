import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stockMessage as stockWords } from '../client/src/features/product/stock-words';
import { graphql, tokenOf } from './support/api';
import {
  ADMIN,
  logIn,
  newAccount,
  registerViaApi,
  settledOn,
  stored,
  toast,
  useShop,
  settledOnProduct,
} from './support/browser';
import { inr, POLL, productNamed, slugOf } from './support/catalog';
import { APPROVED_CARD, confirmedOrder, payWith } from './support/checkout';

/** Sold in five sizes and two colours, the blue dearer; no other journey buys it. */
const KURTA = productNamed('Cotton Kurta Set for Men');
const TAG = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Variant {
  id: string;
  sku: string;
  values: string[];
  price: number;
  quantity: number;
}

/** A product's variants as the shop's API says now. */
async function variantsOf(slug: string): Promise<Variant[]> {
  const { product } = await graphql<{ product: { variants: Variant[] } }>(
    'query V($slug: String!) { product(slug: $slug) { variants { id sku values price quantity } } }',
    { slug },
  );
  return product.variants;
}

const main = (page: Page) => page.getByRole('main');
const optionGroup = (page: Page, option: string) =>
  main(page).getByRole('radiogroup', { name: new RegExp(`^${option}`) });
const radio = (page: Page, option: string, value: string): Locator =>
  optionGroup(page, option).getByRole('radio', { name: value, exact: true });
/** Chooses a value as a shopper does, by its chip. */
const choose = (page: Page, option: string, value: string) =>
  optionGroup(page, option)
    .locator('label')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .click();
const priceTag = (page: Page) => main(page).getByTestId('price-tag').first().innerText();
const stockMessage = (page: Page) => main(page).getByTestId('stock-message');

describe('variants', () => {
  const open = useShop();

  it('a shopper picks a size and a colour, buys two variants of one kurta and pays', async () => {
    const slug = slugOf(KURTA.name);
    const before = await variantsOf(slug);
    const named = (size: string, colour: string) =>
      before.find((variant) => variant.values.join('/') === `${size}/${colour}`)!;
    const [mediumBlue, largestWhite] = [named('M', 'Blue'), named('XXL', 'White')];
    expect(named('XXL', 'Blue').quantity, 'sold out in the demo').toBe(0);

    const page = await open();
    const shopper = newAccount('variants');
    await registerViaApi(page, shopper);
    await logIn(page, shopper);
    await page.goto(`/product/${slug}`);
    await settledOnProduct(page);
    expect(await priceTag(page)).toMatch(/^from ₹1,299\.00/);
    expect(await main(page).getByRole('button', { name: 'ADD TO CART' }).isDisabled()).toBe(true);

    // Size M in blue: its own price; plenty in stock.
    await choose(page, 'Size', 'M');
    await choose(page, 'Colour', 'Blue');
    await expect.poll(() => priceTag(page), POLL).toContain(inr(mediumBlue.price));
    expect(await main(page).innerText()).toContain(`SKU : ${mediumBlue.sku}`);
    expect(new URL(page.url()).search).toBe('?size=M&colour=Blue');
    // The double extra large is sold out in blue: it cannot be chosen, and says why.
    const largest = radio(page, 'Size', 'XXL');
    expect(await largest.isDisabled()).toBe(true);
    const reasonId = await largest.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reasonId}"]`).innerText()).toBe('out of stock');
    await main(page).getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(page, 'Item added to cart');

    // In white it can: the price and the stock follow the choice, kept over a reload.
    await choose(page, 'Colour', 'White');
    await expect.poll(() => radio(page, 'Size', 'XXL').isDisabled(), POLL).toBe(false);
    await choose(page, 'Size', 'XXL');
    await expect.poll(() => priceTag(page), POLL).toContain(inr(largestWhite.price));
    expect(largestWhite.price).not.toBe(mediumBlue.price);
    // Polled: the message is shown for every choice, and M in white, chosen just before, is
    // priced as XXL in white is.
    await expect
      .poll(() => stockMessage(page).innerText(), POLL)
      .toBe(stockWords(largestWhite.quantity));
    await page.reload();
    await settledOnProduct(page);
    expect(await radio(page, 'Size', 'XXL').isChecked()).toBe(true);
    expect(await radio(page, 'Colour', 'White').isChecked()).toBe(true);
    await main(page).getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(page, 'Item added to cart');
    const cart = await stored<{ variant: { id: string } }[]>(page, 'cart');
    expect(cart?.map((item) => item.variant.id)).toEqual([mediumBlue.id, largestWhite.id]);

    // Two lines, each naming its variant, and one payment for both.
    await page.goto('/cart');
    await settledOn(page, /^Hello /);
    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count(), POLL).toBe(2);
    expect(await lines.nth(0).innerText()).toContain(`M / Blue · SKU ${mediumBlue.sku}`);
    expect(await lines.nth(1).innerText()).toContain(`XXL / White · SKU ${largestWhite.sku}`);
    await payWith(page, APPROVED_CARD, mediumBlue.price + largestWhite.price);
    await confirmedOrder(page);

    // Each variant's own stock went down by one, and no other's (once the catalogue in memory
    // has the change).
    const expected = before.map((variant) => [
      variant.sku,
      variant.quantity - (variant.id === mediumBlue.id || variant.id === largestWhite.id ? 1 : 0),
    ]);
    await expect
      .poll(async () => (await variantsOf(slug)).map(({ sku, quantity }) => [sku, quantity]), POLL)
      .toEqual(expected);
  });

  it('the admin gives a new product two options and six variants in the editor', async () => {
    const adminToken = await tokenOf(ADMIN);
    const { categories } = await graphql<{ categories: { id: string; name: string }[] }>(
      '{ categories { id name } }',
    );
    const name = `E2E Linen Shirt ${TAG}`;
    await graphql(
      'mutation C($input: ProductInput!) { createProduct(input: $input) { id } }',
      {
        input: {
          name,
          description: 'A loose linen shirt with a band collar, cool on the hottest days of May.',
          price: 999,
          quantity: 5,
          category: categories.find((category) => category.name === 'Fashion')!.id,
          shipping: true,
        },
      },
      adminToken,
    );
    const slug = slugOf(name);
    const page = await open();
    await logIn(page, ADMIN);
    await page.goto(`/dashboard/admin/product/${slug}`);
    await settledOn(page, 'Update Product');
    const editor = page.getByRole('region', { name: 'Options and variants' });

    // Two options, typed with the keyboard: each value ended by Enter.
    const option = async (n: number, optionName: string, values: string[]) => {
      await editor.getByRole('button', { name: 'Add an option' }).click();
      await editor.getByRole('textbox', { name: `Option ${n} name` }).fill(optionName);
      const input = editor.getByLabel(`Option ${n} values`).and(page.locator('[aria-haspopup]'));
      for (const value of values) {
        await input.fill(value);
        await input.press('Enter');
      }
    };
    await option(1, 'Size', ['S', 'M', 'L']);
    await option(2, 'Colour', ['Red', 'Black']);
    await editor.getByRole('button', { name: 'Generate combinations' }).click();
    const rows = editor.getByRole('rowheader');
    await expect
      .poll(() => rows.allInnerTexts(), POLL)
      .toEqual(['S / Red', 'S / Black', 'M / Red', 'M / Black', 'L / Red', 'L / Black']);

    // The same stock for all, a dearer large size, and an MRP below the price refused by the
    // server on its cell.
    await editor.getByRole('combobox', { name: 'Set for every variant' }).selectOption('quantity');
    await editor.getByRole('textbox', { name: 'Value' }).fill('7');
    await editor.getByRole('button', { name: 'Set all' }).click();
    await editor.getByRole('textbox', { name: 'Price of L / Red' }).fill('1199');
    await editor.getByRole('textbox', { name: 'Price of L / Black' }).fill('1199');
    const mrp = editor.getByRole('textbox', { name: 'MRP of M / Black' });
    await mrp.fill('500');
    await editor.getByRole('button', { name: 'SAVE VARIANTS' }).click();
    await expect.poll(() => mrp.getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await editor.getByText('MRP must be at least the price').count()).toBe(1);

    await mrp.fill('1499');
    await editor.getByRole('button', { name: 'SAVE VARIANTS' }).click();
    await toast(page, 'Variants saved');
    const saved = await variantsOf(slug);
    expect(
      saved.map((variant) => [variant.values.join('/'), variant.price, variant.quantity]),
    ).toEqual([
      ['S/Red', 999, 7],
      ['S/Black', 999, 7],
      ['M/Red', 999, 7],
      ['M/Black', 999, 7],
      ['L/Red', 1199, 7],
      ['L/Black', 1199, 7],
    ]);

    // The storefront offers the choice, from the lowest price.
    await page.goto(`/product/${slug}`);
    await settledOnProduct(page);
    expect(await priceTag(page)).toMatch(/^from ₹999\.00/);
    expect(await optionGroup(page, 'Colour').getByRole('radio').count()).toBe(2);
  });
});
