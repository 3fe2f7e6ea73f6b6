import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  cartCount,
  focusIsVisible,
  searchBox,
  shiftTabTo,
  newAccount,
  registerViaApi,
  tabTo,
  useShop,
} from './support/browser';
import { catalogue, inr, POLL, productNamed, slugOf } from './support/catalog';
import { APPROVED_CARD, confirmedOrder } from './support/checkout';

/** A product with plenty of stock that no other journey buys. */
const PHONE_BOUGHT = productNamed('Nokia 105 Dual SIM Feature Phone');

/** What the focused element is, for a failure message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName} ${element.textContent?.trim().slice(0, 40)}` : 'nothing';
  });

/** The focused element shows that it has the focus. */
async function expectFocusShown(page: Page): Promise<void> {
  expect(await focusIsVisible(page), `focus shown on ${await focused(page)}`).toBe(true);
}

/** Types into the focused field, as a person would. */
const type = (page: Page, text: string) => page.keyboard.type(text);

describe('keyboard-only checkout', () => {
  const open = useShop();

  it('signs in, finds a product, adds it, and pays with Tab, Enter and typing alone', async () => {
    const product = (await catalogue()).products.find(({ name }) => name === PHONE_BOUGHT.name)!;
    const page = await open();
    const main = page.getByRole('main');
    // An account of its own: the demo shopper's cart, kept on the account, holds what other
    // journeys put in it.
    const account = newAccount('keyboard');
    await registerViaApi(page, account);
    await page.goto('/');

    // Sign in: the Login link, then the form, which starts in its e-mail field.
    await tabTo(page, page.getByRole('link', { name: 'Login' }));
    await expectFocusShown(page);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    const email = page.getByPlaceholder('Enter Your Email');
    await expect.poll(() => email.evaluate((field) => field === document.activeElement)).toBe(true);
    await type(page, account.email);
    await tabTo(page, page.getByPlaceholder('Enter Your Password'));
    await type(page, account.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');

    // Find the product with the header's search, and add it to the cart from the results.
    await tabTo(page, searchBox(page));
    await type(page, product.name);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    const card = main
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/product/${slugOf(product.name)}"]`) });
    const addToCart = card.getByRole('button', { name: 'ADD TO CART' });
    await tabTo(page, addToCart);
    await expectFocusShown(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => cartCount(page), POLL).toBe(1);

    // Back up to the header's cart link, and open the cart.
    await shiftTabTo(page, page.getByRole('link', { name: /^Cart/ }));
    await expectFocusShown(page);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cart');

    // Pay with the approving test card: from UPI, chosen first, the arrow keys move to Card.
    const upi = main.getByRole('radio', { name: /^UPI/ });
    await tabTo(page, upi);
    await expectFocusShown(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => main.getByRole('radio', { name: /^Card/ }).isChecked()).toBe(true);
    await tabTo(page, page.getByLabel('Card number'));
    await type(page, APPROVED_CARD);
    await tabTo(page, page.getByLabel('Expiry (MM/YY)'));
    await type(page, '12/30');
    await tabTo(page, page.getByLabel('CVV'));
    await type(page, '123');
    const placedAfter = Date.now();
    await tabTo(page, page.getByRole('button', { name: `Pay ${inr(product.price)}` }));
    await expectFocusShown(page);
    await page.keyboard.press('Enter');

    // The confirmation names the order; it is the newest of the shopper's, paid, for this product.
    const number = await confirmedOrder(page);
    await page.goto('/dashboard/user/orders');
    const newest = main.getByTestId('order').first();
    await newest.waitFor();
    expect(await newest.getByTestId('order-number').textContent()).toBe(number);
    expect(await newest.getByTestId('order-payment').textContent()).toBe('Card · Paid');
    expect(await newest.innerText()).toContain(product.name);
    const placed = Date.parse((await newest.locator('time').getAttribute('datetime')) ?? '');
    expect(placed).toBeGreaterThanOrEqual(placedAfter - 5_000);
    await expect.poll(() => cartCount(page), POLL).toBe(0);
  });
});
