import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, tokenOf } from './support/api';
import {
  accessibilityViolations,
  ADMIN,
  baseUrl,
  DESKTOP,
  logIn,
  newAccount,
  PHONE,
  registerViaApi,
  settledOn,
  stored,
  toast,
  useShop,
  settledOnProduct,
} from './support/browser';
import { catalogue, inr, POLL, productNamed, slugOf } from './support/catalog';
import { APPROVED_CARD, confirmedOrder, payWith } from './support/checkout';

/** A cheap book no other journey buys: below the free-shipping threshold on its own. */
const BOOK = productNamed('Malgudi Days by R. K. Narayan');
const PATNA = '800001';

/** axe reads every element of a screen, seconds each on a busy machine. */
const AUDIT_TIME = 180_000;

interface Charges {
  flatCharge: number;
  freeShippingFrom: number | null;
  dispatchPin: string;
}
const SETTINGS = `{ deliverySettings { flatCharge freeShippingFrom dispatchPin } }`;
const UPDATE = `mutation U($input: DeliverySettingsInput!) {
  updateDeliverySettings(input: $input) { flatCharge } }`;

let adminToken: string;
let before: Charges;
const charges = async () =>
  (await graphql<{ deliverySettings: Charges }>(SETTINGS, {}, adminToken)).deliverySettings;

