import { createHash } from 'node:crypto';
import type { Dialog, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { renderProductImage } from '../server/src/seed/product-image';
import { graphql, placeOrderViaApi, tokenOf } from './support/api';
import {
  ADMIN,
  logIn,
  newAccount,
  registerViaApi,
  searchFor,
  SHOPPER,
  stored,
  toast,
  useShop,
  settledOnProduct,
  productPagePrice,
} from './support/browser';
import { inr, POLL, productNamed, slugOf } from './support/catalog';

/** Names made by this file carry this tag, so that they are unique and can be cleaned up. */
const TAG = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A real PNG picture (800 x 600), well under the 1 MB limit. */
const PHOTO = {
  name: 'lamp.png',
  mimeType: 'image/png',
  buffer: await renderProductImage({ name: 'Lamp' }),
};

/** A PNG signature followed by padding: over 1 MB, so the form must refuse it before upload. */
const HUGE_PHOTO = {
  name: 'huge.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([PHOTO.buffer, Buffer.alloc(1024 * 1024 + 1 - PHOTO.buffer.length)]),
};

/** The product the shopper orders in the status journey (plenty of stock). */
const PRODUCT_FOR_ORDER = productNamed('Nivia Storm Football Size 5').name;

const pathOf = (page: Page) => new URL(page.url()).pathname;

interface ApiProduct {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

const productBySlug = async (slug: string): Promise<ApiProduct | null> =>
  (
    await graphql<{ product: ApiProduct | null }>(
      'query P($slug: String!) { product(slug: $slug) { id name price quantity } }',
      { slug },
    )
  ).product;

/** Whatever this file created and did not delete, e.g. after a failure midway. */
async function cleanUp(): Promise<void> {
  const token = await tokenOf(ADMIN);
  const { products } = await graphql<{ products: { items: ApiProduct[] } }>(
    'query S($search: String) { products(search: $search, pageSize: 50) { items { id name } } }',
    { search: TAG },
  );
  for (const product of products.items) {
    await graphql(
      'mutation D($id: ID!) { deleteProduct(id: $id) { id } }',
      { id: product.id },
      token,
    );
  }
  const { categories } = await graphql<{ categories: { id: string; name: string }[] }>(
    '{ categories { id name } }',
  );
  for (const category of categories.filter(({ name }) => name.includes(TAG))) {
    await graphql(
      'mutation D($id: ID!) { deleteCategory(id: $id) { id } }',
      { id: category.id },
      token,
    );
  }
}

/** The row of the categories table whose Name cell is exactly `name`. */
const categoryRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

async function goToAdminPage(page: Page, link: string, heading: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin Panel' })
    .getByRole('link', { name: link })
    .click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

/** Picks a value in a Mantine select found by its placeholder. */
async function choose(page: Page, placeholder: string, option: string, typed?: string) {
  const input = page.getByPlaceholder(placeholder, { exact: true });
  await input.click();
  if (typed !== undefined) await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => input.inputValue(), POLL).toBe(option);
}

async function pickPhoto(page: Page, photo: typeof PHOTO): Promise<string | null> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: /^(Upload a photo \(under 1 MB\)|.+\.png)$/ }).click(),
  ]);
  const accept = await chooser.element().getAttribute('accept');
  await chooser.setFiles(photo);
  return accept;
}

/** True once the image has loaded and has pixels. */
const imageLoaded = (page: Page, alt: string) =>
  page
    .getByRole('img', { name: alt, exact: true })
    .first()
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

/** Answers the next window.prompt with `answer` and returns what it asked. */
function answerPrompt(page: Page, answer: string): Promise<Dialog> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog);
      void dialog.accept(answer);
    });
  });
}

