import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, tokenOf } from './support/api';
import {
  accessibilityViolations,
  ADMIN,
  logIn,
  newAccount,
  PHONE,
  registerViaApi,
  settledOn,
  toast,
  useShop,
  settledOnProduct,
} from './support/browser';
import { inr, rupees } from './support/catalog';
import { APPROVED_CARD, chooseCard, confirmedOrder } from './support/checkout';

/** Names and codes made by this file carry this tag, so that they are unique and can be cleaned up. */
const TAG = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** A code asking for more goods than the cart holds, and one that applies: ₹100 off. */
const BIG = `BIG${TAG}`;
const SAVE = `SAVE${TAG}`;
const SAVES = 100;
const PRICE = 1299;

/** axe reads every element of a screen, seconds each on a busy machine. */
const AUDIT_TIME = 180_000;

const main = (page: Page) => page.getByRole('main');
const couponField = (page: Page) =>
  main(page).getByRole('textbox', { name: 'Have a coupon code?' });

/** A coupon made by the admin through the API, as the admin's coupon screen makes one. */
async function newCoupon(token: string, input: Record<string, unknown>): Promise<void> {
  await graphql(
    'mutation C($input: CouponInput!) { createCoupon(input: $input) { code } }',
    { input: { kind: 'AMOUNT', totalUses: 10, ...input } },
    token,
  );
}

/** A product of this file's own, with stock for every journey of it. */
async function newProduct(token: string): Promise<{ slug: string }> {
  const { categories } = await graphql<{ categories: { id: string }[] }>('{ categories { id } }');
  const { createProduct } = await graphql<{ createProduct: { slug: string } }>(
    'mutation P($input: ProductInput!) { createProduct(input: $input) { slug } }',
    {
      input: {
        name: `Copper Water Bottle ${TAG}`,
        description: 'A copper bottle that keeps water cool.',
        price: PRICE,
        quantity: 20,
        category: categories[0].id,
        shipping: true,
      },
    },
    token,
  );
  return createProduct;
}

/** A new shopper, signed in, with the product in the cart, on the cart page. */
async function shopperWithCart(page: Page, slug: string): Promise<void> {
  const account = newAccount('offers');
  await registerViaApi(page, account);
  await logIn(page, account);
  await page.goto(`/product/${slug}`);
  await settledOnProduct(page);
  await main(page).getByRole('button', { name: 'ADD TO CART' }).first().click();
  await toast(page, 'Item added to cart');
  await page.goto('/cart');
  await settledOn(page, 'Cart Summary');
  await page.getByTestId('cart-total').waitFor();
}

async function applyCoupon(page: Page, code: string): Promise<void> {
  await couponField(page).fill(code.toLowerCase());
  await main(page).getByRole('button', { name: 'Apply' }).click();
}

/** The amount a Pay button or a total shows: 'Pay ₹1,199.00' -> 1199. */
const amountIn = (text: string | null) => rupees((text ?? '').replace(/^[^₹]*/, ''));

