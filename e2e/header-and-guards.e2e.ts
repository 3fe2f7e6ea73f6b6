import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  countdownSeen,
  recordCountdown,
  DESKTOP,
  logIn,
  newAccount,
  PHONE,
  registerViaApi,
  toast,
  useShop,
  settledOnProduct,
} from './support/browser';
import { catalogue, addableAsIs } from './support/catalog';

const pathOf = (page: Page) => new URL(page.url()).pathname;

const cartLinks = (page: Page) => page.getByRole('link', { name: /^Cart \d+ items?$/ });

/** How many of the header's cart links can be seen at the page's width. */
async function visibleCartLinks(page: Page): Promise<number> {
  const links = await cartLinks(page).all();
  const shown = await Promise.all(links.map((link) => link.isVisible()));
  return shown.filter(Boolean).length;
}

describe('header and guards', () => {
  const open = useShop();

  it('shows the cart count in the header at phone width without opening the menu', async () => {
    const [product] = addableAsIs((await catalogue()).products);
    const page = await open(PHONE);
    await page.goto(`/product/${product.slug}`);
    await settledOnProduct(page);

    const burger = page.getByRole('button', { name: 'Menu' });
    expect(await burger.isVisible()).toBe(true);
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    const cart = page.getByRole('link', { name: 'Cart 0 items' });
    expect(await cart.isVisible()).toBe(true);

    await page.getByRole('main').getByRole('button', { name: 'ADD TO CART' }).first().click();
    await toast(page, 'Item added to cart');
    const filled = page.getByRole('link', { name: 'Cart 1 item' });
    await filled.waitFor();
    expect(await filled.isVisible()).toBe(true);
    const badge = filled.getByTestId('cart-count');
    expect(await badge.isVisible()).toBe(true);
    expect(await badge.innerText()).toBe('1');

    // The menu is still shut: the count was seen without it.
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(false);
    expect(await visibleCartLinks(page)).toBe(1);

    // Opening the menu shows no second cart link.
    await burger.click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await visibleCartLinks(page)).toBe(1);

    await filled.click();
    await page.waitForURL('**/cart');
  });

  it('shows one cart link among the header links on a wide screen', async () => {
    const page = await open(DESKTOP);
    await page.goto('/');
    await page.getByRole('main').waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await visibleCartLinks(page)).toBe(1);
    expect(await cartLinks(page).first().innerText()).toMatch(/^Cart\s*0\s*items$/);
  });

  it('counts a signed-in shopper down away from the admin area, then goes home', async () => {
    const page = await open();
    const account = newAccount('guard');
    await registerViaApi(page, account);
    await logIn(page, account);
    await recordCountdown(page);

    await page.goto('/dashboard/admin');
    await page.getByText(/^Redirecting to you in \d second$/).waitFor();
    expect(pathOf(page)).toBe('/dashboard/admin');
    expect(await page.getByText('Admin Panel').count()).toBe(0);

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'All Products' }).waitFor();
    expect(await page.getByText(/Redirecting to you in/).count()).toBe(0);
    expect(await page.getByText('Admin Panel').count()).toBe(0);
    const seen = await countdownSeen(page);
    expect(seen.slice(0, 3)).toEqual([3, 2, 1].map((n) => `Redirecting to you in ${n} second`));
  });
});
