import { msg } from '@lingui/core/macro';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  cartCount,
  DESKTOP,
  newAccount,
  openMenuIfCollapsed,
  PHONE,
  registerViaApi,
  stored,
  useShop,
} from './support/browser';
import { addableAsIs, catalogue, POLL, slugOf } from './support/catalog';
import { DEMO_CATEGORY_HINDI, DEMO_PRODUCT_HINDI } from '../server/src/seed/demo-hindi';
import { APPROVED_CARD } from './support/checkout';
import { graphql, tokenOf } from './support/api';
import { inHindi } from './support/hindi';
import { HINDI_REFUSALS } from '../client/src/locales/hi/refusals';

/** axe reads every element of the page: seconds a screen on a busy machine. */
const AUDIT_TIME = 180_000;

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const main = (page: Page) => page.getByRole('main');
const ADD_TO_CART = inHindi(msg`ADD TO CART`);

/** Signs in through the login form as the Hindi storefront shows it. */
async function logInInHindi(page: Page, account: { email: string; password: string }) {
  await openMenuIfCollapsed(page, { menu: inHindi(msg`Menu`), search: inHindi(msg`Search`) });
  await page
    .getByRole('link', { name: inHindi(msg`Login`), exact: true })
    .first()
    .click();
  await page.getByPlaceholder(inHindi(msg`Enter Your Email`)).fill(account.email);
  await page.getByPlaceholder(inHindi(msg`Enter Your Password`)).fill(account.password);
  await page.getByRole('button', { name: inHindi(msg`LOGIN`) }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The header's Home link in Hindi, the sign that the frame speaks it. */
const hindiHome = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: inHindi(msg`Home`), exact: true });

