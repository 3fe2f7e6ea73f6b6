import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { STOREFRONT_PAGE_SIZE as PAGE_SIZE } from '@shop/rules';
import { describe, expect, it } from 'vitest';
import { StorefrontDocument } from '../gql/graphql';
import type { ProductFilter, StorefrontQuery } from '../gql/graphql';
import { createCache, productPagesPolicy } from '../lib/apollo';
import { formatINR } from '../lib/money';
import { adminProductPath, categoryPath, productPath, searchPath } from '../lib/routes';
import { errorMessage } from '../lib/notify';
import { excerpt } from '../lib/text';
import { productPage, products } from './fixtures';
import { SOMETHING_WENT_WRONG } from '../lib/messages';

describe('formatINR', () => {
  it('formats rupees with Indian digit grouping and two decimals', () => {
    expect(formatINR(123456)).toBe('₹1,23,456.00');
    expect(formatINR(0)).toBe('₹0.00');
    expect(formatINR(999.5)).toBe('₹999.50');
    expect(formatINR(1000)).toBe('₹1,000.00');
    expect(formatINR(12345678.9)).toBe('₹1,23,45,678.90');
  });
});

describe('routes', () => {
  it('puts the slug or keyword into the path, encoded', () => {
    expect(productPath('steel-kettle')).toBe('/product/steel-kettle');
    expect(categoryPath('books')).toBe('/category/books');
    expect(adminProductPath('a b')).toBe('/dashboard/admin/product/a%20b');
    expect(searchPath('tea & cups')).toBe('/search?keyword=tea%20%26%20cups');
  });
});

describe('excerpt', () => {
  it("keeps the first characters and adds '...'", () => {
    expect(excerpt('abcdefghij', 4)).toBe('abcd...');
    expect(excerpt('x'.repeat(80), 60)).toBe(`${'x'.repeat(60)}...`);
  });

  it("adds '...' to a text shorter than the limit too, as the cards do", () => {
    expect(excerpt('Short', 60)).toBe('Short...');
    expect(excerpt('', 30)).toBe('...');
  });
});

describe('errorMessage', () => {
  it("gives the server's GraphQL message", () => {
    const refused = new CombinedGraphQLErrors({
      errors: [{ message: 'Invalid email or password' }],
    });
    expect(errorMessage(refused, 'fallback')).toBe('Invalid email or password');
  });

  it('falls back for an HTTP error', () => {
    expect(errorMessage({ name: 'ServerError', message: 'Status 500' }, SOMETHING_WENT_WRONG)).toBe(
      SOMETHING_WENT_WRONG,
    );
  });

  it('falls back for a failed fetch (an exception)', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), SOMETHING_WENT_WRONG)).toBe(
      'Something went wrong',
    );
  });
});

type Page = StorefrontQuery['products'];

describe('productPagesPolicy', () => {
  const merge = (existing: Page | undefined, incoming: Page, page: number) =>
    (productPagesPolicy.merge as (e: unknown, i: unknown, o: unknown) => Page)(existing, incoming, {
      args: { page, pageSize: PAGE_SIZE },
    });
  const ids = (page: Page) => page.items.map((item) => item.id);

  it('keeps the list apart per filter, search and page size, not per page', () => {
    expect(productPagesPolicy.keyArgs).toEqual(['filter', 'search', 'pageSize']);
  });

  it('page 1 replaces what was there', () => {
    const old = productPage(products(1, 12), 20, 2);
    const fresh = productPage(products(31, 36), 20, 1);
    expect(ids(merge(old, fresh, 1))).toEqual(['p31', 'p32', 'p33', 'p34', 'p35', 'p36']);
  });

  it('page 2 is appended after page 1', () => {
    const first = productPage(products(1, 6), 14, 1);
    const second = productPage(products(7, 12), 14, 2);
    const merged = merge(first, second, 2);
    expect(ids(merged)).toEqual(products(1, 12).map((item) => item.id));
    expect(merged.total).toBe(14);
    expect(merged.hasMore).toBe(true);
  });

  it('asking for a page again replaces that page instead of doubling it', () => {
    const two = merge(productPage(products(1, 6), 14, 1), productPage(products(7, 12), 14, 2), 2);
    const again = merge(two, productPage(products(7, 12), 14, 2), 2);
    expect(ids(again)).toHaveLength(12);
  });

  describe('in the cache', () => {
    const write = (
      cache: ReturnType<typeof createCache>,
      page: number,
      filter: ProductFilter | null,
      items: ReturnType<typeof products>,
      total: number,
    ) =>
      cache.writeQuery({
        query: StorefrontDocument,
        variables: { page, pageSize: PAGE_SIZE, filter },
        data: { products: productPage(items, total, page) },
      });
    const read = (cache: ReturnType<typeof createCache>, filter: ProductFilter | null) =>
      cache
        .readQuery({
          query: StorefrontDocument,
          variables: { page: 1, pageSize: PAGE_SIZE, filter },
        })
        ?.products.items.map((item) => item.id);

    it('appends page 2, restarts on page 1 and keeps each filter apart', () => {
      const cache = createCache();
      write(cache, 1, null, products(1, 6), 14);
      write(cache, 2, null, products(7, 12), 14);
      expect(read(cache, null)).toEqual(products(1, 12).map((item) => item.id));

      write(cache, 1, { categoryIds: ['c2'] }, products(40, 41), 2);
      expect(read(cache, { categoryIds: ['c2'] })).toEqual(['p40', 'p41']);
      expect(read(cache, { priceMin: 0, priceMax: 1000 })).toBeUndefined();
      // The unfiltered list is untouched by the filtered one.
      expect(read(cache, null)).toHaveLength(12);

      write(cache, 1, null, products(1, 6), 14);
      expect(read(cache, null)).toEqual(products(1, 6).map((item) => item.id));
    });
  });
});
