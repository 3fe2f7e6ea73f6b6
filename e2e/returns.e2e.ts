import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deliverViaApi, placeOrderViaApi, productIdOf, tokenOf } from './support/api';
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
} from './support/browser';
import { inr, POLL, productNamed, slugOf } from './support/catalog';

/** A book no other journey buys, with stock to spare for every run. */
const BOOK = productNamed('The God of Small Things by Arundhati Roy');

/** axe reads every element of each screen, seconds each on a busy machine. */
const JOURNEY_TIME = 300_000;
/** Long enough for the demo gateway's refund webhook. */
const MOVES_ON = { timeout: 30_000 };

const main = (page: Page) => page.getByRole('main');
const textOf = async (page: Page, testId: string) =>
  ((await main(page).getByTestId(testId).first().textContent()) ?? '').trim();

/** Whether the page is wider than the screen: something would have to be scrolled sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await accessibilityViolations(page), screen).toEqual([]);
  expect(await scrollsSideways(page), `${screen} scrolls sideways`).toBe(false);
}

async function openAdminOrder(page: Page, number: string): Promise<void> {
  await page.goto(`/dashboard/admin/orders/${number}`);
  await settledOn(page, `Order ${number}`);
}

async function openShopperOrder(page: Page, number: string): Promise<void> {
  await page.goto(`/dashboard/user/orders/${number}`);
  await settledOn(page, `Order ${number}`);
}

describe('returns and partial refunds', () => {
  const open = useShop();

  it(
    'the admin cancels one item of a paid order, the shopper returns another on a phone, the admin approves and receives it: refunded',
    async () => {
      const shopper = newAccount('returns');
      const shopperPage = await open(PHONE);
      await registerViaApi(shopperPage, shopper);
      const productId = await productIdOf(slugOf(BOOK.name));
      const order = await placeOrderViaApi(
        await tokenOf(shopper),
        [{ productId, quantity: 3 }],
        `returns-${Date.now().toString(36)}`,
      );
      expect(order.payment.success).toBe(true);
      const { number } = order;
      const price = inr(BOOK.price);

      // The admin cancels one of the three copies before shipping: refunded at once.
      const adminPage = await open(DESKTOP);
      await logIn(adminPage, ADMIN);
      await openAdminOrder(adminPage, number);
      await main(adminPage)
        .getByRole('button', { name: `Cancel items of ${BOOK.name}` })
        .click();
      const cancelDialog = adminPage.getByRole('dialog', { name: `Cancel items of ${BOOK.name}` });
      await cancelDialog.getByRole('textbox', { name: /^Units to cancel/ }).fill('1');
      expect(await cancelDialog.getByTestId('cancel-refund').textContent()).toBe(
        `1 × ${price} will be refunded to the buyer.`,
      );
      await expectAccessible(adminPage, 'the cancel dialog');
      await cancelDialog.getByRole('button', { name: 'Cancel 1 item' }).click();
      await toast(adminPage, `Items cancelled: ${price} refunded to the buyer`);
      await expect
        .poll(() => textOf(adminPage, 'line-cancelled'), POLL)
        .toBe('1 cancelled by the shop');
      expect(await textOf(adminPage, 'refunded-amount')).toBe(`Refunded ${price}`);
      expect(await textOf(adminPage, 'refund')).toMatch(/^Refund of .*: (processing|processed)$/);
      await expectAccessible(adminPage, "the admin's order page");

      await deliverViaApi(order.id, await tokenOf(ADMIN));

      // The shopper, on a phone, sees the cancelled copy and the refund, and returns one copy.
      await logIn(shopperPage, shopper);
      await openShopperOrder(shopperPage, number);
      expect(await textOf(shopperPage, 'order-status')).toBe('Delivered');
      expect(await textOf(shopperPage, 'line-cancelled')).toBe('1 cancelled by the shop');
      expect(await textOf(shopperPage, 'refunded-amount')).toBe(`Refunded ${price}`);
      expect(await textOf(shopperPage, 'return-offer')).toMatch(/^Returns open until /);
      await main(shopperPage).getByRole('button', { name: 'Return items' }).click();
      const returnDialog = shopperPage.getByRole('dialog', {
        name: `Return items of order ${number}`,
      });
      await returnDialog
        .getByRole('textbox', { name: new RegExp(`^Units of ${BOOK.name} to return`) })
        .fill('1');
      await returnDialog
        .getByRole('textbox', { name: /^Why are you returning them/ })
        .fill('A gift that was bought twice');
      await expectAccessible(shopperPage, 'the return form');
      await returnDialog.getByRole('button', { name: 'Ask for the return' }).click();
      await toast(
        shopperPage,
        `Return of order ${number} asked for: the shop will answer on this page`,
      );
      await expect.poll(() => textOf(shopperPage, 'return-state'), POLL).toBe('Requested');
      expect(await textOf(shopperPage, 'return-items')).toBe(`1 × ${BOOK.name}`);
      await expectAccessible(shopperPage, 'the order page with its return');

      // The admin sees it badged in the list, approves it, then receives the copy.
      await adminPage.goto(`/dashboard/admin/orders?number=${number}`);
      await settledOn(adminPage, 'All Orders');
      await expect.poll(() => textOf(adminPage, 'return-requested'), POLL).toBe('Return requested');
      await main(adminPage).getByRole('link', { name: number, exact: true }).click();
      await settledOn(adminPage, `Order ${number}`);
      const asked = main(adminPage).getByTestId('order-return');
      await asked
        .getByRole('textbox', { name: /^Note to the buyer on return 1/ })
        .fill('Please send it in its wrapping');
      await expectAccessible(adminPage, 'a return to decide');
      await asked.getByRole('button', { name: 'Approve return 1' }).click();
      await toast(adminPage, 'Return 1 approved');
      await asked.getByRole('button', { name: 'Mark return 1 received' }).click();
      await toast(adminPage, 'Return 1 received and refunded');
      await expect
        .poll(() => textOf(adminPage, 'return-state'), POLL)
        .toBe('Received and refunded');
      expect(await textOf(adminPage, 'refunded-amount')).toBe(`Refunded ${inr(BOOK.price * 2)}`);

      // The shopper reads it again: received, refunded, with the shop's note.
      await openShopperOrder(shopperPage, number);
      expect(await textOf(shopperPage, 'return-state')).toBe('Received and refunded');
      expect(await textOf(shopperPage, 'return-note')).toBe(
        'The shop’s note: Please send it in its wrapping',
      );
      expect(await textOf(shopperPage, 'refunded-amount')).toBe(`Refunded ${inr(BOOK.price * 2)}`);
      // Two refunds, each settled by the gateway's webhook in the end.
      await expect
        .poll(async () => {
          await openShopperOrder(shopperPage, number);
          return main(shopperPage).getByTestId('refund').allTextContents();
        }, MOVES_ON)
        .toEqual([`Refund of ${price}: processed`, `Refund of ${price}: processed`]);
      await expectAccessible(shopperPage, 'the order page once refunded');
    },
    JOURNEY_TIME,
  );

  it(
    'the return policy page: the window and what is not taken back',
    async () => {
      const page = await open(PHONE);
      await logIn(page, ADMIN);
      await page.goto('/dashboard/admin/returns');
      await settledOn(page, 'Return policy');
      const form = page.getByRole('form', { name: 'Return policy' });
      expect(
        Number(await form.getByRole('textbox', { name: /^Days to ask for a return/ }).inputValue()),
      ).toBeGreaterThanOrEqual(0);
      await expectAccessible(page, 'the return policy page');
    },
    JOURNEY_TIME,
  );
});
