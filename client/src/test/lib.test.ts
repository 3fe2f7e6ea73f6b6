import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { STOREFRONT_PAGE_SIZE as PAGE_SIZE } from '@shop/rules';
import { notifications, notificationsStore } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { StorefrontDocument } from '../gql/graphql';
import type { ProductFilter, ProductSort, StorefrontQuery } from '../gql/graphql';
import { createCache, productPagesPolicy } from '../lib/apollo';
import { formatINR } from '../lib/money';
import { adminProductPath, categoryPath, productPath, searchPath } from '../lib/routes';
import { errorMessage, fieldRefusal, notifySuccess } from '../lib/notify';
import { excerpt } from '../lib/text';
import { productFacets, storefrontPage, products } from './fixtures';
import { WORDS } from '../lib/messages';

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
    expect(searchPath('tea & cups')).toBe('/search?q=tea%20%26%20cups');
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
    expect(
      errorMessage({ name: 'ServerError', message: 'Status 500' }, WORDS.somethingWentWrong),
    ).toBe(WORDS.somethingWentWrong);
  });

  it('falls back for a failed fetch (an exception)', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), WORDS.somethingWentWrong)).toBe(
      'Something went wrong',
    );
  });
});

describe('fieldRefusal', () => {
  const refused = (message: string) => new CombinedGraphQLErrors({ errors: [{ message }] });

  it('splits a refusal naming its field into the field and the words', () => {
    expect(fieldRefusal(refused('pin: PIN code must be 6 digits and not start with 0'))).toEqual({
      field: 'pin',
      message: 'PIN code must be 6 digits and not start with 0',
    });
    expect(
      fieldRefusal(refused('zones[2].maxDays: The most days must be at least the fewest')),
    ).toEqual({
      field: 'zones[2].maxDays',
      message: 'The most days must be at least the fewest',
    });
    expect(fieldRefusal(refused('holidays[0]: Dates are written YYYY-MM-DD'))).toMatchObject({
      field: 'holidays[0]',
    });
  });

  it('names no field for other messages, or a failure', () => {
    expect(fieldRefusal(refused('Admins only'))).toEqual({ field: null, message: 'Admins only' });
    expect(fieldRefusal(refused('Sorry: we are closed today'))).toMatchObject({ field: null });
    expect(fieldRefusal(new TypeError('Failed to fetch'))).toEqual({
      field: null,
      message: WORDS.somethingWentWrong,
    });
  });
});

type Page = StorefrontQuery['products'];

