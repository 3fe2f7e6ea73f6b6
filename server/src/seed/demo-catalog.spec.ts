import { describe, expect, it } from 'vitest';
import { PRICE_BANDS, VARIANT_RULES } from '../shared/rules';
import { demoCategories, demoProducts, demoSku } from './demo-catalog';
import { CATEGORY_PALETTES, FALLBACK_PALETTE, iconExists } from './product-image';

/** Every band but "All Prices". */
const BANDS = PRICE_BANDS.slice(1).map(({ min, max }) => [min, max] as const);

describe('demo catalogue', () => {
  it('has at least 6 distinct categories', () => {
    expect(demoCategories.length).toBeGreaterThanOrEqual(6);
    expect(new Set(demoCategories).size).toBe(demoCategories.length);
  });

  it('has at least 40 products with unique names', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(40);
    expect(new Set(demoProducts.map((product) => product.name)).size).toBe(demoProducts.length);
  });

  it('describes every product in more than 60 characters', () => {
    for (const product of demoProducts) {
      expect(product.description.length, product.name).toBeGreaterThan(60);
    }
  });

  it.each(BANDS)('has at least 3 products priced from %i to %i rupees', (low, high) => {
    const inBand = demoProducts.filter((product) => product.price >= low && product.price <= high);
    expect(inBand.length).toBeGreaterThanOrEqual(3);
  });

  it('prices every product in whole rupees', () => {
    for (const product of demoProducts) {
      expect(Number.isInteger(product.price) && product.price > 0, product.name).toBe(true);
    }
  });

  it('puts every product in a known category', () => {
    for (const product of demoProducts) {
      expect(demoCategories, product.name).toContain(product.category);
    }
  });

  it('has stock quantities that are non-negative integers', () => {
    for (const product of demoProducts) {
      expect(Number.isInteger(product.quantity) && product.quantity >= 0, product.name).toBe(true);
    }
  });

  it('includes a few out-of-stock and nearly sold-out products', () => {
    expect(demoProducts.filter((product) => product.quantity === 0)).toHaveLength(2);
    const scarce = demoProducts.filter((product) => product.quantity > 0 && product.quantity <= 2);
    expect(scarce).toHaveLength(2);
  });

  it('pictures every product with an icon that @tabler/icons has', () => {
    for (const product of demoProducts) {
      expect(iconExists(product.icon), `${product.name}: ${product.icon}`).toBe(true);
    }
  });

  it('gives every category a palette of its own, unlike the fallback', () => {
    const palettes = [...demoCategories.map((name) => CATEGORY_PALETTES[name]), FALLBACK_PALETTE];
    for (const colour of ['light', 'deep', 'ink', 'accent'] as const) {
      const used = palettes.map((palette) => palette[colour].toLowerCase());
      expect(new Set(used).size, colour).toBe(palettes.length);
    }
    expect(Object.keys(CATEGORY_PALETTES).sort()).toEqual([...demoCategories].sort());
  });

  describe('products sold in sizes, colours and storage', () => {
    const withOptions = demoProducts.filter((product) => product.options);

    it('include fashion, footwear and mobiles, some combinations sold out', () => {
      expect(withOptions.map((product) => product.category)).toEqual(
        expect.arrayContaining(['Fashion', 'Mobiles']),
      );
      expect(withOptions.some((product) => product.icon === 'shoe')).toBe(true);
      const soldOut = withOptions.flatMap((product) =>
        product.variants!.filter((variant) => variant.quantity === 0),
      );
      expect(soldOut.length).toBeGreaterThanOrEqual(3);
    });

    it.each(withOptions.map((product) => [product.name, product] as const))(
      '%s: one variant per combination listed, the first its price, all its stock',
      (_name, product) => {
        const options = product.options!;
        const variants = product.variants!;
        expect(options.length).toBeLessThanOrEqual(VARIANT_RULES.maxOptions);
        const combinations = variants.map((variant) => variant.values.join('/'));
        expect(new Set(combinations).size).toBe(variants.length);
        for (const variant of variants) {
          expect(
            variant.values.map((value, index) => options[index].values.includes(value)),
          ).toEqual(options.map(() => true));
          expect(variant.mrp ?? variant.price).toBeGreaterThanOrEqual(variant.price);
          const sku = demoSku(product.sku!, variant.values);
          expect(sku, sku).toMatch(VARIANT_RULES.sku.pattern);
        }
        // The product's price is its first variant's (REST v1), the cheapest one in stock, so
        // the card lists it at the price the REST API gives.
        expect(variants[0].price).toBe(product.price);
        const inStock = variants.filter((variant) => variant.quantity > 0);
        expect(Math.min(...inStock.map((variant) => variant.price))).toBe(product.price);
        expect(variants.reduce((units, variant) => units + variant.quantity, 0)).toBe(
          product.quantity,
        );
      },
    );
  });
});
