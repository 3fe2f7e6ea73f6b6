import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { placeOrderViaApi, tokenOf } from './support/api';
import {
  accessibilityViolations,
  ADMIN,
  DESKTOP,
  logIn,
  newAccount,
  PHONE,
  registerViaApi,
  settledOn,
  toast,
  useShop,
  settledOnProduct,
} from './support/browser';
import { inr, POLL, productNamed, slugOf } from './support/catalog';
import { APPROVED_CARD, confirmedOrder, payWith } from './support/checkout';

/** A book no other journey buys, with plenty in stock. */
const BOOK = productNamed('Godaan by Munshi Premchand');
/** Delhivery's tracking page as the shop presets it (server/src/orders/couriers.ts). */
const DELHIVERY_TRACKING = 'https://www.delhivery.com/track/package/';

/**
 * axe reads every element of each screen, seconds each on a busy machine, and the journey goes
 * through a shopper's and an admin's screens.
 */
const JOURNEY_TIME = 240_000;

const main = (page: Page) => page.getByRole('main');

/** Whether the page is wider than the screen: something would have to be scrolled sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await accessibilityViolations(page), screen).toEqual([]);
  expect(await scrollsSideways(page), `${screen} scrolls sideways`).toBe(false);
}

/** Opens the order's own page from the shopper's list, by its number. */
async function openFromList(page: Page, number: string): Promise<void> {
  await page.goto('/dashboard/user/orders');
  await settledOn(page, 'All Orders');
  await main(page).getByRole('link', { name: number, exact: true }).click();
  await page.waitForURL(`**/dashboard/user/orders/${number}`);
  await settledOn(page, `Order ${number}`);
}

