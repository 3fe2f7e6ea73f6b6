import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, tokenOf } from './support/api';
import {
  accessibilityViolations,
  ADMIN,
  DESKTOP,
  logIn,
  PHONE,
  settledOn,
  tabTo,
  toast,
  useShop,
} from './support/browser';
import { POLL } from './support/catalog';

/** axe reads every element of a screen, seconds each on a busy machine. */
const AUDIT_TIME = 180_000;

interface Banner {
  id: string;
  title: string;
  text: string;
  buttonLabel: string;
  background: string;
  textColour: string;
  shown: boolean;
  link: {
    kind: string;
    category: string | null;
    search: string | null;
    productIds: string[];
    coupon: string | null;
  };
}
const BANNERS = `{ allHomeBanners { id title text buttonLabel background textColour shown
  link { kind category search productIds coupon } } }`;
const UPDATE = `mutation U($input: HomeBannersInput!) { updateHomeBanners(input: $input) { id } }`;

let adminToken: string;
let before: Banner[];

/** The banners as they were, sent back as the admin's form sends them. */
const restore = () =>
  graphql(
    UPDATE,
    {
      input: {
        banners: before.map(({ link, ...banner }) => ({
          ...banner,
          link: Object.fromEntries(
            Object.entries(link).filter(([, value]) => value !== null && value?.length !== 0),
          ),
        })),
      },
    },
    adminToken,
  );

describe('campaigns: the home banners lead somewhere, the admin edits them, the deals', () => {
  const open = useShop();

  beforeAll(async () => {
    adminToken = await tokenOf(ADMIN);
    before = (await graphql<{ allHomeBanners: Banner[] }>(BANNERS, {}, adminToken)).allHomeBanners;
  });
  // Other journeys of this shop see the demo's banners.
  afterAll(async () => {
    await restore();
  });

  it('the shopper follows the sale banner by keyboard to its products', async () => {
    const page = await open(DESKTOP);
    await page.goto('/');
    const offers = page.getByRole('region', { name: 'Offers' });
    const sale = offers
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Festive Sale' }) });
    const button = sale.getByRole('link', { name: 'Shop now' });
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/category/electronics');
    await settledOn(page, 'Electronics');
    await expect.poll(() => page.getByTestId('product-card').count(), POLL).toBeGreaterThan(0);
  });

  it(
    'the admin adds a banner of chosen products; the home page shows it and it leads to them',
    async () => {
      const admin = await open(DESKTOP);
      await logIn(admin, ADMIN);
      await admin.goto('/dashboard/admin');
      await admin
        .getByRole('navigation', { name: 'Admin Panel' })
        .getByRole('link', { name: 'Banners' })
        .click();
      await settledOn(admin, 'Home banners');
      expect(await accessibilityViolations(admin)).toEqual([]);

      const form = admin.getByRole('form', { name: 'Home banners' });
      await form.getByRole('button', { name: 'Add a banner' }).click();
      const added = form.getByRole('group', { name: /: …$/ }).last();
      await added.getByRole('textbox', { name: 'Title', exact: true }).fill('Monsoon picks');
      const banner = form.getByRole('group', { name: /Monsoon picks$/ });
      await banner.getByRole('textbox', { name: 'Text', exact: true }).fill('Chosen for the rains');
      await banner.getByRole('textbox', { name: 'Button label' }).fill('See the picks');
      await banner.getByRole('combobox', { name: 'The button leads to' }).selectOption('PRODUCTS');
      const picker = banner.getByLabel('Products', { exact: true });
      await picker.fill('boat');
      await admin.getByRole('option', { name: /boAt Rockerz/ }).click();
      await form.getByRole('button', { name: 'Save banners' }).click();
      await toast(admin, 'Home banners saved');

      await admin.goto('/');
      const offers = admin.getByRole('region', { name: 'Offers' });
      const shown = offers
        .getByRole('listitem')
        .filter({ has: admin.getByRole('heading', { name: 'Monsoon picks' }) });
      await shown.getByText('Chosen for the rains').waitFor();
      await shown.getByRole('link', { name: 'See the picks' }).click();
      await admin.waitForURL('**/collection/*');
      await settledOn(admin, 'Monsoon picks');
      const cards = admin.getByTestId('product-card');
      await expect.poll(() => cards.count(), POLL).toBe(1);
      expect(await cards.first().textContent()).toContain('boAt Rockerz 450');
      expect(await accessibilityViolations(admin)).toEqual([]);
    },
    AUDIT_TIME,
  );

  it(
    'the deals list only products below their MRP, the biggest discount first',
    async () => {
      const page = await open(DESKTOP);
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Deals' }).click();
      await page.waitForURL('**/deals');
      await settledOn(page, 'Deals');
      const cards = page.getByTestId('product-card');
      await expect.poll(() => cards.count(), POLL).toBeGreaterThan(0);
      // Every card shows its MRP struck through, the first the biggest share off.
      const offs = await cards.evaluateAll((all) =>
        all.map((card) => Number(/(\d+)% off/.exec(card.textContent ?? '')?.[1] ?? 0)),
      );
      expect(offs.every((off) => off > 0)).toBe(true);
      expect([...offs].sort((a, b) => b - a)).toEqual(offs);
      expect(await accessibilityViolations(page)).toEqual([]);
    },
    AUDIT_TIME,
  );

  it(
    'on a phone: the banners take one short row above the products; home, deals and the Banners page pass axe',
    async () => {
      const page = await open(PHONE);
      await page.goto('/');
      const offers = page.getByRole('region', { name: 'Offers' });
      await offers.getByRole('heading', { name: 'Festive Sale' }).waitFor();
      await page.getByTestId('product-card').first().waitFor();
      const row = (await offers.boundingBox())!;
      expect(row.height).toBeLessThan(220);
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.goto('/deals');
      await settledOn(page, 'Deals');
      await page.getByTestId('product-card').first().waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await logIn(page, ADMIN);
      await page.goto('/dashboard/admin/banners');
      await settledOn(page, 'Home banners');
      expect(await accessibilityViolations(page)).toEqual([]);
    },
    AUDIT_TIME,
  );
});