describe('Offers: a coupon code in the cart, on the order', () => {
  const open = useShop();
  let slug = '';

  beforeAll(async () => {
    const token = await tokenOf(ADMIN);
    await newCoupon(token, { code: BIG, value: 200, minCartValue: 100_000 });
    await newCoupon(token, { code: SAVE, value: SAVES, usesPerShopper: 1 });
    ({ slug } = await newProduct(token));
  });

  afterAll(async () => {
    const token = await tokenOf(ADMIN);
    // A coupon used by an order stays on record, paused; one never used goes.
    await graphql('mutation D($code: String!) { deleteCoupon(code: $code) }', { code: BIG }, token);
    await graphql(
      'mutation U($code: String!) { updateCoupon(code: $code, input: { active: false }) { code } }',
      { code: SAVE },
      token,
    );
  });

  it(
    'a code refused with its reason, then one that applies: the discount in the cart, on the confirmation and on the order page',
    async () => {
      const page = await open();
      await shopperWithCart(page, slug);
      const before = amountIn(await page.getByTestId('cart-total').textContent());

      await applyCoupon(page, BIG);
      const reason = page.getByTestId('coupon-error');
      await expect.poll(() => reason.textContent()).toMatch(new RegExp(`more to use ${BIG}$`));
      expect(await couponField(page).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByTestId('discount').count()).toBe(0);
      expect(amountIn(await page.getByTestId('cart-total').textContent())).toBe(before);
      expect(await accessibilityViolations(page), 'the cart with a code refused').toEqual([]);

      await applyCoupon(page, SAVE);
      const discount = page.getByTestId('discount').filter({ hasText: SAVE });
      await discount.waitFor();
      expect(await discount.textContent()).toBe(`${SAVE}−${inr(SAVES)}`);
      await expect.poll(() => reason.count()).toBe(0);
      expect(await page.getByTestId('coupon-applied').textContent()).toBe(`${SAVE} applied`);
      expect(await page.getByTestId('line-saving').textContent()).toBe(`You save ${inr(SAVES)}`);
      // Shipping is the server's to work out (free above its threshold): the total drops by at
      // least the code's saving.
      const total = amountIn(await page.getByTestId('cart-total').textContent());
      expect(total).toBeLessThanOrEqual(before - SAVES);
      expect(await accessibilityViolations(page), 'the cart with a code applied').toEqual([]);
      // Kept with the cart: a reload shows it applied still.
      await page.reload();
      await discount.waitFor();

      await chooseCard(page);
      await page.getByLabel('Card number').fill(APPROVED_CARD);
      await page.getByLabel('Expiry (MM/YY)').fill('12/30');
      await page.getByLabel('CVV').fill('123');
      await main(page)
        .getByRole('button', { name: `Pay ${inr(total)}` })
        .click();
      const number = await confirmedOrder(page);
      const confirmed = main(page).getByTestId('discount').filter({ hasText: SAVE });
      expect(await confirmed.textContent()).toBe(`${SAVE}−${inr(SAVES)}`);
      expect(amountIn(await page.getByTestId('order-total').textContent())).toBe(total);
      expect(await page.getByTestId('line-saving').textContent()).toBe(`You save ${inr(SAVES)}`);

      await main(page).getByRole('link', { name: 'View your order' }).click();
      await settledOn(page, `Order ${number}`);
      expect(await main(page).getByTestId('discount').filter({ hasText: SAVE }).textContent()).toBe(
        `${SAVE}−${inr(SAVES)}`,
      );
      expect(amountIn(await page.getByTestId('order-total').textContent())).toBe(total);

      // The order used the code: an emptied cart keeps no code.
      await page.goto('/cart');
      await settledOn(page, /Hello/);
      expect(await page.evaluate(() => localStorage.getItem('coupon'))).toBeNull();
    },
    AUDIT_TIME,
  );

  it(
    'at phone width, a banner’s link applies its code on arrival; the cart stays clean for axe with a code refused and applied',
    async () => {
      const page = await open(PHONE);
      await shopperWithCart(page, slug);

      await page.goto(`/cart?coupon=${BIG}`);
      await settledOn(page, 'Cart Summary');
      await page.getByTestId('coupon-error').waitFor();
      expect(new URL(page.url()).search).toBe('');
      expect(await couponField(page).inputValue()).toBe(BIG);
      expect(await accessibilityViolations(page), 'the phone cart with a code refused').toEqual([]);

      await applyCoupon(page, SAVE);
      await page.getByTestId('discount').filter({ hasText: SAVE }).waitFor();
      expect(await accessibilityViolations(page), 'the phone cart with a code applied').toEqual([]);
      // Nothing wider than the phone: the field and its buttons fit.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await main(page)
        .getByRole('button', { name: `Remove coupon ${SAVE}` })
        .click();
      await expect.poll(() => page.getByTestId('discount').count()).toBe(0);
      expect(await couponField(page).inputValue()).toBe('');
    },
    AUDIT_TIME,
  );
});
