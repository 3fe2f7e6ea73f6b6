import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productsFound } from '../client/src/features/catalog/headings';
import { searchFor, useShop } from './support/browser';
import { catalogue, excerpt, inr, matching, names, POLL, shownCards } from './support/catalog';

const countText = (page: Page) =>
  page
    .getByRole('main')
    .getByText(/^(No products found|[\d,]+ products? found)$/)
    .innerText();

describe('search', () => {
  const open = useShop();

  it('finds products by name and description, in any case', async () => {
    const { products } = await catalogue();
    const page = await open();
    await page.goto('/categories');

    // Upper case in the box; the catalogue has the word in lower and mixed case.
    const keyword = 'SAMSUNG';
    const expected = matching(products, keyword);
    expect(expected.length, 'the catalogue has matches').toBeGreaterThan(1);
    await searchFor(page, keyword);
    await page.getByRole('heading', { name: /^Results for/ }).waitFor();
    await expect.poll(() => countText(page), POLL).toBe(productsFound(expected.length));
    await expect.poll(() => page.getByTestId('product-card').count(), POLL).toBe(expected.length);
    const cards = await shownCards(page, expected);
    expect(names(cards)).toEqual(names(expected));
    for (const card of cards) {
      expect(card.priceText, card.name).toBe(inr(card.product!.price));
      expect(card.text, card.name).toContain(excerpt(card.product!, 60));
      expect(card.text, card.name).toContain('More Details');
      // A product sold in options (the Galaxy M35's storage) leads to its page to choose.
      expect(card.text, card.name).toMatch(/ADD TO CART|CHOOSE OPTIONS/);
    }

    // A word found only in descriptions, searched again from the results page.
    const word = 'waterproof';
    const byDescription = matching(products, word);
    expect(byDescription.length).toBeGreaterThan(0);
    await searchFor(page, word);
    await expect.poll(() => countText(page), POLL).toBe(productsFound(byDescription.length));
    await expect
      .poll(async () => names(await shownCards(page, byDescription)), POLL)
      .toEqual(names(byDescription));
  });

  it('counts every match, not just the first page of them', async () => {
    const { products } = await catalogue();
    const page = await open();
    await page.goto('/');
    const keyword = 'with';
    const expected = matching(products, keyword);
    expect(expected.length, 'a common word matches many products').toBeGreaterThan(12);
    await searchFor(page, keyword);
    await expect.poll(() => countText(page), POLL).toBe(productsFound(expected.length));
    await expect.poll(() => page.getByTestId('product-card').count(), POLL).toBeGreaterThan(0);
    const allowed = names(expected);
    for (const card of await shownCards(page, expected)) expect(allowed).toContain(card.name);
  });

  it('says No products found for a keyword nothing matches', async () => {
    const { products } = await catalogue();
    const page = await open();
    await page.goto('/');
    const keyword = 'zzqx-no-such-thing';
    expect(matching(products, keyword)).toEqual([]);
    await searchFor(page, keyword);
    await page.getByRole('heading', { name: /^Results for/ }).waitFor();
    await expect.poll(() => countText(page), POLL).toBe(productsFound(0));
    expect(await page.getByTestId('product-card').count()).toBe(0);
  });
});
