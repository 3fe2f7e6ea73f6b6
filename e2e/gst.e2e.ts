import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, placeOrderViaApi, tokenOf } from './support/api';
import {
  accessibilityViolations,
  ADMIN,
  DESKTOP,
  logIn,
  PHONE,
  SHOPPER,
  settledOn,
  toast,
  useShop,
} from './support/browser';
import { addableAsIs, catalogue, POLL } from './support/catalog';

/** axe reads every element of a screen, seconds each on a busy machine. */
const AUDIT_TIME = 180_000;

const SETTINGS = `{ taxSettings { invoicePrefix } }`;
const UPDATE = `mutation U($input: TaxSettingsInput!) { updateTaxSettings(input: $input) { invoicePrefix } }`;
const PRODUCT = `query P($slug: String!) { product(slug: $slug) { id hsn taxClass } }`;
const RESTORE = `mutation R($id: ID!, $input: ProductChangesInput!) { updateProduct(id: $id, input: $input) { id } }`;

/** Clicks `button` and answers the bytes of the file the browser downloads, and its name. */
async function downloaded(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

describe('GST: the shopper downloads the tax invoice; the admin sets the tax up and exports the month', () => {
  const open = useShop();
  let adminToken: string;
  let prefix: string;

  beforeAll(async () => {
    adminToken = await tokenOf(ADMIN);
    prefix = (await graphql<{ taxSettings: { invoicePrefix: string } }>(SETTINGS, {}, adminToken))
      .taxSettings.invoicePrefix;
  });
  afterAll(async () => {
    await graphql(UPDATE, { input: { invoicePrefix: prefix } }, adminToken);
  });

  it(
    'a paid order shows the GST it includes, and its invoice downloads as a PDF',
    async () => {
      const [product] = addableAsIs((await catalogue()).products);
      const placed = await placeOrderViaApi(
        await tokenOf(SHOPPER),
        [
          {
            productId: (await graphql<{ product: { id: string } }>(PRODUCT, { slug: product.slug }))
              .product.id,
            quantity: 1,
          },
        ],
        randomUUID(),
      );
      const page = await open(PHONE);
      await logIn(page, SHOPPER);
      await page.goto(`/dashboard/user/orders/${placed.number}`);
      await settledOn(page, `Order ${placed.number}`);
      await expect
        .poll(() => page.getByTestId('tax-included').textContent(), POLL)
        .toMatch(/^Inclusive of GST ₹/);
      const documents = page.getByTestId('tax-documents');
      await documents.getByText(/^Tax invoice BZ\/\d{4}\/\d{5}/).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      const pdf = await downloaded(
        page,
        documents.getByRole('button', { name: /^Download PDF of tax invoice/ }),
      );
      expect(pdf.name).toMatch(/^BZ-\d{4}-\d{5}\.pdf$/);
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    },
    AUDIT_TIME,
  );

  it(
    'the admin changes the invoice prefix, gives a product its HSN code and class, and downloads the month’s B2C table',
    async () => {
      const admin = await open(DESKTOP);
      await logIn(admin, ADMIN);
      await admin.goto('/dashboard/admin');
      await admin
        .getByRole('navigation', { name: 'Admin Panel' })
        .getByRole('link', { name: 'Tax (GST)' })
        .click();
      await settledOn(admin, 'Tax (GST)');
      expect(await accessibilityViolations(admin)).toEqual([]);
      const form = admin.getByRole('form', { name: 'Tax (GST)' });
      await form.getByRole('textbox', { name: /^Invoice prefix/ }).fill('JPR');
      await form.getByRole('button', { name: 'Save tax settings' }).click();
      await toast(admin, 'Tax settings saved');
      expect(
        (await graphql<{ taxSettings: { invoicePrefix: string } }>(SETTINGS, {}, adminToken))
          .taxSettings.invoicePrefix,
      ).toBe('JPR');

      const b2cs = await downloaded(
        admin,
        admin.getByRole('button', { name: 'B2C small, by state and rate (7)' }),
      );
      const [header, ...rows] = parse(b2cs.bytes.toString('utf8'), { bom: true }) as string[][];
      expect(header).toEqual(
        expect.arrayContaining(['Type', 'Place Of Supply', 'Rate', 'Taxable Value']),
      );
      expect(rows.length).toBeGreaterThan(0);

      const [product] = addableAsIs((await catalogue()).products);
      const before = (
        await graphql<{ product: { id: string; hsn: string | null; taxClass: string | null } }>(
          PRODUCT,
          { slug: product.slug },
        )
      ).product;
      try {
        await admin.goto(`/dashboard/admin/product/${product.slug}`);
        await settledOn(admin, 'Update Product');
        await admin.getByRole('textbox', { name: /^HSN code/ }).fill('85183000');
        await admin.getByPlaceholder('Shop default', { exact: true }).click();
        // A class other than the product's own: the demo's depend on its category.
        const [code, label] =
          before.taxClass === 'reduced'
            ? ['standard', 'Standard rate (18%)']
            : ['reduced', 'Reduced rate (5%)'];
        await admin.getByRole('option', { name: label }).click();
        await admin.getByRole('button', { name: 'UPDATE PRODUCT' }).click();
        await toast(admin, 'Product updated successfully');
        const after = (
          await graphql<{ product: { hsn: string; taxClass: string } }>(PRODUCT, {
            slug: product.slug,
          })
        ).product;
        expect(after).toMatchObject({ hsn: '85183000', taxClass: code });
      } finally {
        await graphql(
          RESTORE,
          { id: before.id, input: { hsn: before.hsn ?? '', taxClass: before.taxClass ?? '' } },
          adminToken,
        );
      }
    },
    AUDIT_TIME,
  );
});
