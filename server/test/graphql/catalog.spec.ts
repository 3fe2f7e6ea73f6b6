import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCategories, DemoProduct, demoProducts } from '../../src/database/seed/demo-catalog';
import { renderProductImage } from '../../src/database/seed/product-image';
import { slugify } from '../../src/common/text';
import { seeded, startTestApp, TestApp } from '../support/test-app';
import { categoryIdBySlug, fetchPhoto, missingId, PHOTO_URL } from '../support/fixtures';
import {
  expectRefused,
  expectRequestRefused,
  gql,
  gqlOk,
  PRODUCT_FIELDS,
  ProductPageView,
  ProductView,
  Variables,
} from '../support/gql';

/** The seed adds the catalogue in order, so newest first is the catalogue reversed. */
const NEWEST_FIRST: readonly DemoProduct[] = [...demoProducts].reverse();
const names = (products: readonly { name: string }[]) => products.map((product) => product.name);
const matching = (predicate: (product: DemoProduct) => boolean) =>
  names(NEWEST_FIRST.filter(predicate));
const mentions = (keyword: string) => (product: DemoProduct) =>
  `${product.name}\n${product.description}`.toLowerCase().includes(keyword.toLowerCase());

const PRODUCTS = `
  query Products($page: Int! = 1, $pageSize: Int! = 6, $filter: ProductFilter, $search: String) {
    products(page: $page, pageSize: $pageSize, filter: $filter, search: $search) {
      total page pageSize hasMore
      items { ${PRODUCT_FIELDS} }
    }
  }
`;

