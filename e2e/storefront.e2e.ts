import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openShop } from './support/browser';

describe('storefront', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the first page of products with prices in rupees', async () => {
    const { page, context } = await openShop(browser);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'All Products' }).isVisible()).resolves.toBe(
      true,
    );
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('product-card').count()).toBe(6);
    expect(await page.getByTestId('product-card').first().innerText()).toMatch(/₹[\d,]+\.\d\d/);
    expect(await page.title()).toBe('Bazaar - Shop now');
    await context.close();
  });
});
