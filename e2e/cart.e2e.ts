import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  cartCount,
  logIn,
  newAccount,
  openMenuIfCollapsed,
  PHONE,
  registerViaApi,
  searchFor,
  stored,
  toast,
  useShop,
  settledOnProduct,
} from './support/browser';
import {
  addableAsIs,
  catalogue,
  expectCardsFrom,
  outOfStock,
  POLL,
  shownCards,
} from './support/catalog';

interface StoredProduct {
  id?: string;
  _id?: string;
  name: string;
}

const cartNames = async (page: Page): Promise<string[]> =>
  ((await stored<StoredProduct[]>(page, 'cart')) ?? []).map((item) => item.name);

const addButton = (page: Page, index: number) =>
  page.getByTestId('product-card').nth(index).getByRole('button', { name: 'ADD TO CART' });

describe('cart', () => {
  const open = useShop();

  it('adds products: toast, badge counting up, duplicates counted, kept over a reload', async () => {
    const { products } = await catalogue();
    const page = await open();
    await page.goto('/');
    const shown = await expectCardsFrom(page, products);
    // Two cards the cart takes as they are (as the shop says now, whatever other journeys
    // bought or gave sizes to).
    const addable = new Set(addableAsIs(products));
    const [a, b] = shown.flatMap((card, index) =>
      card.product && addable.has(card.product) && !/out of stock/i.test(card.text) ? [index] : [],
    );
    const cards = [shown[a], shown[b]];
    expect(await cartCount(page)).toBe(0);

    await addButton(page, a).click();
    await toast(page, 'Item added to cart');
    await expect.poll(() => cartCount(page), POLL).toBe(1);

    // The same product again: the cart holds it twice.
    await addButton(page, a).click();
    await expect.poll(() => cartCount(page), POLL).toBe(2);
    expect(await cartNames(page)).toEqual([cards[0].name, cards[0].name]);

    await addButton(page, b).click();
    await expect.poll(() => cartCount(page), POLL).toBe(3);
    expect(await cartNames(page)).toEqual([cards[0].name, cards[0].name, cards[1].name]);
    expect(await page.getByRole('link', { name: /^Cart/ }).first().innerText()).toContain('3');

    await page.reload();
    await page.getByRole('main').waitFor();
    await expect.poll(() => cartCount(page), POLL).toBe(3);
    expect(await cartNames(page)).toEqual([cards[0].name, cards[0].name, cards[1].name]);
  });

  it('adds from the product page too', async () => {
    const [product] = addableAsIs((await catalogue()).products);
    const page = await open();
    await page.goto(`/product/${product.slug}`);
    await settledOnProduct(page);
    await page.getByRole('main').getByRole('button', { name: 'ADD TO CART' }).first().click();
    await toast(page, 'Item added to cart');
    await expect.poll(() => cartCount(page), POLL).toBe(1);
    expect(await cartNames(page)).toEqual([product.name]);
  });

  it('on a phone, buys now two of a product: the quantity chosen goes to the cart', async () => {
    const product = addableAsIs((await catalogue()).products).find((p) => p.quantity >= 10)!;
    const page = await open(PHONE);
    await page.goto(`/product/${product.slug}`);
    await settledOnProduct(page, product.name);
    const main = page.getByRole('main');
    expect(await main.getByTestId('stock-message').innerText()).toBe('In stock');
    await main.getByRole('button', { name: `One more ${product.name}` }).click();
    expect(await main.getByRole('textbox', { name: 'Quantity' }).inputValue()).toBe('2');
    await main.getByRole('button', { name: 'BUY NOW' }).click();
    await page.waitForURL('**/cart');
    await expect.poll(() => cartCount(page), POLL).toBe(2);
    const line = page.getByTestId('cart-line').filter({ hasText: product.name });
    expect(await line.getByTestId('line-quantity').innerText()).toBe('2');
  });

  it('follows the shopper: added on a phone as a guest, kept at sign-in, found on another browser', async () => {
    const [first, second] = addableAsIs((await catalogue()).products);
    const account = newAccount('cart');
    const phone = await open(PHONE);
    await registerViaApi(phone, account);
    await phone.goto(`/product/${first.slug}`);
    await phone.getByRole('main').getByRole('button', { name: 'ADD TO CART' }).first().click();
    await expect.poll(() => cartCount(phone), POLL).toBe(1);

    // Signing in keeps the guest's cart, now on the account.
    await openMenuIfCollapsed(phone);
    await phone.getByRole('link', { name: 'Login' }).click();
    await phone.getByPlaceholder('Enter Your Email').fill(account.email);
    await phone.getByPlaceholder('Enter Your Password').fill(account.password);
    await phone.getByRole('button', { name: 'LOGIN' }).click();
    // Back on the product page the shopper signed in from.
    await phone.waitForURL(`**/product/${first.slug}`);
    await expect.poll(() => cartCount(phone), POLL).toBe(1);

    // Another browser: the same cart, and a change there shows on the phone when it comes back.
    const desktop = await open();
    await logIn(desktop, account);
    await expect.poll(() => cartCount(desktop), POLL).toBe(1);
    expect(await cartNames(desktop)).toEqual([first.name]);
    await desktop.goto(`/product/${second.slug}`);
    await desktop.getByRole('main').getByRole('button', { name: 'ADD TO CART' }).first().click();
    await expect.poll(() => cartCount(desktop), POLL).toBe(2);

    await phone.reload();
    await expect.poll(() => cartCount(phone), POLL).toBe(2);
    expect((await cartNames(phone)).sort()).toEqual([first.name, second.name].sort());

    // Signing out leaves the cart with the account.
    await openMenuIfCollapsed(phone);
    await phone.getByRole('button', { name: account.name }).click();
    await phone.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(() => cartCount(phone), POLL).toBe(0);
  });

  it('says Out of stock and does not add products with no stock', async () => {
    const { products } = await catalogue();
    const page = await open();
    const soldOut = outOfStock(products);
    expect(soldOut.length, 'the catalogue has sold-out products').toBeGreaterThan(0);

    for (const product of soldOut) {
      await page.goto(`/product/${product.slug}`);
      await settledOnProduct(page, product.name);
      const main = page.getByRole('main');
      expect(await main.getByTestId('stock-message').innerText()).toBe('Out of stock');
      expect(await main.getByRole('button', { name: 'BUY NOW' }).isDisabled()).toBe(true);
      const add = main.getByRole('button', { name: 'ADD TO CART' }).first();
      expect(await add.isDisabled(), product.name).toBe(true);
      await add.click({ force: true });
    }

    // On a card: found by its exact name, the card says so and its button is off.
    const product = soldOut[0];
    await page.goto('/');
    await searchFor(page, product.name);
    await expect
      .poll(async () => (await shownCards(page, products)).map((card) => card.name), POLL)
      .toContain(product.name);
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/product/${product.slug}"]`) });
    expect(await card.textContent()).toContain('Out of stock');
    expect(await card.getByRole('button', { name: 'ADD TO CART' }).isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'ADD TO CART' }).click({ force: true });

    // An in-stock product added afterwards is the only thing in the cart.
    const [available] = addableAsIs(products);
    await page.goto(`/product/${available.slug}`);
    await settledOnProduct(page);
    await page.getByRole('main').getByRole('button', { name: 'ADD TO CART' }).first().click();
    await expect.poll(() => cartCount(page), POLL).toBe(1);
    expect(await cartNames(page)).toEqual([available.name]);
  });
});
