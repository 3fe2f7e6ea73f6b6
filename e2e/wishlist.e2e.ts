import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  DESKTOP,
  logIn,
  newAccount,
  PHONE,
  registerViaApi,
  settledOn,
  stored,
  toast,
  useShop,
} from './support/browser';
import { POLL } from './support/catalog';

const main = (page: Page) => page.getByRole('main');

/** The product a heart is for, from its name ("Add Kurta to wishlist"). */
const productOf = (label: string | null) =>
  (label ?? '').replace(/^Add /, '').replace(/ to wishlist$/, '');

describe('the wishlist', () => {
  const open = useShop();

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'at %s width, a guest hearts a product, signs in, finds it in the account, and removes it',
    async (label, viewport) => {
      const shopper = newAccount(`wishlist-${label}`);
      const page = await open(viewport);
      await registerViaApi(page, shopper);

      // As a guest: the heart on the first card of the home page.
      await page.goto('/');
      await settledOn(page, 'All Products');
      const heart = main(page)
        .getByTestId('product-card')
        .first()
        .getByRole('button', { name: /^Add .+ to wishlist$/ });
      const name = productOf(await heart.getAttribute('aria-label'));
      await heart.click();
      await toast(page, 'Added to your wishlist');
      const pressed = main(page)
        .getByRole('button', { name: `Remove ${name} from wishlist` })
        .first();
      await expect.poll(() => pressed.getAttribute('aria-pressed'), POLL).toBe('true');
      // The heart did not follow the card's link.
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await stored<string[]>(page, 'wishlist')).toHaveLength(1);

      // Signing in merges the browser's list into the account, and forgets the browser's copy.
      await logIn(page, shopper);
      await expect.poll(() => stored(page, 'wishlist'), POLL).toBeNull();
      await page.goto('/dashboard/user/wishlist');
      await settledOn(page, 'Wishlist');
      const cards = main(page).getByTestId('product-card');
      await expect.poll(() => cards.count(), POLL).toBe(1);
      await cards.first().getByText(name, { exact: true }).waitFor();
      expect(await accessibilityViolations(page), 'the wishlist page with a product').toEqual([]);

      // Its heart, pressed again, takes it off the page and the account.
      await cards
        .first()
        .getByRole('button', { name: `Remove ${name} from wishlist` })
        .click();
      await toast(page, 'Removed from your wishlist');
      await main(page)
        .getByText(/Your wishlist is empty/)
        .waitFor();
      await page.reload();
      await settledOn(page, 'Wishlist');
      await main(page)
        .getByText(/Your wishlist is empty/)
        .waitFor();
      expect(await cards.count()).toBe(0);
      expect(await accessibilityViolations(page), 'the empty wishlist page').toEqual([]);
    },
    120_000,
  );
});