/** The check's answer in words, as the REST API gives it (the same service as GraphQL's). */
async function answerFor(pin: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/v1/delivery/check/${pin}`);
  return ((await response.json()) as { message: string }).message;
}

const checkForm = (page: Page) => page.getByRole('form', { name: 'Check delivery' });

/** Types a PIN into the page's "Check delivery" and waits for the answer. */
async function checkDelivery(page: Page, pin: string): Promise<string> {
  const field = checkForm(page).getByRole('textbox', { name: 'Delivery PIN code' });
  await field.fill(pin);
  await checkForm(page).getByRole('button', { name: 'Check delivery' }).click();
  const answer = page.getByTestId('delivery-answer');
  await expect.poll(() => answer.textContent(), POLL).toContain(pin === PATNA ? 'Patna' : '');
  return (await answer.textContent()) ?? '';
}

async function addBookToCart(page: Page): Promise<void> {
  await page.goto(`/product/${slugOf(BOOK.name)}`);
  await settledOnProduct(page);
  await page.getByRole('main').getByRole('button', { name: 'ADD TO CART' }).first().click();
  await toast(page, 'Item added to cart');
}

const textOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).textContent()) ?? '';

/** The page fits the screen's width: nothing to scroll sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('delivery: checks by PIN, shipping in the cart and the admin settings', () => {
  const open = useShop();

  beforeAll(async () => {
    adminToken = await tokenOf(ADMIN);
    before = await charges();
  });
  // Other journeys of this shop pay the shop's usual charges.
  afterAll(async () => {
    await graphql(UPDATE, { input: before }, adminToken);
  });

  it('a shopper checks delivery on a product page, then pays the total with shipping', async () => {
    const { flatCharge, freeShippingFrom } = await charges();
    const book = (await catalogue()).products.find(({ name }) => name === BOOK.name)!;
    expect(book.price).toBeLessThan(freeShippingFrom ?? Infinity);
    const page = await open(DESKTOP);
    // An account of its own: the demo shopper's cart, kept on the account, holds what other
    // journeys put in it.
    const account = newAccount('delivery');
    await registerViaApi(page, account);
    await logIn(page, account);

    await page.goto(`/product/${slugOf(BOOK.name)}`);
    await settledOnProduct(page);
    const answer = await checkDelivery(page, PATNA);
    expect(answer).toBe(await answerFor(PATNA));
    expect(answer).toMatch(
      /^Delivery by \w{3} \d{1,2} \w{3}( – \w{3} \d{1,2} \w{3})? to Patna, Bihar · Cash on delivery available$/,
    );
    expect(await stored(page, 'deliveryPin')).toBe(PATNA);

    // Remembered: the next page fills it in and answers at once.
    await page.reload();
    await settledOnProduct(page);
    await expect
      .poll(() => checkForm(page).getByRole('textbox', { name: 'Delivery PIN code' }).inputValue())
      .toBe(PATNA);
    await expect.poll(() => textOf(page, 'delivery-answer'), POLL).toBe(answer);

    await page.getByRole('main').getByRole('button', { name: 'ADD TO CART' }).first().click();
    await toast(page, 'Item added to cart');
    await page.goto('/cart');
    await settledOn(page, /^Hello /);
    const total = book.price + flatCharge;
    await expect.poll(() => textOf(page, 'cart-total'), POLL).toBe(`Total : ${inr(total)}`);
    expect(await textOf(page, 'cart-goods')).toBe(inr(book.price));
    expect(await textOf(page, 'cart-shipping')).toBe(inr(flatCharge));
    expect(await textOf(page, 'free-shipping-hint')).toBe(
      `Add ${inr(freeShippingFrom! - book.price)} more for free delivery`,
    );
    // The cart's widget knows the PIN too.
    expect(await textOf(page, 'delivery-answer')).toBe(answer);

    await payWith(page, APPROVED_CARD, total);
    await confirmedOrder(page);
    await page.goto('/dashboard/user/orders');
    const newest = page.getByRole('main').getByTestId('order').first();
    await newest.waitFor();
    const shown = await newest.innerText();
    expect(shown).toContain(BOOK.name);
    expect(shown).toContain(`Shipping : ${inr(flatCharge)}`);
    expect(shown).toContain(`Total : ${inr(total)}`);
  });

  it(
    'the admin changes the flat charge on the settings screen, and the cart shows the new one',
    async () => {
      const admin = await open(DESKTOP);
      await logIn(admin, ADMIN);
      await admin.goto('/dashboard/admin');
      await admin
        .getByRole('navigation', { name: 'Admin Panel' })
        .getByRole('link', { name: 'Delivery' })
        .click();
      await settledOn(admin, 'Delivery settings');
      expect(await accessibilityViolations(admin)).toEqual([]);

      // A refused field is named beside it, and nothing is saved.
      const form = admin.getByRole('form', { name: 'Delivery settings' });
      const dispatch = form.getByRole('textbox', { name: 'Dispatch PIN code' });
      const flat = form.getByRole('textbox', { name: 'Flat shipping charge' });
      await dispatch.fill('999999');
      await form.getByRole('button', { name: 'Save delivery settings' }).click();
      await expect.poll(() => dispatch.getAttribute('aria-invalid'), POLL).toBe('true');
      await form
        .getByText('This PIN code is not in India Post’s directory: please check it')
        .waitFor();
      expect(await accessibilityViolations(admin)).toEqual([]);
      expect((await charges()).dispatchPin).toBe(before.dispatchPin);

      const newCharge = before.flatCharge + 16;
      await dispatch.fill(before.dispatchPin);
      await flat.fill(String(newCharge));
      await form.getByRole('button', { name: 'Save delivery settings' }).click();
      await toast(admin, 'Delivery settings saved');
      expect((await charges()).flatCharge).toBe(newCharge);

      // A shopper's cart, below the threshold, asks the server and shows the new charge.
      const shopper = await open(DESKTOP);
      await addBookToCart(shopper);
      await shopper.goto('/cart');
      await settledOn(shopper, 'Hello Guest');
      await expect.poll(() => textOf(shopper, 'cart-shipping'), POLL).toBe(inr(newCharge));
    },
    AUDIT_TIME,
  );

  it(
    'at phone width: the check, the cart and the settings fit, and axe finds nothing serious',
    async () => {
      const page = await open(PHONE);
      await page.goto(`/product/${slugOf(BOOK.name)}`);
      await settledOnProduct(page);
      await checkDelivery(page, PATNA);
      expect(await fitsWidth(page)).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);

      // A refusal beside the field.
      const field = checkForm(page).getByRole('textbox', { name: 'Delivery PIN code' });
      expect(await field.getAttribute('inputmode')).toBe('numeric');
      await field.fill('999999');
      await checkForm(page).getByRole('button', { name: 'Check delivery' }).click();
      await checkForm(page)
        .getByText('This PIN code is not in India Post’s directory: please check it')
        .waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await addBookToCart(page);
      await page.goto('/cart');
      await settledOn(page, 'Hello Guest');
      await page.getByTestId('cart-total').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);

      const admin = await open(PHONE);
      await logIn(admin, ADMIN);
      await admin.goto('/dashboard/admin/delivery');
      await settledOn(admin, 'Delivery settings');
      expect(await fitsWidth(admin)).toBe(true);
      expect(await accessibilityViolations(admin)).toEqual([]);
    },
    AUDIT_TIME,
  );
});
