import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  cartCount,
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
import { inr, POLL, productNamed, rupees, slugOf } from './support/catalog';
import { APPROVED_CARD, confirmedOrder, payWith } from './support/checkout';

/** A book no other journey buys, with stock to spare for every run. */
const BOOK = productNamed('Wings of Fire by A. P. J. Abdul Kalam');
/** Patna: delivered to, with cash on delivery. */
const PATNA = '800001';

/** axe reads every element of a screen, seconds each on a busy machine. */
const AUDIT_TIME = 180_000;
/** Long enough for the demo gateway's webhook and the waiting page's next question. */
const MOVES_ON = { timeout: 30_000 };

const main = (page: Page) => page.getByRole('main');
const textOf = async (page: Page, testId: string) =>
  ((await main(page).getByTestId(testId).first().textContent()) ?? '').trim();

/**
 * A new shopper with the book in the cart, on the cart page: answers the total the cart
 * quotes. A new account each time: cash on delivery is refused to a shopper with too many
 * orders still to be delivered.
 */
async function shopperWithBook(page: Page, label: string): Promise<number> {
  const account = newAccount(label);
  await registerViaApi(page, account);
  await logIn(page, account);
  await page.goto(`/product/${slugOf(BOOK.name)}`);
  await settledOnProduct(page);
  await main(page).getByRole('button', { name: 'ADD TO CART' }).first().click();
  await toast(page, 'Item added to cart');
  await page.goto('/cart');
  await settledOn(page, /^Hello /);
  await expect.poll(() => textOf(page, 'cart-total'), POLL).toMatch(/^Total : ₹/);
  return rupees((await textOf(page, 'cart-total')).replace('Total :', ''));
}

/** Places the order by UPI (chosen first) and waits on its payment page; answers its number. */
async function payByUpi(page: Page, total: number): Promise<string> {
  expect(await main(page).getByRole('radio', { name: /^UPI/ }).isChecked()).toBe(true);
  await main(page)
    .getByRole('button', { name: `Pay ${inr(total)}` })
    .click();
  await page.waitForURL('**/pay/*');
  await settledOn(page, 'Waiting for your payment');
  return decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
}

