import type { Page } from 'playwright-core';
import { settledOn } from './browser';
import { inr } from './catalog';

/** The demo card processor's documented test cards (README, CheckoutForm). */
export const APPROVED_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** Chooses to pay by card on the cart page (UPI is chosen first), which shows the card form. */
export async function chooseCard(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('radio', { name: /^Card/ }).check();
}

/**
 * Fills the card form (choosing Card first) and presses its 'Pay' button for `total` rupees:
 * at checkout, or on the page paying an order again.
 */
export async function payWith(page: Page, card: string, total: number): Promise<void> {
  await chooseCard(page);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: `Pay ${inr(total)}` }).click();
}

/**
 * After paying: waits for the confirmation page (/order-confirmed/BZ-000123) and answers the
 * order number it shows.
 */
export async function confirmedOrder(page: Page): Promise<string> {
  await page.waitForURL('**/order-confirmed/*');
  await settledOn(page, 'Thank you, your order is placed');
  const number = (await page.getByTestId('confirmed-number').textContent())?.trim() ?? '';
  if (!/^BZ-\d{6,}$/.test(number)) throw new Error(`No order number confirmed: "${number}"`);
  return number;
}