describe('order pages: confirmation, the order page and its tracking', () => {
  const open = useShop();

  it(
    'a shopper on a phone pays and lands on the confirmation, the admin ships it, the shopper tracks it',
    async () => {
      const shopperPage = await open(PHONE);
      const shopper = newAccount('order-pages');
      await registerViaApi(shopperPage, shopper);
      await logIn(shopperPage, shopper);

      // Pays for two copies of the book.
      await shopperPage.goto(`/product/${slugOf(BOOK.name)}`);
      await settledOnProduct(shopperPage);
      await main(shopperPage).getByRole('button', { name: 'ADD TO CART' }).first().click();
      await toast(shopperPage, 'Item added to cart');
      await main(shopperPage).getByRole('button', { name: 'ADD TO CART' }).first().click();
      await shopperPage.goto('/cart');
      await settledOn(shopperPage, /^Hello /);
      await payWith(shopperPage, APPROVED_CARD, BOOK.price * 2);

      // The confirmation: the number first, what was bought, the amount paid, the address.
      const number = await confirmedOrder(shopperPage);
      const confirmation = await main(shopperPage).innerText();
      expect(confirmation).toContain(BOOK.name);
      expect(confirmation).toContain(`2 × ${inr(BOOK.price)}`);
      expect(await main(shopperPage).getByTestId('order-total').innerText()).toBe(
        inr(BOOK.price * 2),
      );
      expect(confirmation).toContain(shopper.address);
      expect(confirmation).toContain('What happens next');
      await expectAccessible(shopperPage, 'order confirmation (phone)');

      // The order page, from the confirmation, then from the list by its number.
      await main(shopperPage).getByRole('link', { name: 'View your order' }).click();
      await settledOn(shopperPage, `Order ${number}`);
      await openFromList(shopperPage, number);
      expect(await main(shopperPage).getByTestId('order-status').textContent()).toBe(
        'Not Processed',
      );
      expect(await main(shopperPage).innerText()).toContain('Not shipped yet');
      await main(shopperPage)
        .getByRole('button', { name: `Cancel order ${number}` })
        .waitFor();
      await expectAccessible(shopperPage, 'order page (phone)');

      // The admin finds it by number, starts on it and ships it with Delhivery.
      const adminPage = await open(DESKTOP);
      await logIn(adminPage, ADMIN);
      await adminPage.goto('/dashboard/admin/orders');
      await settledOn(adminPage, 'All Orders');
      const search = main(adminPage).getByRole('searchbox', { name: 'Order number' });
      await search.fill(number);
      await search.press('Enter');
      const order = main(adminPage).getByTestId('order');
      await expect.poll(() => order.count(), POLL).toBe(1);
      expect(await order.getByTestId('order-number').innerText()).toBe(number);
      const status = order.getByRole('combobox', { name: `Status of order ${number}` });
      await status.click();
      await adminPage.getByRole('option', { name: 'Processing', exact: true }).click();
      await toast(adminPage, `Order ${number} set to Processing`);
      await status.click();
      await adminPage.getByRole('option', { name: 'Shipped', exact: true }).click();
      const dialog = adminPage.getByRole('dialog', { name: `Ship order ${number}` });
      await dialog.getByRole('combobox', { name: 'Courier' }).click();
      await adminPage.getByRole('option', { name: 'Delhivery', exact: true }).click();
      const awb = dialog.getByRole('textbox', { name: 'Tracking number (AWB)' });
      // A number with a space in it is refused before anything is sent.
      await awb.fill('DL 1234');
      await dialog.getByRole('button', { name: 'Mark shipped' }).click();
      await dialog
        .getByText('the AWB holds 6 to 30 letters and digits', { exact: false })
        .waitFor();
      expect(await accessibilityViolations(adminPage), 'ship dialog').toEqual([]);
      const trackingNumber = `DL${Date.now().toString().slice(-10)}`;
      await awb.fill(trackingNumber);
      await dialog.getByRole('button', { name: 'Mark shipped' }).click();
      await toast(adminPage, `Order ${number} marked shipped`);
      await expect.poll(() => status.inputValue(), POLL).toBe('Shipped');
      await expect
        .poll(() => order.getByTestId('tracking-number').innerText(), POLL)
        .toBe(trackingNumber);

      // The shopper sees the courier, the AWB and the tracking link; it may no longer cancel.
      await shopperPage.reload();
      await settledOn(shopperPage, `Order ${number}`);
      const shipment = main(shopperPage).getByTestId('order-shipment');
      await expect.poll(() => shipment.count(), POLL).toBe(1);
      expect(await shipment.innerText()).toContain('Delhivery');
      expect(await shipment.getByTestId('tracking-number').innerText()).toBe(trackingNumber);
      const track = shipment.getByRole('link', { name: /Track with Delhivery/ });
      expect(await track.getAttribute('href')).toBe(`${DELHIVERY_TRACKING}${trackingNumber}`);
      expect(await track.getAttribute('target')).toBe('_blank');
      expect(await main(shopperPage).getByTestId('order-status').textContent()).toBe('Shipped');
      expect(
        await main(shopperPage)
          .getByRole('button', { name: /^Cancel order/ })
          .count(),
      ).toBe(0);
      expect(await main(shopperPage).getByTestId('order-timeline').innerText()).toMatch(
        /Order placed[^]*Not Processed → Processing[^]*Processing → Shipped/,
      );
      await expectAccessible(shopperPage, 'shipped order page (phone)');

      // The admin corrects the AWB; the shopper's link follows.
      await order.getByRole('button', { name: `Edit tracking of order ${number}` }).click();
      const correcting = adminPage.getByRole('dialog', { name: `Tracking of order ${number}` });
      const corrected = `${trackingNumber}X`;
      await correcting.getByRole('textbox', { name: 'Tracking number (AWB)' }).fill(corrected);
      await correcting.getByRole('button', { name: 'Save tracking' }).click();
      await toast(adminPage, `Tracking of order ${number} saved`);
      await shopperPage.reload();
      await settledOn(shopperPage, `Order ${number}`);
      await expect
        .poll(() => main(shopperPage).getByTestId('tracking-number').innerText(), POLL)
        .toBe(corrected);
      expect(
        await main(shopperPage)
          .getByRole('link', { name: /Track with Delhivery/ })
          .getAttribute('href'),
      ).toBe(`${DELHIVERY_TRACKING}${corrected}`);
    },
    JOURNEY_TIME,
  );

  it(
    'shows the pages at desktop width, and not to another shopper',
    async () => {
      const page = await open(DESKTOP);
      const shopper = newAccount('order-desktop');
      await registerViaApi(page, shopper);
      const token = await tokenOf(shopper);
      const placed = await placeOrderViaApi(
        token,
        [{ productId: await idOf(page, slugOf(BOOK.name)), quantity: 1 }],
        `e2e-order-pages-${Date.now()}`,
      );
      expect(placed.number).toMatch(/^BZ-\d{6,}$/);

      await logIn(page, shopper);
      await page.goto(`/order-confirmed/${placed.number}`);
      await settledOn(page, 'Thank you, your order is placed');
      expect(await main(page).getByTestId('confirmed-number').innerText()).toBe(placed.number);
      await expectAccessible(page, 'order confirmation (desktop)');
      await page.goto(`/dashboard/user/orders/${placed.number}`);
      await settledOn(page, `Order ${placed.number}`);
      await expectAccessible(page, 'order page (desktop)');

      // Another shopper is told there is no such order among theirs: the server refuses it.
      const other = await open(DESKTOP);
      const stranger = newAccount('order-stranger');
      await registerViaApi(other, stranger);
      await logIn(other, stranger);
      await other.goto(`/dashboard/user/orders/${placed.number}`);
      await settledOn(other, 'Order not found');
      expect(await main(other).innerText()).not.toContain(BOOK.name);
      await expectAccessible(other, 'order not found');
    },
    JOURNEY_TIME,
  );
});

/** A product's id, read through the shop's GraphQL API as the storefront does. */
async function idOf(page: Page, slug: string): Promise<string> {
  const response = await page.request.post('/graphql', {
    data: { query: 'query P($slug: String!) { product(slug: $slug) { id } }', variables: { slug } },
  });
  const body = (await response.json()) as { data: { product: { id: string } } };
  return body.data.product.id;
}