describe('the storefront in Hindi', () => {
  const open = useShop();

  it(
    'a first visit from a browser set to Hindi opens in Hindi, with nothing serious for axe',
    async () => {
      const page = await open(DESKTOP, 'hi-IN');
      await page.goto('/');
      await main(page).getByRole('button', { name: ADD_TO_CART }).first().waitFor();
      await hindiHome(page).waitFor();
      expect(await htmlLang(page)).toBe('hi');
      expect(await main(page).getByRole('button', { name: 'ADD TO CART' }).count()).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
    },
    AUDIT_TIME,
  );

  it('the choice made in the footer survives a reload and a sign-in, and reaches another device', async () => {
    const account = newAccount('hindi');
    const page = await open(DESKTOP);
    await registerViaApi(page, account);
    await page.goto('/');
    await main(page).getByRole('button', { name: 'ADD TO CART' }).first().waitFor();
    expect(await htmlLang(page)).toBe('en');

    await page.getByRole('contentinfo').getByRole('button', { name: 'हिन्दी' }).click();
    await hindiHome(page).waitFor();
    expect(await htmlLang(page)).toBe('hi');
    expect(await stored(page, 'language')).toBe('hi');

    await page.reload();
    await hindiHome(page).waitFor();
    await main(page).getByRole('button', { name: ADD_TO_CART }).first().waitFor();

    await logInInHindi(page, account);
    await page.getByTestId('user-menu').first().getByText(account.name).waitFor();
    await hindiHome(page).waitFor();
    // Signed in, the account is given the browser's choice.
    const token = await tokenOf(account);
    const accountLanguage = async () =>
      (await graphql<{ me: { language: string | null } }>('{ me { language } }', {}, token)).me
        .language;
    await expect.poll(accountLanguage, POLL).toBe('hi');

    // Back to English on a page loaded on demand: its own words come back in English.
    await page.goto(`/product/${addableAsIs((await catalogue()).products)[0].slug}`);
    const description = main(page).getByRole('heading', { name: inHindi(msg`Description`) });
    await description.waitFor();
    await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
    await main(page).getByRole('heading', { name: 'Description', exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('contentinfo').getByRole('button', { name: 'हिन्दी' }).click();
    await description.waitFor();

    // Another device, its browser in English: signing in brings the account's Hindi.
    const other = await open(DESKTOP, 'en-IN');
    await other.goto('/');
    await main(other).getByRole('button', { name: 'ADD TO CART' }).first().waitFor();
    await openMenuIfCollapsed(other);
    await other.getByRole('link', { name: 'Login', exact: true }).first().click();
    await other.getByPlaceholder('Enter Your Email').fill(account.email);
    await other.getByPlaceholder('Enter Your Password').fill(account.password);
    await other.getByRole('button', { name: 'LOGIN' }).click();
    await hindiHome(other).waitFor();
    expect(await stored(other, 'language')).toBe('hi');
  });

  it("the server's refusal and the form's rules in Hindi: a wrong password, empty fields", async () => {
    const account = newAccount('hindi-refused');
    const page = await open(DESKTOP, 'hi-IN');
    await registerViaApi(page, account);
    await page.goto('/login');
    const login = main(page).getByRole('button', { name: inHindi(msg`LOGIN`) });
    await login.click();
    await main(page).getByText(HINDI_REFUSALS['EMAIL_RULE.required']).waitFor();
    await main(page).getByText(HINDI_REFUSALS['ACCOUNT_RULES.password']).waitFor();
    await page.getByPlaceholder(inHindi(msg`Enter Your Email`)).fill(account.email);
    await page.getByPlaceholder(inHindi(msg`Enter Your Password`)).fill('not-the-password');
    await login.click();
    await main(page)
      .getByRole('alert')
      .getByText(HINDI_REFUSALS['SIGN_IN_RULES.wrongCredentials'])
      .waitFor();
  });

  it(
    'on a phone, the Hindi product page, cart and checkout work, with nothing serious for axe',
    async () => {
      const product = addableAsIs((await catalogue()).products).find((p) => p.quantity >= 10)!;
      const account = newAccount('hindi-phone');
      const page = await open(PHONE, 'hi-IN');
      await registerViaApi(page, account);
      await page.goto('/');
      await expect.poll(() => htmlLang(page), POLL).toBe('hi');
      await logInInHindi(page, account);

      await page.goto(`/product/${product.slug}`);
      await main(page)
        .getByRole('heading', { level: 1, name: product.name, exact: true })
        .waitFor();
      await main(page)
        .getByRole('navigation', { name: inHindi(msg`Breadcrumb`) })
        .waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await main(page).getByRole('button', { name: ADD_TO_CART }).first().click();
      await expect.poll(() => cartCount(page), POLL).toBe(1);

      await page.goto('/cart');
      const pay = main(page).getByRole('radiogroup', { name: inHindi(msg`Choose how to pay`) });
      await pay.waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await pay.getByRole('radio', { name: new RegExp(`^${inHindi(msg`Card`)}`) }).check();
      await page.getByLabel(inHindi(msg`Card number`)).fill(APPROVED_CARD);
      await page.getByLabel(inHindi(msg`Expiry (MM/YY)`)).fill('12/30');
      await page.getByLabel(inHindi(msg`CVV`)).fill('123');
      // The button pays the total the server quoted, shipping included.
      const total = main(page).getByTestId('cart-total');
      await total.waitFor();
      const totalText = await total.innerText();
      const amount = totalText.slice(totalText.indexOf('₹')).trim();
      expect(amount).toMatch(/^₹[\d,]+\.\d\d$/);
      await main(page)
        .getByRole('button', { name: inHindi(msg`Pay ${amount}`) })
        .click();
      await page.waitForURL('**/order-confirmed/*');
      await main(page)
        .getByRole('heading', { name: inHindi(msg`Thank you, your order is placed`) })
        .waitFor();
    },
    AUDIT_TIME,
  );

  it("the shop's own Hindi from a Hindi link (?lang=hi): the kurta's name and description, its category's name", async () => {
    const kurta = 'Cotton Kurta Set for Men';
    const hindi = DEMO_PRODUCT_HINDI[kurta];
    // A browser in English, opening a link a Hindi search result or sitemap gives.
    const page = await open(PHONE, 'en-IN');
    await page.goto(`/product/${slugOf(kurta)}?lang=hi`);
    await main(page).getByRole('heading', { level: 1, name: hindi.nameHi, exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('hi');
    expect(await page.title()).toContain(hindi.nameHi);
    expect(await main(page).getByTestId('product-description').innerText()).toBe(
      hindi.descriptionHi,
    );
    const breadcrumb = main(page).getByRole('navigation', { name: inHindi(msg`Breadcrumb`) });
    await breadcrumb.getByRole('link', { name: DEMO_CATEGORY_HINDI.Fashion }).waitFor();
    // A search in Devanagari finds it.
    await page.goto(`/search?q=${encodeURIComponent('सूती कुर्ता')}&lang=hi`);
    await main(page).getByText(hindi.nameHi).first().waitFor();
  });
});
