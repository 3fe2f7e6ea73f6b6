import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { graphql, tokenOf } from './support/api';
import {
  accessibilityViolations,
  ADMIN,
  baseUrl,
  DESKTOP,
  logIn,
  PHONE,
  settledOn,
  tabTo,
  toast,
  useShop,
} from './support/browser';
import { POLL } from './support/catalog';

/** axe reads every element of each screen, seconds each on a busy machine. */
const JOURNEY_TIME = 300_000;

const OFFER_FIELDS =
  'id name kind category minQuantity percent minCartValue startsAt endsAt active';

interface StoredOffer {
  id: string;
  name: string;
  kind: string;
  category: string | null;
  minQuantity: number;
  percent: number;
  minCartValue: number;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
}

const main = (page: Page) => page.getByRole('main');

/** Whether the page is wider than the screen: something would have to be scrolled sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await accessibilityViolations(page), screen).toEqual([]);
  expect(await scrollsSideways(page), `${screen} scrolls sideways`).toBe(false);
}

/** The shop's automatic offers now, to put back as they were: other journeys buy meanwhile. */
async function offersNow(token: string): Promise<StoredOffer[]> {
  const { automaticOffers } = await graphql<{ automaticOffers: StoredOffer[] }>(
    `{ automaticOffers { ${OFFER_FIELDS} } }`,
    {},
    token,
  );
  return automaticOffers;
}

async function putOffersBack(offers: StoredOffer[], token: string): Promise<void> {
  await graphql(
    'mutation O($offers: [AutomaticOfferInput!]!) { updateAutomaticOffers(offers: $offers) { id } }',
    { offers },
    token,
  );
}

describe('coupons and automatic offers (admin)', () => {
  const open = useShop();

  it(
    'the admin makes a coupon, first refused beside its field, then an automatic offer, and sees both listed',
    async () => {
      const token = await tokenOf(ADMIN);
      const offersBefore = await offersNow(token);
      const code = `E2E${Date.now().toString(36).toUpperCase()}`;
      const page = await open(DESKTOP);
      try {
        await logIn(page, ADMIN);
        await page.goto('/dashboard/admin');
        await page
          .getByRole('navigation', { name: 'Admin Panel' })
          .getByRole('link', { name: 'Coupons' })
          .click();
        await settledOn(page, 'Coupons');
        // The demo shop's coupons.
        await main(page).getByText('FIRST100', { exact: true }).waitFor();
        await expectAccessible(page, 'the coupons list');

        // With the keyboard: a new coupon whose code another coupon has, in another case.
        await tabTo(page, main(page).getByRole('button', { name: 'New coupon' }));
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'New coupon' });
        const codeBox = dialog.getByRole('textbox', { name: 'Code' });
        await tabTo(page, codeBox);
        await page.keyboard.type('first100');
        await tabTo(page, dialog.getByRole('textbox', { name: 'Percent' }));
        await page.keyboard.type('15');
        await tabTo(page, dialog.getByRole('textbox', { name: 'Maximum discount (₹)' }));
        await page.keyboard.type('200');
        await tabTo(page, dialog.getByRole('textbox', { name: 'Minimum cart value (₹)' }));
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type('500');
        await dialog.getByLabel('Ends after').fill('2030-12-31');
        await tabTo(page, dialog.getByRole('textbox', { name: 'Uses per shopper' }));
        await page.keyboard.type('2');
        await tabTo(page, dialog.getByRole('button', { name: 'Save coupon' }));
        await page.keyboard.press('Enter');
        await expect
          .poll(
            () => codeBox.evaluate((input) => input.getAttribute('aria-describedby') ?? ''),
            POLL,
          )
          .toMatch(/error/);
        await dialog.getByText('another coupon has this code').waitFor();
        await expectAccessible(page, 'the coupon form with a refusal');

        // Fixed, and saved from the keyboard.
        await tabTo(page, codeBox);
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(code.toLowerCase());
        await page.keyboard.press('Enter');
        await toast(page, `Coupon ${code} created`);
        await dialog.waitFor({ state: 'detached' });
        const row = main(page).getByRole('row').filter({ hasText: code });
        await row.waitFor();
        expect(await row.getByRole('cell').allInnerTexts()).toEqual([
          code,
          '15% off up to ₹200.00 on ₹500.00 or more',
          '0 / any',
          'Until 31 Dec 2030',
          'Yes',
          expect.stringContaining('Edit'),
        ]);

        // An automatic offer, paused so that no other journey's cart gets it.
        await page
          .getByRole('navigation', { name: 'Admin Panel' })
          .getByRole('link', { name: 'Offers' })
          .click();
        await settledOn(page, 'Automatic offers');
        const form = main(page).getByRole('form', { name: 'Automatic offers' });
        await form.getByRole('group').first().waitFor();
        const before = await form.getByRole('group').count();
        await expectAccessible(page, 'the offers page');
        await tabTo(page, form.getByRole('button', { name: 'Add offer' }));
        await page.keyboard.press('Enter');
        const added = form.getByRole('group', { name: new RegExp(`^Offer ${before + 1}`) });
        await added
          .getByRole('textbox', { name: 'Name shoppers read' })
          .fill(`Free over 1999 ${code}`);
        await added.getByRole('combobox', { name: 'Kind' }).selectOption('SHIPPING');
        await added.getByRole('textbox', { name: 'Free from a cart of (₹)' }).fill('1999');
        await added.getByRole('checkbox', { name: 'Active' }).uncheck();
        await tabTo(page, form.getByRole('button', { name: 'Save offers' }));
        await page.keyboard.press('Enter');
        await toast(page, 'Offers saved');

        // Listed after a reload: the server has it.
        await page.reload();
        await settledOn(page, 'Automatic offers');
        const saved = form.getByRole('group', {
          name: `Offer ${before + 1}: Free over 1999 ${code}`,
        });
        await saved.waitFor();
        expect(
          await saved.getByRole('textbox', { name: 'Free from a cart of (₹)' }).inputValue(),
        ).toBe('1999');
        expect(await saved.getByRole('checkbox', { name: 'Active' }).isChecked()).toBe(false);
        await expectAccessible(page, 'the offers page with the new offer');

        // Both pages on a phone.
        const phone = await open(PHONE);
        await logIn(phone, ADMIN);
        for (const [path, heading] of [
          ['/dashboard/admin/coupons', 'Coupons'],
          ['/dashboard/admin/offers', 'Automatic offers'],
        ]) {
          await phone.goto(path);
          await settledOn(phone, heading);
          await expectAccessible(phone, `${heading} on a phone`);
        }
      } finally {
        await putOffersBack(offersBefore, token);
        await fetch(`${baseUrl()}/api/v1/coupons/${code}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        });
      }
    },
    JOURNEY_TIME,
  );
});