describe('GraphQL catalogue queries', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
    await seeded(test);
  });
  afterAll(() => test.close());

  const products = async (variables: Variables): Promise<ProductPageView> =>
    (await gqlOk<{ products: ProductPageView }>(test, PRODUCTS, variables)).products;

  describe('categories and category(slug)', () => {
    it('lists the seven categories by name with their slugs', async () => {
      const { categories } = await gqlOk<{
        categories: { id: string; name: string; slug: string }[];
      }>(test, '{ categories { id name slug } }');
      expect(names(categories)).toEqual([...demoCategories].sort());
      expect(categories.map((category) => category.slug)).toEqual(
        [...demoCategories].sort().map(slugify),
      );
      for (const category of categories) expect(Types.ObjectId.isValid(category.id)).toBe(true);
      expect(categories.find((c) => c.name === 'Home & Kitchen')?.slug).toBe('home-and-kitchen');
    });

    it('finds a category by its slug, in any case', async () => {
      const id = await categoryIdBySlug(test, 'home-and-kitchen');
      for (const slug of ['home-and-kitchen', 'HOME-AND-KITCHEN']) {
        const { category } = await gqlOk(
          test,
          'query ($slug: String!) { category(slug: $slug) { id name slug } }',
          { slug },
        );
        expect(category).toEqual({ id, name: 'Home & Kitchen', slug: 'home-and-kitchen' });
      }
    });

    it('answers null, without an error, for a slug no category has', async () => {
      const result = await gql(test, '{ category(slug: "toys-and-games") { id } }');
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ category: null });
    });

    it('refuses a category query without its slug before running anything', async () => {
      expectRequestRefused(await gql(test, '{ category { id } }'), 'GRAPHQL_VALIDATION_FAILED');
    });
  });

  describe('products: pages', () => {
    it('gives the first six of 48, newest first, by default', async () => {
      const page = await products({});
      expect(page).toMatchObject({ total: 48, page: 1, pageSize: 6, hasMore: true });
      expect(names(page.items)).toEqual(names(NEWEST_FIRST.slice(0, 6)));
    });

    it('continues page 1 on page 2 without overlap, and says hasMore false on the last', async () => {
      const first = await products({ page: 1, pageSize: 20 });
      const second = await products({ page: 2, pageSize: 20 });
      const last = await products({ page: 3, pageSize: 20 });
      expect([first.hasMore, second.hasMore, last.hasMore]).toEqual([true, true, false]);
      expect([first.items.length, second.items.length, last.items.length]).toEqual([20, 20, 8]);
      for (const page of [first, second, last]) expect(page.total).toBe(48);
      expect(second.page).toBe(2);

      const ids = [...first.items, ...second.items, ...last.items].map((item) => item.id);
      expect(new Set(ids).size).toBe(48);
      expect(names([...first.items, ...second.items, ...last.items])).toEqual(names(NEWEST_FIRST));
    });

    it('gives the whole catalogue on one page of 50', async () => {
      const page = await products({ pageSize: 50 });
      expect(page).toMatchObject({ total: 48, page: 1, pageSize: 50, hasMore: false });
      expect(names(page.items)).toEqual(names(NEWEST_FIRST));
    });

    it('answers an empty page past the end, still with the total', async () => {
      const page = await products({ page: 9, pageSize: 6 });
      expect(page).toEqual({ items: [], total: 48, page: 9, pageSize: 6, hasMore: false });
    });

    it.each([
      ['pageSize 51', { pageSize: 51 }],
      ['pageSize 0', { pageSize: 0 }],
      ['page 0', { page: 0 }],
      ['page -1', { page: -1 }],
    ])('refuses %s with BAD_USER_INPUT', async (_label, variables) => {
      const error = expectRefused(
        await gql(test, PRODUCTS, variables),
        'BAD_USER_INPUT',
        'products',
      );
      expect(error.message).toMatch(/page/i);
    });

    it('refuses a page size that is not a whole number before running anything', async () => {
      const result = await gql(test, PRODUCTS, { pageSize: 'ten' });
      expectRequestRefused(result, 'BAD_USER_INPUT');
    });

    it('describes every product with its category and a photo URL', async () => {
      const page = await products({ pageSize: 50 });
      const categoryIds = new Map<string, string>();
      for (const name of demoCategories) {
        categoryIds.set(name, await categoryIdBySlug(test, slugify(name)));
      }
      for (const item of page.items) {
        const demo = demoProducts.find((product) => product.name === item.name)!;
        expect(item).toEqual({
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: demo.name,
          slug: slugify(demo.name),
          description: demo.description,
          price: demo.price,
          quantity: demo.quantity,
          shipping: demo.shipping,
          photoUrl: expect.stringMatching(PHOTO_URL),
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          category: {
            id: categoryIds.get(demo.category),
            name: demo.category,
            slug: slugify(demo.category),
          },
        });
        expect(item.photoUrl).toContain(`/product-photo/${item.id}?`);
      }
    });
  });

  describe('products: filters and search', () => {
    it('filters by one category', async () => {
      const books = await categoryIdBySlug(test, 'books');
      const page = await products({ pageSize: 50, filter: { categoryIds: [books] } });
      const expected = matching((product) => product.category === 'Books');
      expect(expected).toHaveLength(6);
      expect(page.total).toBe(6);
      expect(names(page.items)).toEqual(expected);
      for (const item of page.items) expect(item.category?.name).toBe('Books');
    });

    it('filters by several categories', async () => {
      const ids = [await categoryIdBySlug(test, 'books'), await categoryIdBySlug(test, 'mobiles')];
      const page = await products({ pageSize: 50, filter: { categoryIds: ids } });
      const expected = matching((p) => p.category === 'Books' || p.category === 'Mobiles');
      expect(page.total).toBe(expected.length);
      expect(names(page.items)).toEqual(expected);
    });

    it('treats an empty list of categories as any category', async () => {
      const page = await products({ pageSize: 50, filter: { categoryIds: [] } });
      expect(page.total).toBe(48);
    });

    it('filters by a price range, both bounds included', async () => {
      const page = await products({ pageSize: 50, filter: { priceMin: 999, priceMax: 4999 } });
      const expected = matching((product) => product.price >= 999 && product.price <= 4999);
      expect(names(page.items)).toEqual(expected);
      expect(page.total).toBe(expected.length);
      expect(names(page.items)).toContain('SanDisk Ultra 128GB microSD Card'); // exactly 999
      expect(names(page.items)).toContain('Harry Potter Complete Box Set by J. K. Rowling'); // 4999
    });

    it('filters by a lower or an upper bound alone', async () => {
      const above = await products({ pageSize: 50, filter: { priceMin: 50000 } });
      expect(names(above.items)).toEqual(matching((product) => product.price >= 50000));
      const below = await products({ pageSize: 50, filter: { priceMax: 500 } });
      expect(names(below.items)).toEqual(matching((product) => product.price <= 500));
    });

    it('combines categories and price range', async () => {
      const electronics = await categoryIdBySlug(test, 'electronics');
      const page = await products({
        pageSize: 50,
        filter: { categoryIds: [electronics], priceMin: 1000, priceMax: 10000 },
      });
      const expected = matching(
        (p) => p.category === 'Electronics' && p.price >= 1000 && p.price <= 10000,
      );
      expect(expected).toEqual([
        'Amazon Echo Dot 5th Gen Smart Speaker',
        'JBL Flip 6 Portable Bluetooth Speaker',
        'boAt Rockerz 450 Bluetooth Headphones',
      ]);
      expect(names(page.items)).toEqual(expected);
    });

    it('pages through a filtered list', async () => {
      const filter = { priceMax: 5000 };
      const expected = matching((product) => product.price <= 5000);
      const first = await products({ pageSize: 10, page: 1, filter });
      const second = await products({ pageSize: 10, page: 2, filter });
      expect(first.total).toBe(expected.length);
      expect(first.hasMore).toBe(true);
      expect(names([...first.items, ...second.items])).toEqual(expected.slice(0, 20));
    });

    it('treats a null price bound as no bound', async () => {
      const page = await products({ pageSize: 50, filter: { priceMin: null, priceMax: 500 } });
      expect(names(page.items)).toEqual(matching((product) => product.price <= 500));
    });

    it.each(['samsung', 'SAMSUNG', 'headphones', 'by R. K.', '5G', 'cricket'])(
      'searches names and descriptions for "%s", ignoring case',
      async (keyword) => {
        const page = await products({ pageSize: 50, search: keyword });
        const expected = matching(mentions(keyword));
        expect(expected.length).toBeGreaterThan(0);
        expect(page.total).toBe(expected.length);
        expect(names(page.items)).toEqual(expected);
      },
    );

    it('matches a keyword literally, not as a pattern', async () => {
      for (const keyword of ['(', '.*', '[a-z]+', '\\']) {
        const page = await products({ pageSize: 50, search: keyword });
        expect(names(page.items)).toEqual(matching(mentions(keyword)));
      }
    });

    it('finds nothing for a keyword nobody uses', async () => {
      const page = await products({ pageSize: 50, search: 'zebra-crossing' });
      expect(page).toEqual({ items: [], total: 0, page: 1, pageSize: 50, hasMore: false });
    });

    it('treats a blank search as no search', async () => {
      expect((await products({ pageSize: 50, search: '   ' })).total).toBe(48);
    });

    it('combines search with filters', async () => {
      const mobiles = await categoryIdBySlug(test, 'mobiles');
      const page = await products({
        pageSize: 50,
        search: 'samsung',
        filter: { categoryIds: [mobiles], priceMax: 20000 },
      });
      expect(names(page.items)).toEqual(['Samsung Galaxy M35 5G']);
    });

    it.each([
      ['a category id that is not an id', { filter: { categoryIds: ['books'] } }],
      ['a negative lower bound', { filter: { priceMin: -1 } }],
      ['a lower bound above the upper one', { filter: { priceMin: 5000, priceMax: 1000 } }],
      ['a search over 100 characters', { search: 'a'.repeat(101) }],
    ])('refuses %s with BAD_USER_INPUT', async (_label, variables) => {
      expectRefused(
        await gql(test, PRODUCTS, { pageSize: 50, ...variables }),
        'BAD_USER_INPUT',
        'products',
      );
    });

    it('finds nothing, without an error, for a category id no category has', async () => {
      const page = await products({ filter: { categoryIds: [missingId()] } });
      expect(page.total).toBe(0);
    });
  });

  describe('product(slug)', () => {
    const PRODUCT = `query ($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`;

    it('gives one product with its category', async () => {
      const { product } = await gqlOk<{ product: ProductView }>(test, PRODUCT, {
        slug: 'jbl-flip-6-portable-bluetooth-speaker',
      });
      expect(product).toMatchObject({
        name: 'JBL Flip 6 Portable Bluetooth Speaker',
        slug: 'jbl-flip-6-portable-bluetooth-speaker',
        price: 9999,
        quantity: 45,
        shipping: true,
        category: {
          id: await categoryIdBySlug(test, 'electronics'),
          name: 'Electronics',
          slug: 'electronics',
        },
      });
      expect(product.photoUrl).toMatch(PHOTO_URL);
    });

    it("serves the product's photo, a PNG, at its photoUrl", async () => {
      const index = demoProducts.findIndex((product) => product.name.startsWith('JBL Flip 6'));
      const { product } = await gqlOk<{ product: ProductView }>(test, PRODUCT, {
        slug: 'jbl-flip-6-portable-bluetooth-speaker',
      });
      const photo = await fetchPhoto(test, product.photoUrl!);
      expect(photo.status).toBe(200);
      expect(photo.type).toBe('image/png');
      expect(
        photo.bytes.equals(renderProductImage('JBL Flip 6 Portable Bluetooth Speaker', index)),
      ).toBe(true);
    });

    it('answers null, without an error, for an unknown slug', async () => {
      const result = await gql(test, PRODUCT, { slug: 'no-such-product' });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ product: null });
    });
  });

  describe('relatedProducts', () => {
    const RELATED = `
      query ($productId: ID!, $limit: Int) {
        relatedProducts(productId: $productId, limit: $limit) { id name category { name } }
      }
    `;
    const idOf = async (slug: string) =>
      String((await test.connection.collection('products').findOne({ slug }))!._id);

    it('gives three other products of the same category, newest first', async () => {
      const productId = await idOf('godaan-by-munshi-premchand');
      const { relatedProducts } = await gqlOk<{
        relatedProducts: { id: string; name: string; category: { name: string } }[];
      }>(test, RELATED, { productId });
      const expected = matching(
        (p) => p.category === 'Books' && p.name !== 'Godaan by Munshi Premchand',
      ).slice(0, 3);
      expect(names(relatedProducts)).toEqual(expected);
      expect(relatedProducts.map((p) => p.id)).not.toContain(productId);
      for (const product of relatedProducts) expect(product.category.name).toBe('Books');
    });

    it('gives as many as the limit asks', async () => {
      const productId = await idOf('godaan-by-munshi-premchand');
      const { relatedProducts } = await gqlOk<{ relatedProducts: { name: string }[] }>(
        test,
        RELATED,
        { productId, limit: 5 },
      );
      expect(names(relatedProducts)).toEqual(
        matching((p) => p.category === 'Books' && !p.name.startsWith('Godaan')),
      );
    });

    it('refuses an id that is not an id with BAD_USER_INPUT', async () => {
      expectRefused(
        await gql(test, RELATED, { productId: 'godaan' }),
        'BAD_USER_INPUT',
        'relatedProducts',
      );
    });

    it('refuses an unknown product id with NOT_FOUND', async () => {
      expectRefused(
        await gql(test, RELATED, { productId: missingId() }),
        'NOT_FOUND',
        'relatedProducts',
      );
    });
  });
});
