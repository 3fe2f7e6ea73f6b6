import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { renderProductImage } from '../server/src/seed/product-image';
import { graphql, tokenOf } from './support/api';
import {
  accessibilityViolations,
  ADMIN,
  DESKTOP,
  logIn,
  PHONE,
  settledOn,
  toast,
  useShop,
  settledOnProduct,
} from './support/browser';
import { POLL, slugOf } from './support/catalog';

/** Names made by this file carry this tag, so that they are unique and can be cleaned up. */
const TAG = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A demo product with several photos (server/src/seed/demo-photos.ts). */
const PICTURED = 'Apple iPhone 15 128GB';

/** Three real PNG pictures (800 x 600), each its own. */
const PHOTOS = await Promise.all(
  ['front', 'side', 'box'].map(async (view) => ({
    name: `${view}.png`,
    mimeType: 'image/png',
    buffer: await renderProductImage({ name: `Lantern ${view}` }),
  })),
);
const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** axe reads every element of a screen, seconds each on a busy machine. */
const AUDIT_TIME = 120_000;

const PRODUCT_PHOTOS = `query P($slug: String!) {
  product(slug: $slug) { id photos { hash alt } } }`;

interface Pictured {
  id: string;
  photos: { hash: string; alt: string }[];
}

const photosOf = async (slug: string) =>
  (await graphql<{ product: Pictured }>(PRODUCT_PHOTOS, { slug })).product;

/** A product of this file's own, without a photo, made through the API. */
async function newProduct(token: string): Promise<{ id: string; slug: string }> {
  const { categories } = await graphql<{ categories: { id: string }[] }>('{ categories { id } }');
  const { createProduct } = await graphql<{ createProduct: { id: string; slug: string } }>(
    `
      mutation C($input: ProductInput!) {
        createProduct(input: $input) {
          id
          slug
        }
      }
    `,
    {
      input: {
        name: `Brass Lantern ${TAG}`,
        description: 'A brass lantern for the verandah.',
        price: 1299,
        quantity: 5,
        category: categories[0].id,
        shipping: true,
      },
    },
    token,
  );
  return createProduct;
}

const photoCounter = (page: Page) => page.getByRole('region', { name: /^Photos of / });

/**
 * A sideways swipe with one finger, as a phone's touch screen reports it: touch events through
 * the DevTools protocol, which the browser turns into pointer events of type "touch".
 */
async function swipe(page: Page, from: { x: number; y: number }, dx: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y: from.y }],
    });
  await touch('touchStart', from.x);
  for (let step = 1; step <= 5; step += 1) await touch('touchMove', from.x + (dx * step) / 5);
  await touch('touchEnd', from.x + dx);
  await cdp.detach();
}

