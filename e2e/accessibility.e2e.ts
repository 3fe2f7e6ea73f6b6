import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  ADMIN,
  DESKTOP,
  expectProblem,
  logIn,
  openMenuIfCollapsed,
  PHONE,
  searchBox,
  settledOn,
  SHOPPER,
  toast,
  useShop,
  settledOnProduct,
} from './support/browser';
import { catalogue, addableAsIs, POLL, productNamed, rupees, slugOf } from './support/catalog';
import { APPROVED_CARD, confirmedOrder, payWith } from './support/checkout';

/** A screen to check: where it is, and the heading its main area shows once it is there. */
interface Screen {
  path: string;
  heading: string | RegExp;
}

/** A product with plenty of stock that no other journey buys: the shopper orders it here. */
const BOUGHT = productNamed('Mamaearth Onion Hair Oil 250ml');
/** A product sold in sizes and colours: its picker, and its variant grid for the admin. */
const KURTA = productNamed('Cotton Kurta Set for Men').name;
const WITH_OPTIONS = slugOf(KURTA);

const WIDTHS = { desktop: DESKTOP, phone: PHONE };

/**
 * axe reads every element of a dozen screens per journey, seconds each on a busy machine: more
 * than a journey's usual minute.
 */
const AUDIT_TIME = 180_000;

const main = (page: Page) => page.getByRole('main');

/**
 * Collects what axe-core finds on each screen a journey goes through, named by the screen, so
 * that one failure lists every screen with its violations.
 */
function auditor(page: Page) {
  const found: string[] = [];
  const checked: string[] = [];
  const check = async (name: string) => {
    checked.push(name);
    found.push(...(await accessibilityViolations(page)).map((line) => `${name}: ${line}`));
  };
  return {
    checked,
    found,
    check,
    /** Goes to each screen in turn, waits until it is settled, and checks it. */
    async visit(screens: Screen[]) {
      for (const { path, heading } of screens) {
        await page.goto(path);
        await settledOn(page, heading);
        await check(path);
      }
    },
  };
}

