import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EMAIL_RULE, PASSWORD_TOO_SHORT } from '../server/src/shared/form-rules';
import {
  accessibilityViolations,
  newAccount,
  PHONE,
  settledOn,
  settledOnProduct,
  stored,
  toast,
  useShop,
} from './support/browser';
import { productNamed, slugOf } from './support/catalog';
import { APPROVED_CARD, chooseCard, confirmedOrder } from './support/checkout';

/** A product with plenty of stock that no other journey buys. */
const BOUGHT = productNamed('SanDisk Ultra 128GB microSD Card');

const main = (page: Page) => page.getByRole('main');

/** The error a field shows, as a screen reader finds it: aria-invalid, and its description. */
async function errorOf(field: Locator): Promise<string | null> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  return field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .filter((element) => element && /error/.test(element.id))
      .map((element) => element!.textContent)
      .join(' '),
  );
}

/** The placeholder of the field that has the focus. */
const focusedPlaceholder = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('placeholder') ?? null);

interface StoredAuth {
  user: { email: string; phone: string };
}

describe('Forms: errors beside the fields, and fields formatted as typed', () => {
  const open = useShop();

  it('a shopper on a phone registers with a bad e-mail and a short password, sees why beside each, corrects them and is signed in; then pays with the expiry typed 1230', async () => {
    const page = await open(PHONE);
    const account = newAccount('forms');
    await page.goto('/register');
    await settledOn(page, 'Register Form');

    const field = (placeholder: string) =>
      main(page).getByPlaceholder(placeholder, { exact: true });
    const email = field('Enter Your Email');
    const password = field('Enter Your Password');
    await field('Enter Your Name').fill(account.name);
    await email.fill('asha@example');
    await password.fill('123');
    // Pasted with its +91: the field shows the 10 digits after its fixed +91.
    await field('Enter Your Phone').fill('+91 90000 12345');
    expect(await field('Enter Your Phone').inputValue()).toBe('90000 12345');
    await field('Enter Your Address').fill(account.address);
    await field('What is Your Favorite sports').fill(account.answer);
    await main(page).getByRole('button', { name: 'REGISTER' }).click();

    await expect.poll(() => errorOf(email)).toBe(EMAIL_RULE.message);
    expect(await errorOf(password)).toBe(PASSWORD_TOO_SHORT);
    expect(await errorOf(field('Enter Your Name'))).toBeNull();
    await expect.poll(() => focusedPlaceholder(page)).toBe('Enter Your Email');
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await accessibilityViolations(page), 'the register form in error').toEqual([]);

    // Corrected: each error goes as its field is right.
    await email.fill(account.email);
    await expect.poll(() => errorOf(email)).toBeNull();
    await password.fill(account.password);
    await expect.poll(() => errorOf(password)).toBeNull();
    await main(page).getByRole('button', { name: 'REGISTER' }).click();
    await toast(page, `Welcome, ${account.name}! Your account is ready.`);
    await page.waitForURL((url) => url.pathname === '/');
    const auth = await stored<StoredAuth>(page, 'auth');
    expect(auth?.user.email).toBe(account.email);
    // The mobile as the server keeps phones.
    expect(auth?.user.phone).toBe('+91 90000 12345');

    await page.goto(`/product/${slugOf(BOUGHT.name)}`);
    await settledOnProduct(page, BOUGHT.name);
    await main(page).getByRole('button', { name: 'ADD TO CART' }).first().click();
    await toast(page, 'Item added to cart');
    await page.goto('/cart');
    await settledOn(page, 'Cart Summary');
    await page.getByTestId('cart-total').waitFor();

    await chooseCard(page);
    const number = main(page).getByLabel('Card number');
    const expiry = main(page).getByLabel('Expiry (MM/YY)');
    await number.pressSequentially(APPROVED_CARD.replace(/ /g, ''));
    expect(await number.inputValue()).toBe('4242 4242 4242 4242');
    await expiry.pressSequentially('13');
    await expect.poll(() => errorOf(expiry)).toMatch(/month/);
    await expiry.fill('');
    await expiry.pressSequentially('1230');
    expect(await expiry.inputValue()).toBe('12/30');
    await main(page).getByLabel('CVV').fill('123');
    await main(page).getByRole('button', { name: /^Pay / }).click();
    await confirmedOrder(page);
  }, 120_000);
});