describe('admin dashboard', () => {
  const open = useShop();
  afterAll(cleanUp);

  it('shows the admin panel, naming the admin signed in', async () => {
    const page = await open();
    await logIn(page, ADMIN);
    await page.getByTestId('user-menu').first().click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard/admin');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    const admin = (await stored<{ user: { name: string; email: string } }>(page, 'auth'))!.user;
    expect(admin.email).toBe(ADMIN.email);
    await main.getByText(`Signed in as ${admin.name}`).waitFor();
    const menu = page.getByRole('navigation', { name: 'Admin Panel' });
    const links = await menu.getByRole('link').allInnerTexts();
    expect(links.map((link) => link.trim())).toEqual([
      'Admin Panel',
      'Create Category',
      'Create Product',
      'Products',
      'Orders',
      'Users',
      'Reviews',
      'Delivery',
      'Payments',
      'Tax (GST)',
      'Returns',
      'Coupons',
      'Offers',
      'Banners',
      'E-mails',
    ]);
  });

  it('runs a category and a product with a photo from creation to deletion', async () => {
    const page = await open();
    await logIn(page, ADMIN);
    await page.goto('/dashboard/admin');
    const category = `E2E Lighting ${TAG}`;
    const renamed = `E2E Lamps ${TAG}`;

    // Create the category, then rename it in the edit dialog.
    await goToAdminPage(page, 'Create Category', 'Manage Category');
    expect(pathOf(page)).toBe('/dashboard/admin/create-category');
    await page.getByPlaceholder('Enter new category').fill(category);
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, `${category} is created`);
    await categoryRow(page, category).waitFor();
    expect(await page.getByPlaceholder('Enter new category').inputValue()).toBe('');

    await categoryRow(page, category).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit category' });
    await dialog.waitFor();
    const field = dialog.getByRole('textbox', { name: 'Category name' });
    expect(await field.inputValue()).toBe(category);
    await field.fill(renamed);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(page, `${renamed} is renamed`);
    await dialog.waitFor({ state: 'hidden' });
    await categoryRow(page, renamed).waitFor();
    expect(await categoryRow(page, category).count()).toBe(0);

    // The storefront's Categories menu has the new name.
    await page.goto('/');
    await page.getByRole('button', { name: 'Categories' }).first().click();
    await page.getByRole('menuitem', { name: renamed, exact: true }).waitFor();
    expect(await page.getByRole('menuitem', { name: category, exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Create a product in it, with a real photo.
    const name = `E2E Brass Desk Lamp ${TAG}`;
    const description =
      'A warm brass desk lamp with a weighted base, an adjustable arm and a soft fabric shade.';
    const price = 2345;
    await page.goto('/dashboard/admin');
    await goToAdminPage(page, 'Create Product', 'Create Product');
    await choose(page, 'Select Category', renamed, renamed.slice(0, 9));
    expect(await pickPhoto(page, PHOTO)).toBe('image/*');
    const preview = page.getByRole('img', { name: 'Product photo preview' });
    await preview.waitFor();
    await expect.poll(() => imageLoaded(page, 'Product photo preview'), POLL).toBe(true);
    await page.getByRole('button', { name: 'lamp.png' }).waitFor();
    await page.getByPlaceholder('e.g. Cotton Kurta').fill(name);
    await page.getByPlaceholder('What it is, what it is made of, its size').fill(description);
    await page.getByPlaceholder('Price in rupees, e.g. 499').fill(String(price));
    await page.getByPlaceholder('Units in stock').fill('12');
    await choose(page, 'Select Shipping', 'Yes');
    await page.getByRole('button', { name: 'CREATE PRODUCT' }).click();
    await toast(page, 'Product created successfully');
    await page.waitForURL('**/dashboard/admin/products');

    const listed = page.getByTestId('admin-product').filter({ hasText: name });
    await listed.waitFor();
    const card = await listed.innerText();
    expect(card).toContain(`${description.substring(0, 60)}...`);
    expect(card).toContain('Click anywhere to update it');
    const slug = slugOf(name);
    expect(await listed.getAttribute('href')).toBe(`/dashboard/admin/product/${slug}`);

    // On the storefront: found by its name, its photo loads, resized from the one uploaded (a
    // file named by the upload's hash), and the REST photo URL still gives the upload; INR price.
    await page.goto('/');
    await searchFor(page, name);
    const found = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/product/${slug}"]`) });
    await found.waitFor();
    expect(await found.innerText()).toContain(inr(price));
    expect(inr(price)).toBe('₹2,345.00');
    await expect.poll(() => imageLoaded(page, name), POLL).toBe(true);
    const shown = await found
      .getByRole('img', { name })
      .evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);
    const uploadHash = createHash('sha256').update(PHOTO.buffer).digest('hex');
    expect(shown).toMatch(new RegExp(`^/photos/${uploadHash}-\\d+\\.(avif|webp|png|jpg)$`));
    const { product } = await (
      await page.request.get(`/api/v1/product/get-product/${slug}`)
    ).json();
    const upload = await page.request.get(`/api/v1/product/product-photo/${product._id}`);
    expect(upload.headers()['content-type']).toContain('image/png');
    expect(Buffer.compare(await upload.body(), PHOTO.buffer)).toBe(0);

    // A category that holds a product cannot be deleted: the server says why, and it stays.
    await page.goto('/dashboard/admin/create-category');
    await categoryRow(page, renamed).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    await toast(page, `${renamed} still has 1 product; move or delete them first`);
    await page.reload();
    await categoryRow(page, renamed).waitFor();

    // Update the price: the form comes prefilled, and the storefront shows the new price.
    const newPrice = 123456;
    await page.goto(`/dashboard/admin/product/${slug}`);
    await page.getByRole('heading', { name: 'Update Product' }).waitFor();
    const priceInput = page.getByPlaceholder('Price in rupees, e.g. 499');
    await expect.poll(() => priceInput.inputValue(), POLL).toBe(String(price));
    expect(await page.getByPlaceholder('e.g. Cotton Kurta').inputValue()).toBe(name);
    expect(await page.getByPlaceholder('Units in stock').inputValue()).toBe('12');
    expect(await page.getByPlaceholder('Select Category').inputValue()).toBe(renamed);
    expect(await page.getByPlaceholder('Select Shipping').inputValue()).toBe('Yes');
    await expect.poll(() => imageLoaded(page, 'Product photo preview'), POLL).toBe(true);
    await priceInput.fill(String(newPrice));
    await page.getByRole('button', { name: 'UPDATE PRODUCT' }).click();
    await toast(page, 'Product updated successfully');
    await page.waitForURL('**/dashboard/admin/products');

    await page.goto(`/product/${slug}`);
    await settledOnProduct(page);
    expect(await productPagePrice(page)).toContain(inr(newPrice));
    expect(inr(newPrice)).toBe('₹1,23,456.00');

    // Delete: 'no' keeps it, 'yes' deletes it.
    await page.goto(`/dashboard/admin/product/${slug}`);
    await page.getByRole('heading', { name: 'Update Product' }).waitFor();
    const declined = answerPrompt(page, 'no');
    await page.getByRole('button', { name: 'DELETE PRODUCT' }).click();
    const asked = await declined;
    expect(asked.type()).toBe('prompt');
    expect(asked.message()).toContain('yes');
    expect(pathOf(page)).toBe(`/dashboard/admin/product/${slug}`);
    expect(await productBySlug(slug)).toMatchObject({ name, price: newPrice });

    const confirmed = answerPrompt(page, 'yes');
    await page.getByRole('button', { name: 'DELETE PRODUCT' }).click();
    await confirmed;
    await toast(page, 'Product deleted successfully');
    await page.waitForURL('**/dashboard/admin/products');
    await page.getByTestId('admin-product').first().waitFor();
    expect(await page.getByTestId('admin-product').filter({ hasText: name }).count()).toBe(0);
    expect(await productBySlug(slug)).toBeNull();

    // Now empty, the category can go.
    await page.goto('/dashboard/admin/create-category');
    await categoryRow(page, renamed).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    await toast(page, `${renamed} is deleted`);
    await expect.poll(() => categoryRow(page, renamed).count(), POLL).toBe(0);
  });

  it("changes the status of a shopper's order, and the shopper sees it", async () => {
    // A new shopper places two orders through the API, with the approving test card.
    const shopper = newAccount('order-status');
    const setup = await open();
    await registerViaApi(setup, shopper);
    const token = await tokenOf(shopper);
    const product = (await productBySlug(slugOf(PRODUCT_FOR_ORDER)))!;
    for (const quantity of [2, 1]) {
      const placed = await placeOrderViaApi(
        token,
        [{ productId: product.id, quantity }],
        `e2e-${TAG}-${quantity}`,
      );
      expect(placed).toMatchObject({ status: 'NOT_PROCESSED', payment: { success: true } });
    }

    const page = await open();
    await logIn(page, ADMIN);
    await page.goto('/dashboard/admin');
    await goToAdminPage(page, 'Orders', 'All Orders');
    // The shopper's orders, told apart by their quantity: the one of 2 units gets shipped.
    const theirs = page.getByTestId('order').filter({ hasText: shopper.name });
    const ofUnits = (units: number) =>
      theirs.filter({
        has: page.getByTestId('order-quantity').getByText(String(units), { exact: true }),
      });
    const shipped = ofUnits(2);
    await shipped.waitFor();
    expect(await theirs.count()).toBe(2);
    expect(await shipped.getByTestId('order-payment').textContent()).toBe('Card · Paid');
    expect(await shipped.innerText()).toContain(PRODUCT_FOR_ORDER);

    const statusOf = (order: Locator) =>
      order.getByRole('combobox', { name: /^Status of order BZ-\d{6,}$/ });
    const number = (await shipped.getByTestId('order-number').textContent()) ?? '';
    expect(await statusOf(shipped).getAttribute('aria-label')).toBe(`Status of order ${number}`);
    expect(await statusOf(shipped).inputValue()).toBe('Not Processed');
    // The select offers only the moves the lifecycle allows: on to Processing, or Cancelled.
    await statusOf(shipped).click();
    const offered = page.getByRole('listbox').getByRole('option');
    await expect
      .poll(() => offered.allTextContents(), POLL)
      .toEqual(['Not Processed', 'Processing', 'Cancelled']);
    await page.getByRole('option', { name: 'Processing', exact: true }).click();
    await toast(page, `Order ${number} set to Processing`);
    await statusOf(shipped).click();
    await expect
      .poll(() => offered.allTextContents(), POLL)
      .toEqual(['Processing', 'Shipped', 'Cancelled']);
    // Shipped asks for the courier and its tracking number first.
    await page.getByRole('option', { name: 'Shipped', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${number}` });
    await dialog.getByRole('combobox', { name: 'Courier' }).click();
    await page.getByRole('option', { name: 'DTDC', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Tracking number (AWB)' }).fill('D70012345');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await toast(page, `Order ${number} marked shipped`);
    // The admin sees who moved it, and when, in the order's timeline.
    const timeline = shipped.getByTestId('order-timeline');
    await expect
      .poll(() => timeline.innerText(), POLL)
      .toMatch(
        /Not Processed → Processing\s+by Shop Admin,.*\n[^]*Processing → Shipped\s+by Shop Admin,/,
      );

    // Saved at once: after a reload, and in the list filtered by status.
    await page.reload();
    await shipped.waitFor();
    expect(await statusOf(shipped).inputValue()).toBe('Shipped');
    expect(await statusOf(ofUnits(1)).inputValue()).toBe('Not Processed');
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Shipped', exact: true }).click();
    await expect.poll(() => theirs.count(), POLL).toBe(1);
    await shipped.waitFor();
    const statuses = await statusOf(page.getByTestId('order')).evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value),
    );
    expect(new Set(statuses)).toEqual(new Set(['Shipped']));

    // The shopper sees the new status, newest order first.
    const shopperPage = await open();
    await logIn(shopperPage, shopper);
    await shopperPage.goto('/dashboard/user/orders');
    await shopperPage.getByRole('heading', { name: 'All Orders' }).waitFor();
    const mine = shopperPage.getByTestId('order');
    await expect.poll(() => mine.count(), POLL).toBe(2);
    expect(await mine.getByTestId('order-status').allTextContents()).toEqual([
      'Not Processed',
      'Shipped',
    ]);
    expect(await mine.getByTestId('order-quantity').allTextContents()).toEqual(['1', '2']);
    // With the same timeline; the order still waiting has none yet.
    const timelines = mine.getByTestId('order-timeline');
    expect(await timelines.count()).toBe(1);
    expect(await timelines.innerText()).toContain('Processing → Shipped');
  });

  it('lists the users and finds one by e-mail', async () => {
    const page = await open();
    const account = newAccount('listed');
    await registerViaApi(page, account);
    await logIn(page, ADMIN);
    await page.goto('/dashboard/admin');
    await goToAdminPage(page, 'Users', 'All Users');
    const rows = page.getByTestId('user-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);

    const search = page.getByRole('textbox', { name: 'Search users' });
    await search.fill(account.email);
    await expect.poll(() => rows.allInnerTexts(), POLL).toEqual([expect.any(String)]);
    const row = (await rows.first().textContent()) ?? '';
    expect(row).toContain(account.name);
    expect(row).toContain(account.email);
    expect(row).toContain('Shopper');

    await search.fill(ADMIN.email);
    await expect
      .poll(
        async () => (await rows.allInnerTexts()).map((text) => text.includes(ADMIN.email)),
        POLL,
      )
      .toEqual([true]);
    expect(await rows.first().textContent()).toContain('Admin');

    await search.fill(`nobody-${TAG}@example.com`);
    await page.getByText('No users match.').waitFor();
    expect(await rows.count()).toBe(0);
  });

  it('sends a shopper who opens /dashboard/admin away', async () => {
    const page = await open();
    await logIn(page, SHOPPER);
    await page.goto('/dashboard/admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/admin'));
    await page.getByRole('main').waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin Panel' }).count()).toBe(0);
    expect(await page.getByText(/^Signed in as/).count()).toBe(0);
  });

  it('refuses a photo over 1 MB before uploading it', async () => {
    const page = await open();
    await logIn(page, ADMIN);
    await page.goto('/dashboard/admin/create-product');
    await page.getByRole('heading', { name: 'Create Product' }).waitFor();
    await pickPhoto(page, HUGE_PHOTO);
    await page.getByRole('alert').filter({ hasText: 'Photo should be less than 1 MB' }).waitFor();
    expect(await page.getByRole('img', { name: 'Product photo preview' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Upload a photo (under 1 MB)' }).waitFor();

    // A photo within the limit is taken, and the message goes.
    await pickPhoto(page, PHOTO);
    await page.getByRole('img', { name: 'Product photo preview' }).waitFor();
    expect(
      await page.getByRole('alert').filter({ hasText: 'Photo should be less than 1 MB' }).count(),
    ).toBe(0);
  });
});