describe.each(Object.entries(WIDTHS))('accessibility at %s width', (_, viewport) => {
  const open = useShop();

  it(
    'has no serious or critical violation on any screen a visitor or shopper sees',
    async () => {
      const { products, categories } = await catalogue();
      const [product] = addableAsIs(products);
      const page = await open(viewport);
      const audit = auditor(page);
      // The unknown product's page comes with a 404 status, which Chromium logs as an error.
      expectProblem(page, /status of 404/);

      // As a visitor.
      await audit.visit([
        { path: '/', heading: 'All Products' },
        { path: '/categories', heading: 'All Categories' },
        { path: `/category/${slugOf(categories[0])}`, heading: categories[0] },
        { path: `/product/${product.slug}`, heading: product.name },
        // A size chosen, and the colours of which one is sold out in it.
        { path: `/product/${WITH_OPTIONS}?size=XXL`, heading: KURTA },
        // Option filters beside the products.
        { path: '/category/fashion', heading: 'Fashion' },
        { path: '/search?q=phone', heading: 'Results for “phone”' },
        { path: '/cart', heading: 'Hello Guest' },
        { path: '/login', heading: 'Login Form' },
        { path: '/register', heading: 'Register Form' },
        { path: '/forgot-password', heading: 'Forgot your password?' },
        { path: '/forgot-password/security-question', heading: 'RESET PASSWORD' },
        // As an e-mailed link opens it; the token is checked only when a password is sent.
        {
          path: `/reset-password?token=${'a'.repeat(24)}.${'b'.repeat(43)}`,
          heading: 'Choose a new password',
        },
        { path: '/about', heading: /About/ },
        { path: '/contact', heading: 'CONTACT US' },
        { path: '/policy', heading: 'Privacy Policy' },
        { path: '/no/such/page', heading: '404' },
        { path: '/product/no-such-product-anywhere', heading: '404' },
      ]);

      // The header's menus and the search box's suggestions, open.
      await page.goto('/');
      await settledOn(page, 'All Products');
      await openMenuIfCollapsed(page);
      if (viewport === PHONE) await audit.check('phone menu');
      await page.getByRole('button', { name: 'Categories' }).click();
      await page.getByRole('menuitem', { name: 'All Categories' }).waitFor();
      await audit.check('categories menu');
      await page.keyboard.press('Escape');
      await searchBox(page).fill('sa');
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      await audit.check('search suggestions');

      // A cart with something in it, signed out and then signed in with the payment form.
      await page.goto(`/product/${slugOf(BOUGHT.name)}`);
      await settledOnProduct(page);
      await main(page).getByRole('button', { name: 'ADD TO CART' }).first().click();
      await toast(page, 'Item added to cart');
      await audit.check('toast');
      await audit.visit([{ path: '/cart', heading: 'Hello Guest' }]);
      await logIn(page, SHOPPER);
      await audit.visit([{ path: '/cart', heading: /^Hello / }]);
      // The payment form comes after the cart's quote: held to axe once it is there.
      await page.getByRole('button', { name: /^Pay / }).waitFor();
      await audit.check('the payment form');

      // Paying (the cart's total, shipping included) leads to the order's confirmation, then
      // its page; the orders hold at least this one.
      const total = rupees(
        ((await main(page).getByTestId('cart-total').textContent()) ?? '').replace('Total :', ''),
      );
      await payWith(page, APPROVED_CARD, total);
      const number = await confirmedOrder(page);
      await audit.check('order confirmation');
      await audit.visit([
        { path: `/dashboard/user/orders/${number}`, heading: `Order ${number}` },
        { path: '/dashboard/user/orders', heading: 'All Orders' },
      ]);
      await expect.poll(() => page.getByTestId('order').count(), POLL).toBeGreaterThan(0);
      await main(page)
        .getByRole('button', { name: /^Cancel order/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await audit.check('cancel order dialog');
      await page.keyboard.press('Escape');
      await audit.visit([
        // Its heading is the shopper's name, which other journeys may change.
        { path: '/dashboard/user', heading: /\w/ },
        { path: '/dashboard/user/profile', heading: 'Your Profile' },
        { path: '/dashboard/user/wishlist', heading: 'Wishlist' },
      ]);

      expect(audit.checked.length).toBeGreaterThan(20);
      expect(audit.found).toEqual([]);
    },
    AUDIT_TIME,
  );

  it(
    'has no serious or critical violation on any screen of the admin dashboard',
    async () => {
      const [product] = (await catalogue()).products;
      const page = await open(viewport);
      const audit = auditor(page);
      await logIn(page, ADMIN);
      await audit.visit([
        // Any heading: this front page is free to change what it shows.
        { path: '/dashboard/admin', heading: /\w/ },
        { path: '/dashboard/admin/create-product', heading: 'Create Product' },
        { path: '/dashboard/admin/products', heading: 'All Products List' },
        { path: `/dashboard/admin/product/${product.slug}`, heading: 'Update Product' },
        { path: `/dashboard/admin/product/${WITH_OPTIONS}`, heading: 'Update Product' },
        { path: '/dashboard/admin/orders', heading: 'All Orders' },
        { path: '/dashboard/admin/users', heading: 'All Users' },
        { path: '/dashboard/admin/reviews', heading: 'Reviews' },
        { path: '/dashboard/admin/notifications', heading: 'E-mail notifications' },
        // Last: the category dialog below opens from it.
        { path: '/dashboard/admin/create-category', heading: 'Manage Category' },
      ]);
      await main(page).getByRole('button', { name: 'Edit' }).first().click();
      await page.getByRole('dialog', { name: 'Edit category' }).waitFor();
      await audit.check('edit category dialog');
      expect(audit.found).toEqual([]);
    },
    AUDIT_TIME,
  );
});