describe('several photos per product', () => {
  const open = useShop();

  afterAll(async () => {
    const token = await tokenOf(ADMIN);
    const { products } = await graphql<{ products: { items: { id: string }[] } }>(
      'query S($search: String) { products(search: $search, pageSize: 50) { items { id } } }',
      { search: TAG },
    );
    for (const { id } of products.items) {
      await graphql('mutation D($id: ID!) { deleteProduct(id: $id) { id } }', { id }, token);
    }
  });

  it('the admin uploads three photos at once, reorders them (buttons, then a drag) and gives one alt text', async () => {
    const product = await newProduct(await tokenOf(ADMIN));
    const page = await open();
    await logIn(page, ADMIN);
    await page.goto(`/dashboard/admin/product/${product.slug}`);
    await settledOn(page, 'Update Product');
    const photos = page.getByRole('region', { name: 'Photos' });
    await photos.getByText('0 of 8').waitFor();

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      photos.getByRole('button', { name: 'Add photos' }).click(),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles(PHOTOS);
    await toast(page, '3 photos added');
    const [front, side, box] = PHOTOS.map((photo) => hashOf(photo.buffer));
    await expect
      .poll(async () => (await photosOf(product.slug)).photos.map((photo) => photo.hash), POLL)
      .toEqual([front, side, box]);
    await expect.poll(() => photos.getByTestId('managed-photo').count(), POLL).toBe(3);

    // The box first: two moves up.
    await photos.getByRole('button', { name: 'Move photo 3 up' }).click();
    await toast(page, 'Photo moved');
    await photos.getByRole('button', { name: 'Move photo 2 up' }).click();
    await expect
      .poll(async () => (await photosOf(product.slug)).photos.map((photo) => photo.hash), POLL)
      .toEqual([box, front, side]);
    await expect
      .poll(
        () =>
          photos
            .getByTestId('managed-photo')
            .first()
            .getByText('Card photo', { exact: true })
            .count(),
        POLL,
      )
      .toBe(1);

    // The side view dragged onto the front view's place.
    const rows = photos.getByTestId('managed-photo');
    await rows.nth(2).dragTo(rows.nth(1));
    await expect
      .poll(async () => (await photosOf(product.slug)).photos.map((photo) => photo.hash), POLL)
      .toEqual([box, side, front]);

    await photos
      .getByRole('textbox', { name: 'Alt text of photo 1' })
      .fill('The lantern in its gift box');
    await photos.getByRole('button', { name: 'Save alt text of photo 1' }).click();
    await toast(page, 'Alt text saved');
    expect((await photosOf(product.slug)).photos[0].alt).toBe('The lantern in its gift box');

    // The storefront shows the box first, by its alt text.
    await page.goto(`/product/${product.slug}`);
    await settledOnProduct(page);
    await expect
      .poll(() =>
        photoCounter(page)
          .getByRole('button', { name: 'The lantern in its gift box: view larger' })
          .count(),
      )
      .toBe(1);
    expect(await photoCounter(page).getByText('Photo 1 of 3').count()).toBe(1);
  });

  it('a shopper on a phone swipes through the gallery and opens the larger view', async () => {
    const page = await open(PHONE);
    const slug = slugOf(PICTURED);
    const { photos } = await photosOf(slug);
    expect(photos.length).toBeGreaterThanOrEqual(3);
    await page.goto(`/product/${slug}`);
    await settledOnProduct(page);
    const gallery = photoCounter(page);
    await gallery.getByText(`Photo 1 of ${photos.length}`).waitFor();

    const stage = gallery.getByTestId('gallery-stage');
    await stage.scrollIntoViewIfNeeded();
    const box = (await stage.boundingBox())!;
    const middle = { x: box.x + box.width * 0.75, y: box.y + box.height * 0.4 };
    await swipe(page, middle, -box.width / 2);
    await gallery.getByText(`Photo 2 of ${photos.length}`).waitFor();
    await swipe(page, middle, -box.width / 2);
    await gallery.getByText(`Photo 3 of ${photos.length}`).waitFor();
    await swipe(page, { x: box.x + box.width * 0.25, y: middle.y }, box.width / 2);
    await gallery.getByText(`Photo 2 of ${photos.length}`).waitFor();
    // The photo shown is the second, by its alt text.
    await gallery.getByRole('button', { name: `${photos[1].alt}: view larger` }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await gallery.getByRole('button', { name: /view larger$/ }).click();
    const dialog = page.getByRole('dialog', { name: PICTURED });
    await dialog.getByRole('img', { name: photos[1].alt }).waitFor();
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await dialog.getByText(`Photo 3 of ${photos.length}`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await gallery.getByText(`Photo 3 of ${photos.length}`).waitFor();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'the gallery and the photo manager have no serious or critical violation at %s width',
    async (_width, viewport) => {
      const page = await open(viewport);
      const slug = slugOf(PICTURED);
      await page.goto(`/product/${slug}`);
      await settledOnProduct(page);
      expect(await accessibilityViolations(page)).toEqual([]);
      await logIn(page, ADMIN);
      await page.goto(`/dashboard/admin/product/${slug}`);
      await settledOn(page, 'Update Product');
      await page
        .getByRole('region', { name: 'Photos' })
        .getByText('Card photo', { exact: true })
        .waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
    },
    AUDIT_TIME,
  );
});
