import type { Page } from 'playwright-core';
import { inr } from './catalog';

/** The demo card processor's documented test cards (README, CheckoutForm). */
export const APPROVED_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** Fills the cart page's card form and presses its 'Pay' button for `total` rupees. */
export async function payWith(page: Page, card: string, total: number): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: `Pay ${inr(total)}` }).click();
}
