import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deliverViaApi, graphql, placeOrderViaApi, productIdOf, tokenOf } from './support/api';
import {
  accessibilityViolations,
  ADMIN,
  DESKTOP,
  logIn,
  newAccount,
  registerViaApi,
  settledOn,
  toast,
  useShop,
  settledOnProduct,
} from './support/browser';
import { POLL, productNamed, slugOf } from './support/catalog';

/** A book no other journey buys or reviews. */
const BOOK = productNamed('The White Tiger by Aravind Adiga');

/** axe reads every element of each screen, seconds each on a busy machine. */
const JOURNEY_TIME = 300_000;

const main = (page: Page) => page.getByRole('main');

/** The book's visible reviews: how many, and their stars added up (other runs may have left some). */
async function starsSoFar(productId: string): Promise<{ count: number; sum: number }> {
  const { productReviews } = await graphql<{
    productReviews: { breakdown: { stars: number; count: number }[] };
  }>('query R($id: ID!) { productReviews(productId: $id) { breakdown { stars count } } }', {
    id: productId,
  });
  return productReviews.breakdown.reduce(
    (total, row) => ({ count: total.count + row.count, sum: total.sum + row.stars * row.count }),
    { count: 0, sum: 0 },
  );
}

const ratedText = (average: number, count: number) =>
  `Rated ${average.toFixed(1)} out of 5 by ${count} ${count === 1 ? 'shopper' : 'shoppers'}`;

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await accessibilityViolations(page), screen).toEqual([]);
}

describe('reviews and ratings', () => {
  const open = useShop();

  it(
    'a shopper reviews a book once it is delivered, sees it and the average; the admin hides it and it is gone',
    async () => {
      const shopper = newAccount('reviews');
      const page = await open(DESKTOP);
      await registerViaApi(page, shopper);
      const slug = slugOf(BOOK.name);
      const productId = await productIdOf(slug);
      const before = await starsSoFar(productId);
      const order = await placeOrderViaApi(
        await tokenOf(shopper),
        [{ productId, quantity: 1 }],
        `reviews-${Date.now().toString(36)}`,
      );
      expect(order.payment.success).toBe(true);

      // Ordered, not delivered yet: the page offers no form.
      await logIn(page, shopper);
      await page.goto(`/product/${slug}`);
      await settledOnProduct(page);
      await main(page).getByRole('heading', { name: 'Ratings and reviews' }).waitFor();
      expect(await main(page).getByRole('form', { name: 'Your review' }).count()).toBe(0);

      await deliverViaApi(order.id, await tokenOf(ADMIN));
      await page.reload();
      await settledOnProduct(page);
      const form = main(page).getByRole('form', { name: 'Your review' });
      await form.waitFor();
      await expectAccessible(page, 'the review form');

      // The stars are chosen as a keyboard does; a title and a review of two lines.
      const title = `Gripping to the end ${Date.now().toString(36)}`;
      await form.getByRole('radio', { name: '5 stars' }).focus();
      await page.keyboard.press('Space');
      await form.getByRole('textbox', { name: 'Title (optional)' }).fill(title);
      await form
        .getByRole('textbox', { name: 'Your review (optional)' })
        .fill('Sharp and funny.\nRead it in two sittings.');
      await form.getByRole('button', { name: 'Post review' }).click();
      await toast(page, 'Thank you: your review is saved');

      const after = { count: before.count + 1, sum: before.sum + 5 };
      const average = Math.round((after.sum / after.count) * 10) / 10;
      const rated = main(page).getByRole('img', { name: ratedText(average, after.count) });
      await expect.poll(() => rated.count(), POLL).toBeGreaterThan(0);
      const mine = main(page).getByTestId('review').filter({ hasText: title });
      await mine.waitFor();
      expect(await mine.textContent()).toContain('Read it in two sittings.');
      await form.getByRole('button', { name: 'Update review' }).waitFor();
      await expectAccessible(page, 'the product page with a review');

      // The admin hides it from the list of reviews.
      const adminPage = await open(DESKTOP);
      await logIn(adminPage, ADMIN);
      await adminPage.goto('/dashboard/admin/reviews');
      await settledOn(adminPage, 'Reviews');
      const row = main(adminPage).getByTestId('review-row').filter({ hasText: title });
      await row.waitFor();
      await expectAccessible(adminPage, "the admin's reviews");
      await row.getByRole('button', { name: /^Hide the review/ }).click();
      await toast(adminPage, 'Review hidden: it no longer counts in the rating');
      await expect.poll(() => row.getByText('Hidden').count(), POLL).toBe(1);

      // Gone from the book's page, and from its average.
      await page.reload();
      await settledOnProduct(page);
      await main(page).getByRole('heading', { name: 'Ratings and reviews' }).waitFor();
      await form.waitFor();
      expect(await main(page).getByTestId('review').filter({ hasText: title }).count()).toBe(0);
      expect(
        await main(page)
          .getByRole('img', { name: ratedText(average, after.count) })
          .count(),
      ).toBe(0);
      if (before.count > 0) {
        const was = Math.round((before.sum / before.count) * 10) / 10;
        await main(page)
          .getByRole('img', { name: ratedText(was, before.count) })
          .first()
          .waitFor();
      } else {
        await main(page).getByText('No reviews yet.').waitFor();
      }
    },
    JOURNEY_TIME,
  );
});