/** Opens the demo gateway's payer page (the UPI app's stand-in) in another tab. */
async function openDemoUpiApp(page: Page): Promise<Page> {
  const link = main(page).getByRole('link', { name: 'Open the demo UPI app' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/demo-gateway\/pay\/[^?]+\?return=%2Fpay%2FBZ-\d{6,}$/);
  const payer = await page.context().newPage();
  await payer.setViewportSize(page.viewportSize() ?? DESKTOP);
  await payer.goto(href!);
  return payer;
}

describe('payments: UPI, cash on delivery, paying again and refunds', () => {
  const open = useShop();

  it(
    'pays by UPI on a phone: the QR code and the app button, approval in the UPI app, and the page moves on by itself',
    async () => {
      const page = await open(PHONE);
      const total = await shopperWithBook(page, 'upi');
      expect(
        await main(page).getByRole('radiogroup', { name: 'Choose how to pay' }).isVisible(),
      ).toBe(true);
      // UPI chosen: no card form.
      expect(await main(page).getByLabel('Card number').count()).toBe(0);
      const number = await payByUpi(page, total);

      expect(await textOf(page, 'amount-to-pay')).toBe(`Amount to pay: ${inr(total)}`);
      const qr = main(page).getByRole('img', {
        name: `Scan to pay ${inr(total)} with any UPI app`,
      });
      await qr.waitFor();
      const app = main(page).getByRole('link', { name: 'Pay with a UPI app' });
      expect(await app.getAttribute('href')).toMatch(/^upi:\/\/pay\?/);
      expect(await app.getAttribute('href')).toContain(`tn=`);
      expect(await textOf(page, 'payment-countdown')).toMatch(/^Time left: \d+:\d\d$/);
      expect(await accessibilityViolations(page)).toEqual([]);

      const payer = await openDemoUpiApp(page);
      await payer.getByRole('heading', { name: `Pay ${inr(total)}` }).waitFor();
      expect(await payer.getByText(number).count()).toBeGreaterThan(0);
      expect(await accessibilityViolations(payer)).toEqual([]);
      await payer.getByRole('button', { name: 'Approve payment' }).click();
      await payer.getByRole('heading', { name: 'Payment approved' }).waitFor();
      expect(await accessibilityViolations(payer)).toEqual([]);

      // Nobody touches the shop's page: it asks the shop until the payment is in.
      await page.waitForURL(`**/order-confirmed/${number}`, MOVES_ON);
      expect(await confirmedOrder(page)).toBe(number);
      expect(await textOf(page, 'payment-state')).toBe('Paid by UPI');
      await expect.poll(() => cartCount(page), POLL).toBe(0);
    },
    AUDIT_TIME,
  );

  it(
    'pays by cash on delivery: its fee shown, the order placed, what to pay at the door confirmed',
    async () => {
      const page = await open(DESKTOP);
      const total = await shopperWithBook(page, 'cod');
      const check = page.getByRole('form', { name: 'Check delivery' });
      await check.getByRole('textbox', { name: 'Delivery PIN code' }).fill(PATNA);
      await check.getByRole('button', { name: 'Check delivery' }).click();
      const cash = main(page).getByRole('radio', { name: /^Cash on delivery/ });
      await expect.poll(() => cash.isEnabled(), POLL).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
      await cash.check();
      await main(page).getByRole('button', { name: 'Place order, pay on delivery' }).click();

      const number = await confirmedOrder(page);
      const due = await textOf(page, 'order-total');
      expect(rupees(due)).toBeGreaterThanOrEqual(total);
      expect(await textOf(page, 'payment-state')).toBe(
        `Cash on delivery: pay ${due} when it arrives`,
      );
      expect(await accessibilityViolations(page)).toEqual([]);
      await expect.poll(() => cartCount(page), POLL).toBe(0);

      await page.goto('/dashboard/user/orders');
      const order = main(page).getByTestId('order').first();
      await order.waitFor();
      expect(await order.getByTestId('order-number').textContent()).toBe(number);
      expect(await order.getByTestId('order-payment').textContent()).toBe('Cash on delivery · Due');
    },
    AUDIT_TIME,
  );

  it(
    'a UPI payment declined in the app: "Payment failed, try again", then paid by card on the same order',
    async () => {
      const page = await open(DESKTOP);
      const total = await shopperWithBook(page, 'retry');
      const number = await payByUpi(page, total);
      // A desktop scans the QR code: no app button here.
      expect(await main(page).getByRole('link', { name: 'Pay with a UPI app' }).count()).toBe(0);

      const payer = await openDemoUpiApp(page);
      await payer.getByRole('button', { name: 'Decline' }).click();
      await payer.getByRole('heading', { name: 'Payment failed' }).waitFor();

      await main(page)
        .getByRole('heading', { name: 'Payment failed, try again' })
        .waitFor(MOVES_ON);
      expect(page.url()).toContain(`/pay/${number}`);
      expect(await accessibilityViolations(page)).toEqual([]);

      await payWith(page, APPROVED_CARD, total);
      await page.waitForURL(`**/order-confirmed/${number}`, MOVES_ON);
      expect(await confirmedOrder(page)).toBe(number);
      expect(await textOf(page, 'payment-state')).toBe('Paid by card');
      await expect.poll(() => cartCount(page), POLL).toBe(0);
    },
    AUDIT_TIME,
  );

  it(
    'cancels a paid order and sees its refund on the order page',
    async () => {
      const page = await open(DESKTOP);
      const total = await shopperWithBook(page, 'refund');
      await payWith(page, APPROVED_CARD, total);
      const number = await confirmedOrder(page);

      await page.goto(`/dashboard/user/orders/${number}`);
      await settledOn(page, `Order ${number}`);
      await main(page)
        .getByRole('button', { name: `Cancel order ${number}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Cancel order ${number}?` });
      await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
      await toast(page, `Order ${number} cancelled; the payment will be refunded`);

      await expect.poll(() => textOf(page, 'order-status'), POLL).toBe('Cancelled');
      await expect
        .poll(() => textOf(page, 'refund'), POLL)
        .toMatch(
          new RegExp(`^Refund of ${inr(total).replace(/[.₹]/g, '\\$&')}: (processing|processed)$`),
        );
      // The gateway's webhook settles it: processed, once the page is read again.
      await expect
        .poll(async () => {
          await page.reload();
          await settledOn(page, `Order ${number}`);
          return textOf(page, 'refund');
        }, MOVES_ON)
        .toBe(`Refund of ${inr(total)}: processed`);
      expect(await accessibilityViolations(page)).toEqual([]);
    },
    AUDIT_TIME,
  );
});
