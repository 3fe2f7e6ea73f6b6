import { describe, expect, it } from 'vitest';
import shop from '../shop.config.json';
import { useShop } from './support/browser';

describe('storefront', () => {
  const open = useShop();

  it('shows the first page of products with prices in rupees', async () => {
    const page = await open();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'All Products' }).isVisible()).resolves.toBe(
      true,
    );
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('product-card').count()).toBe(6);
    expect(await page.getByTestId('product-card').first().innerText()).toMatch(/₹[\d,]+\.\d\d/);
    expect(await page.title()).toBe(`${shop.brand} - Shop now`);
  });
});
