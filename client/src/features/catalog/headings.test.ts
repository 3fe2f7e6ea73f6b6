import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../lib/i18n';
import { homeHeading, namesInWords, productsCount, productsFound, searchHeading } from './headings';

describe('list headings', () => {
  it('count products in correct grammar, grouped the Indian way', () => {
    expect(productsFound(0)).toBe('No products found');
    expect(productsFound(1)).toBe('1 product found');
    expect(productsFound(12)).toBe('12 products found');
    expect(productsCount(125000)).toBe('1,25,000 products');
  });

  it('name the categories ticked, or all the products', () => {
    const categories = [
      { slug: 'books', name: 'Books' },
      { slug: 'fashion', name: 'Fashion' },
      { slug: 'toys', name: 'Toys' },
    ];
    expect(homeHeading([], categories)).toBe('All Products');
    expect(homeHeading(['books'], categories)).toBe('Books');
    expect(homeHeading(['books', 'toys'], categories)).toBe('Books and Toys');
    expect(homeHeading(['toys', 'books', 'fashion'], categories)).toBe('Toys, Books and Fashion');
    // A slug no longer in the list (a category deleted) names nothing.
    expect(homeHeading(['gone'], categories)).toBe('All Products');
    expect(namesInWords([])).toBe('');
  });

  it('name the categories in Hindi on Hindi pages, where the shop gave a Hindi name', async () => {
    await switchLanguage('hi');
    const categories = [
      { slug: 'books', name: 'Books', nameHi: 'किताबें' },
      { slug: 'toys', name: 'Toys', nameHi: null },
    ];
    expect(homeHeading(['books'], categories)).toBe('किताबें');
    expect(homeHeading(['books', 'toys'], categories)).toBe('किताबें और Toys');
  });

  it('say what was searched for', () => {
    expect(searchHeading('steel kettle')).toBe('Results for “steel kettle”');
    expect(searchHeading('')).toBe('Search');
  });
});
