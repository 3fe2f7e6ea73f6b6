import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADDRESS_RULES } from '../server/src/shared/rules';
import { graphql } from './support/api';
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
import { POLL, productNamed, slugOf } from './support/catalog';
import { APPROVED_CARD, confirmedOrder, payWith } from './support/checkout';

/** Sold in sizes; no other journey buys it. */
const ANARKALI = productNamed('Chikankari Embroidered Anarkali Kurta for Women');

/** Rupees, size M's price in the demo catalogue. */
const MEDIUM_PRICE = ANARKALI.variants!.find((variant) => variant.values.join() === 'M')!.price;

/** axe reads three screens on a phone and two more for the admin: more than a minute. */
const JOURNEY_TIME = 240_000;

const main = (page: Page) => page.getByRole('main');
const addressForm = (page: Page, name: string) => main(page).getByRole('form', { name });

/** Chooses an option of a Mantine select: the field, then the option. */
async function pick(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** No serious or critical WCAG A/AA violation on the screen as it is now. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await accessibilityViolations(page), screen).toEqual([]);
}

/** The SKU of the Anarkali kurta in size M, as the shop has it. */
async function skuOfMedium(): Promise<string> {
  const { product } = await graphql<{ product: { variants: { sku: string; values: string[] }[] } }>(
    'query V($slug: String!) { product(slug: $slug) { variants { sku values } } }',
    { slug: slugOf(ANARKALI.name) },
  );
  return product.variants.find((variant) => variant.values.join() === 'M')!.sku;
}

describe('the address book', () => {
  const open = useShop();

  it(
    'a shopper saves an address whose PIN fills the city and state, checks out to it, and the admin packs it',
    async () => {
      const shopper = newAccount('addresses');
      const page = await open(PHONE);
      await registerViaApi(page, shopper);
      await logIn(page, shopper);

      // The address book, empty, on a phone.
      await page.goto('/dashboard/user/addresses');
      await settledOn(page, 'Addresses');
      await main(page).getByText('No saved addresses yet.').waitFor();
      await expectAccessible(page, 'address book, empty');

      await main(page).getByRole('button', { name: 'Add an address' }).click();
      const form = addressForm(page, 'New address');
      await form.getByLabel('PIN code').fill('560001');
      // The PIN fills the city and the state.
      const city = form.getByLabel('Town or city');
      const state = form.getByRole('combobox', { name: /^State or union territory/ });
      await expect.poll(() => city.inputValue(), POLL).toBe('Bengaluru');
      await expect.poll(() => state.inputValue(), POLL).toBe('Karnataka');
      await form.getByLabel('Full name').fill(shopper.name);
      await form.getByLabel('Mobile number').fill('98765');
      await form.getByLabel('House, building, street').fill('12 MG Road');
      await form.getByLabel('Landmark').fill('Near Cubbon Park');
      await form.getByRole('button', { name: 'Save address' }).click();
      // A mobile that is not one is named beside its field.
      await form.getByText(ADDRESS_RULES.mobile).waitFor();
      await form.getByLabel('Mobile number').fill('+91 98450-12345');
      // A state the PIN is not in: the server's refusal, beside the PIN.
      await pick(page, state, 'Maharashtra');
      await form.getByRole('button', { name: 'Save address' }).click();
      await form.getByText('PIN code 560001 is in Karnataka, not in Maharashtra').waitFor();
      expect(await form.getByLabel('PIN code').getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, 'address form with its errors');
      await pick(page, state, 'Karnataka');
      await form.getByRole('button', { name: 'Save address' }).click();
      await toast(page, 'Address added');
      const saved = main(page).getByTestId('saved-address');
      await expect.poll(() => saved.count(), POLL).toBe(1);
      const card = await saved.innerText();
      expect(card).toContain('Bengaluru, Karnataka 560001');
      expect(card).toContain('Mobile: +91 98450 12345');
      // Its badge (written in capitals by its style).
      await saved.getByText('Default', { exact: true }).waitFor();
      await expectAccessible(page, 'address book');

      // The cart: the saved address is chosen; another is added inline, then the first chosen again.
      await page.goto(`/product/${slugOf(ANARKALI.name)}`);
      await settledOnProduct(page);
      await main(page)
        .getByRole('radiogroup', { name: /^Size/ })
        .locator('label')
        .filter({ hasText: /^M$/ })
        .click();
      await main(page).getByRole('button', { name: 'ADD TO CART' }).click();
      await toast(page, 'Item added to cart');
      await page.goto('/cart');
      const step = main(page).getByTestId('delivery-step');
      const home = step.getByRole('radio', { name: /12 MG Road/ });
      await home.waitFor();
      expect(await home.isChecked()).toBe(true);
      await step.getByRole('button', { name: 'Add a new address' }).click();
      const inline = addressForm(page, 'New delivery address');
      await inline.getByLabel('PIN code').fill('400020');
      await expect.poll(() => inline.getByLabel('Town or city').inputValue(), POLL).toBe('Mumbai');
      await inline.getByLabel('Full name').fill('Meera Iyer');
      await inline.getByLabel('Mobile number').fill('09820012345');
      await inline.getByLabel('House, building, street').fill('42 Marine Drive');
      await inline.getByRole('button', { name: 'Save and deliver here' }).click();
      const parents = step.getByRole('radio', { name: /Meera Iyer/ });
      await expect.poll(() => parents.isChecked(), POLL).toBe(true);
      await expectAccessible(page, 'checkout, the delivery address');
      await step.locator('label').filter({ hasText: '12 MG Road' }).click();
      expect(await home.isChecked()).toBe(true);
      await payWith(page, APPROVED_CARD, MEDIUM_PRICE);
      const number = await confirmedOrder(page);

      // The admin's orders: whom and where to deliver, and the packing slip.
      const admin = await open();
      await logIn(admin, ADMIN);
      await admin.goto(`/dashboard/admin/orders?buyer=${encodeURIComponent(shopper.email)}`);
      await settledOn(admin, 'All Orders');
      const delivery = main(admin).getByTestId('order-delivery');
      await expect.poll(() => delivery.count(), POLL).toBe(1);
      const shown = await delivery.innerText();
      for (const text of [
        shopper.name,
        'Mobile: +91 98450 12345',
        '12 MG Road',
        'Near Cubbon Park',
        'Bengaluru, Karnataka 560001',
      ]) {
        expect(shown).toContain(text);
      }
      await delivery.getByRole('link', { name: `Packing slip of order ${number}` }).click();
      await admin.waitForURL('**/packing-slip');
      await settledOn(admin, 'Bazaar: Packing slip');
      const slip = await main(admin).getByTestId('packing-slip').innerText();
      expect(slip).toContain(number);
      expect(slip).toContain(ANARKALI.name);
      expect(slip).toContain(await skuOfMedium());
      expect(slip).toContain('Size: M');
      expect(slip).toContain('Bengaluru, Karnataka 560001');
      expect(slip).toContain('Mobile: +91 98450 12345');
      expect(slip).not.toContain('Marine Drive');
      await expectAccessible(admin, 'packing slip');
      // Printed, the slip alone: its buttons stay on screen.
      const print = main(admin).getByRole('button', { name: 'Print' });
      expect(await print.isVisible()).toBe(true);
      await admin.emulateMedia({ media: 'print' });
      expect(await print.isVisible()).toBe(false);
      expect(await main(admin).getByTestId('packing-slip').isVisible()).toBe(true);
    },
    JOURNEY_TIME,
  );
});