describe('productPagesPolicy', () => {
  const merge = (existing: Page | undefined, incoming: Page, page: number) =>
    (productPagesPolicy.merge as (e: unknown, i: unknown, o: unknown) => Page)(existing, incoming, {
      args: { page, pageSize: PAGE_SIZE },
    });
  const ids = (page: Page) => page.items.map((item) => item.id);

  it('keeps the list apart per filter, search and sort, not per page or page size', () => {
    expect(productPagesPolicy.keyArgs).toEqual(['filter', 'search', 'sort']);
  });

  it('page 1 replaces what was there', () => {
    const old = storefrontPage(products(1, 12), 20, 2);
    const fresh = storefrontPage(products(31, 36), 20, 1);
    expect(ids(merge(old, fresh, 1))).toEqual(['p31', 'p32', 'p33', 'p34', 'p35', 'p36']);
  });

  it('page 2 is appended after page 1', () => {
    const first = storefrontPage(products(1, 6), 14, 1);
    const second = storefrontPage(products(7, 12), 14, 2);
    const merged = merge(first, second, 2);
    expect(ids(merged)).toEqual(products(1, 12).map((item) => item.id));
    expect(merged.total).toBe(14);
    expect(merged.hasMore).toBe(true);
  });

  it('asking for a page again replaces that page instead of doubling it', () => {
    const two = merge(
      storefrontPage(products(1, 6), 14, 1),
      storefrontPage(products(7, 12), 14, 2),
      2,
    );
    const again = merge(two, storefrontPage(products(7, 12), 14, 2), 2);
    expect(ids(again)).toHaveLength(12);
  });

  describe('in the cache', () => {
    type Cache = ReturnType<typeof createCache>;
    interface Key {
      filter?: ProductFilter;
      search?: string | null;
      sort?: ProductSort | null;
    }
    const variables = ({ filter = {}, search = null, sort = null }: Key) => ({
      filter,
      search,
      sort,
    });
    const write = (
      cache: Cache,
      page: number,
      key: Key,
      items: ReturnType<typeof products>,
      total: number,
      pageSize = PAGE_SIZE,
    ) =>
      cache.writeQuery({
        query: StorefrontDocument,
        variables: { page, pageSize, ...variables(key) },
        data: {
          products: storefrontPage(items, total, page, pageSize),
          productFacets: productFacets(total),
        },
      });
    const read = (cache: Cache, key: Key, pageSize = PAGE_SIZE) =>
      cache
        .readQuery({
          query: StorefrontDocument,
          variables: { page: 1, pageSize, ...variables(key) },
        })
        ?.products.items.map((item) => item.id);
    const idsOf = (from: number, to: number) => products(from, to).map((item) => item.id);

    it('appends page 2, restarts on page 1 and keeps each filter apart', () => {
      const cache = createCache();
      write(cache, 1, {}, products(1, 6), 14);
      write(cache, 2, {}, products(7, 12), 14);
      expect(read(cache, {})).toEqual(idsOf(1, 12));

      write(cache, 1, { filter: { categoryIds: ['c2'] } }, products(40, 41), 2);
      expect(read(cache, { filter: { categoryIds: ['c2'] } })).toEqual(['p40', 'p41']);
      expect(read(cache, { filter: { priceMin: 0, priceMax: 1000 } })).toBeUndefined();
      // The unfiltered list is untouched by the filtered one.
      expect(read(cache, {})).toHaveLength(12);

      write(cache, 1, {}, products(1, 6), 14);
      expect(read(cache, {})).toEqual(idsOf(1, 6));
    });

    it('keeps each search and each sort apart', () => {
      const cache = createCache();
      write(cache, 1, {}, products(1, 6), 14);
      write(cache, 1, { sort: 'PRICE_ASC' }, products(21, 26), 14);
      write(cache, 1, { search: 'phone' }, products(31, 32), 2);
      expect(read(cache, {})).toEqual(idsOf(1, 6));
      expect(read(cache, { sort: 'PRICE_ASC' })).toEqual(idsOf(21, 26));
      expect(read(cache, { search: 'phone' })).toEqual(idsOf(31, 32));
      expect(read(cache, { search: 'phone', sort: 'PRICE_ASC' })).toBeUndefined();
    });

    it('finds a list asked for two pages at once whatever page size reads it', () => {
      const cache = createCache();
      // A view restored at page=2 asks for its 12 products in one request...
      write(cache, 1, { sort: 'NAME_ASC' }, products(1, 12), 20, 2 * PAGE_SIZE);
      // ...and the page reading the same view at the usual size finds them.
      expect(read(cache, { sort: 'NAME_ASC' })).toEqual(idsOf(1, 12));
      // Load more then asks for page 3 of 6, written after the 12.
      write(cache, 3, { sort: 'NAME_ASC' }, products(13, 18), 20);
      expect(read(cache, { sort: 'NAME_ASC' }, 2 * PAGE_SIZE)).toEqual(idsOf(1, 18));
    });
  });
});

describe('toasts', () => {
  it('shows the same words once, however often they are said while on screen', () => {
    notifications.clean();
    for (let at = 0; at < 5; at += 1) notifySuccess('Item added to cart');
    notifySuccess('Product deleted successfully');
    const shown = notificationsStore.getState().notifications.map((toast) => toast.message);
    expect(shown).toEqual(['Item added to cart', 'Product deleted successfully']);
    notifications.clean();
  });
});
