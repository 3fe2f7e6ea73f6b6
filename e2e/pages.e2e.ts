import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectProblem, openMenuIfCollapsed, PHONE, searchFor, useShop } from './support/browser';
import { catalogue, expectCardsFrom, inCategory, POLL, slugOf } from './support/catalog';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** How far the page is wider than the window (0 when it does not scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('pages', () => {
  const open = useShop();

  it('shows 404 for an unknown path, and Go Back leads home', async () => {
    const { products } = await catalogue();
    const page = await open();
    await page.goto('/no/such/page');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: '404' }).waitFor();
    expect(await main.getByText('Oops ! Page Not Found', { exact: true }).isVisible()).toBe(true);
    await main.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectCardsFrom(page, products);
  });

  it('shows 404 for a product that does not exist', async () => {
    const page = await open();
    // The page comes with a 404 status (for crawlers), which Chromium logs as an error.
    expectProblem(page, /status of 404/);
    const answer = await page.goto('/product/no-such-product-anywhere');
    expect(answer?.status()).toBe(404);
    await page.getByRole('main').getByRole('heading', { name: '404' }).waitFor();
    expect(await page.getByText('Oops ! Page Not Found', { exact: true }).isVisible()).toBe(true);
  });

  it('links the footer to About, Contact and Privacy Policy', async () => {
    const page = await open();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    expect(await footer.innerText()).toMatch(/All Rights Reserved/i);

    await footer.getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about');
    await page.getByRole('main').getByRole('heading').first().waitFor();

    await footer.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await page.getByRole('main').getByText('24*7').waitFor();
    const contact = await page.getByRole('main').innerText();
    expect(contact).toMatch(/@/);
    expect(contact).toMatch(/\d{3}-\d{7}/);
    expect(contact).toMatch(/toll free/i);

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/policy');
    await page
      .getByRole('main')
      .getByText(/shipping address/i)
      .first()
      .waitFor();
  });

  it('works at phone width: the burger menu opens and navigates', async () => {
    const { products } = await catalogue();
    const page = await open(PHONE);
    await page.goto('/');
    await expectCardsFrom(page, products);
    // The desktop links are tucked away behind the burger.
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Login Form' }).waitFor();

    await openMenuIfCollapsed(page);
    await page.getByRole('button', { name: 'Categories' }).click();
    await page.getByRole('menuitem', { name: 'All Categories' }).click();
    await page.waitForURL('**/categories');

    const category = 'Mobiles';
    await openMenuIfCollapsed(page);
    await page.getByRole('button', { name: 'Categories' }).click();
    await page.getByRole('menuitem', { name: category, exact: true }).click();
    await page.waitForURL(`**/category/${slugOf(category)}`);
    await expectCardsFrom(page, inCategory(products, category));

    await searchFor(page, 'samsung');
    await page.getByRole('heading', { name: /^Results for/ }).waitFor();

    await openMenuIfCollapsed(page);
    await page.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => pathOf(page), POLL).toBe('/');
    await expectCardsFrom(page, products);
  });

  it('does not scroll sideways at phone width', async () => {
    const { products } = await catalogue();
    const page = await open(PHONE);
    await page.goto('/');
    await expectCardsFrom(page, products);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    // The other storefront screens too.
    const overflow: Record<string, number> = {};
    const [product] = products;
    for (const [path, ready] of [
      [`/product/${product.slug}`, product.name],
      ['/categories', 'All Categories'],
      ['/login', 'Login Form'],
      ['/register', 'Register Form'],
      ['/no-such-page', '404'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('main').getByRole('heading', { name: ready }).first().waitFor();
      overflow[path] = await sidewaysOverflow(page);
    }
    await searchFor(page, 'samsung');
    await page.getByRole('main').getByTestId('product-card').first().waitFor();
    overflow['/search'] = await sidewaysOverflow(page);
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((path) => [path, 0])));
  });
});
