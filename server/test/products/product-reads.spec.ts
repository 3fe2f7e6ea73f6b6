import { beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '../../src/common/text';
import { demoCategories, DemoProduct, demoProducts } from '../../src/seed/demo-catalog';
import { renderProductImage } from '../../src/seed/product-image';
import {
  categoryIdBySlug,
  expectNewestFirst,
  fetchPhoto,
  missingId,
  PHOTO_URL,
} from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import {
  expectNoPhotoBytes,
  NEWEST_FIRST,
  names,
  PRODUCT,
  ProductPageView,
  ProductReply,
  PRODUCTS,
  ProductView,
  Variables,
} from './operations';

const PAGE_SIZE = 6;
const CATALOGUE = demoProducts.length;
const matching = (predicate: (product: DemoProduct) => boolean) =>
  names(NEWEST_FIRST.filter(predicate));
/** The words of a text as GraphQL's search reads them: lower case, letters and digits. */
const wordsIn = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** Whether each word of `search` begins a word of the product's name or description. */
const hasWordsBeginning = (search: string) => (product: DemoProduct) => {
  const words = wordsIn(`${product.name} ${product.description}`);
  return wordsIn(search).every((word) => words.some((own) => own.startsWith(word)));
};
const sortedNames = (products: readonly { name: string }[]) => names(products).sort();

/**
 * Reading the catalogue: lists, filters, search and single products, on both APIs. Nothing
 * here writes, so every test sees the demo catalogue as seeded, newest first.
 */
describe('reading products', () => {
  const shop = useTestShop({ seed: true });
  const categoryId: Record<string, string> = {};

  beforeAll(async () => {
    const response = await shop.http().get('/api/v1/category/get-category').expect(200);
    for (const category of response.body.category) categoryId[category.name] = category._id;
  });

  const productBySlug = async (slug: string): Promise<ProductReply> =>
    (await shop.http().get(`/api/v1/product/get-product/${slug}`).expect(200)).body.product;
  const search = (keyword: string) =>
    shop.http().get(`/api/v1/product/search/${encodeURIComponent(keyword)}`);
  const filter = (body: object) => shop.http().post('/api/v1/product/product-filters').send(body);
  const products = async (variables: Variables): Promise<ProductPageView> =>
    (await gqlOk<{ products: ProductPageView }>(shop, PRODUCTS, variables)).products;

  describe('REST: product-list and product-count', () => {
    it('gives the first 6 products, newest first, on page 1', async () => {
      const response = await shop.http().get('/api/v1/product/product-list/1').expect(200);
      expect(response.body.success).toBe(true);
      const products: ProductReply[] = response.body.products;
      expect(names(products)).toEqual(names(NEWEST_FIRST.slice(0, PAGE_SIZE)));
      for (const product of products) {
        expect(product).toMatchObject({
          _id: expect.any(String),
          name: expect.any(String),
          slug: expect.any(String),
          description: expect.any(String),
          price: expect.any(Number),
          quantity: expect.any(Number),
          shipping: expect.any(Boolean),
          category: expect.any(String),
        });
      }
      expectNewestFirst(products);
      expectNoPhotoBytes(response.body);
    });

    it('continues on page 2 without repeating page 1', async () => {
      const first = await shop.http().get('/api/v1/product/product-list/1').expect(200);
      const second = await shop.http().get('/api/v1/product/product-list/2').expect(200);
      expect(names(second.body.products)).toEqual(
        names(NEWEST_FIRST.slice(PAGE_SIZE, 2 * PAGE_SIZE)),
      );
      const firstIds = new Set(first.body.products.map((p: ProductReply) => p._id));
      expect(second.body.products.filter((p: ProductReply) => firstIds.has(p._id))).toEqual([]);
    });

    it('walks the whole catalogue page by page and then gives an empty page', async () => {
      const pages = Math.ceil(demoProducts.length / PAGE_SIZE);
      const seen: string[] = [];
      for (let page = 1; page <= pages; page += 1) {
        const response = await shop.http().get(`/api/v1/product/product-list/${page}`).expect(200);
        seen.push(...names(response.body.products));
      }
      expect(seen).toEqual(names(NEWEST_FIRST));
      const after = await shop
        .http()
        .get(`/api/v1/product/product-list/${pages + 1}`)
        .expect(200);
      expect(after.body.products).toEqual([]);
    });

    it('counts every seeded product', async () => {
      const response = await shop.http().get('/api/v1/product/product-count').expect(200);
      expect(response.body).toEqual({ success: true, total: demoProducts.length });
      expect(demoProducts.length).toBeGreaterThanOrEqual(40);
    });
  });

  describe('REST: product-filters', () => {
    const inBand = (price: number, [min, max]: [number, number]) => price >= min && price <= max;

    it('filters by checked categories only', async () => {
      const response = await filter({ checked: [categoryId.Books], radio: [] }).expect(200);
      expect(response.body.success).toBe(true);
      const expected = NEWEST_FIRST.filter((p) => p.category === 'Books');
      expect(expected.length).toBeGreaterThan(0);
      expect(names(response.body.products)).toEqual(names(expected));
      for (const product of response.body.products) {
        expect(product.category).toBe(categoryId.Books);
      }
      expectNoPhotoBytes(response.body);
    });

    it('filters by two checked categories', async () => {
      const response = await filter({
        checked: [categoryId.Books, categoryId.Mobiles],
        radio: [],
      }).expect(200);
      const expected = NEWEST_FIRST.filter((p) => ['Books', 'Mobiles'].includes(p.category));
      expect(names(response.body.products)).toEqual(names(expected));
    });

    it('filters by a price band (radio) only, bounds included', async () => {
      const band: [number, number] = [1001, 3000];
      const response = await filter({ checked: [], radio: band }).expect(200);
      const expected = NEWEST_FIRST.filter((p) => inBand(p.price, band));
      expect(expected.length).toBeGreaterThan(0);
      expect(names(response.body.products)).toEqual(names(expected));
      for (const product of response.body.products) {
        expect(product.price).toBeGreaterThanOrEqual(1001);
        expect(product.price).toBeLessThanOrEqual(3000);
      }
    });

    it('filters by categories and price band together', async () => {
      const band: [number, number] = [0, 1000];
      const checked = ['Books', 'Fashion', 'Beauty & Personal Care'];
      const response = await filter({
        checked: checked.map((name) => categoryId[name]),
        radio: band,
      }).expect(200);
      const expected = NEWEST_FIRST.filter(
        (p) => checked.includes(p.category) && inBand(p.price, band),
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(names(response.body.products)).toEqual(names(expected));
    });

    it('gives every product when both filters are empty or left out', async () => {
      for (const body of [{ checked: [], radio: [] }, {}]) {
        const response = await filter(body).expect(200);
        expect(names(response.body.products)).toEqual(names(NEWEST_FIRST));
      }
    });
  });

  describe('REST: search', () => {
    const matching = (keyword: string) =>
      NEWEST_FIRST.filter((p) =>
        [p.name, p.description].some((text) => text.toLowerCase().includes(keyword.toLowerCase())),
      );

    it('finds products by name whatever the case, as a list', async () => {
      const response = await search('BOAT ROCKERZ').expect(200);
      expect(Array.isArray(response.body)).toBe(true);
      expect(names(response.body)).toEqual(names(matching('boat rockerz')));
      expect(names(response.body)).toContain('boAt Rockerz 450 Bluetooth Headphones');
      expectNoPhotoBytes(response.body);
    });

    it('finds products by words of the description only', async () => {
      const keyword = 'hindi AND english';
      const expected = matching(keyword);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.some((p) => p.name.toLowerCase().includes(keyword.toLowerCase()))).toBe(
        false,
      );
      const response = await search(keyword).expect(200);
      expect(names(response.body)).toEqual(names(expected));
    });

    it('matches regular-expression characters literally', async () => {
      expect(matching('.*')).toEqual([]);
      expect((await search('.*').expect(200)).body).toEqual([]);

      const withBracket = matching('(');
      const bracket = await search('(').expect(200);
      expect(names(bracket.body)).toEqual(names(withBracket));

      expect((await search('[').expect(200)).body).toEqual([]);
      expect((await search('a+b?').expect(200)).body).toEqual([]);
    });

    it('gives an empty list when nothing matches', async () => {
      const response = await search('no-such-thing-in-the-shop').expect(200);
      expect(response.body).toEqual([]);
    });

    it('refuses a keyword longer than 100 characters with 400', async () => {
      const response = await search('a'.repeat(101)).expect(400);
      expect(response.body.success).toBe(false);
    });
  });

  describe('REST: get-product', () => {
    it('lists every product, newest first, with countTotal', async () => {
      const response = await shop.http().get('/api/v1/product/get-product').expect(200);
      expect(response.body).toMatchObject({ success: true, countTotal: demoProducts.length });
      expect(names(response.body.products)).toEqual(names(NEWEST_FIRST));
      expectNoPhotoBytes(response.body);
    });

    it('gives one product by slug with its category as {_id, name}', async () => {
      const demo = demoProducts.find((p) => p.name === 'boAt Rockerz 450 Bluetooth Headphones')!;
      const response = await shop
        .http()
        .get('/api/v1/product/get-product/boat-rockerz-450-bluetooth-headphones')
        .expect(200);
      expect(response.body.success).toBe(true);
      expect(response.body.product).toMatchObject({
        _id: expect.any(String),
        name: demo.name,
        slug: 'boat-rockerz-450-bluetooth-headphones',
        description: demo.description,
        price: demo.price,
        quantity: demo.quantity,
        shipping: demo.shipping,
        category: { _id: categoryId[demo.category], name: demo.category },
      });
      expectNoPhotoBytes(response.body);
    });

    it('answers 404 for a slug no product has', async () => {
      const response = await shop
        .http()
        .get('/api/v1/product/get-product/no-such-product')
        .expect(404);
      expect(response.body).toEqual({ success: false, message: 'Product not found' });
    });
  });

  describe('REST: related-product', () => {
    it('gives at most 3 other products of the same category, newest first', async () => {
      const product = await productBySlug('boat-rockerz-450-bluetooth-headphones');
      const response = await shop
        .http()
        .get(`/api/v1/product/related-product/${product._id}/${categoryId.Electronics}`)
        .expect(200);
      expect(response.body.success).toBe(true);
      const expected = NEWEST_FIRST.filter(
        (p) => p.category === 'Electronics' && p.name !== product.name,
      ).slice(0, 3);
      expect(expected).toHaveLength(3);
      expect(names(response.body.products)).toEqual(names(expected));
      for (const related of response.body.products) {
        expect(related._id).not.toBe(product._id);
        expect(related.category).toBe(categoryId.Electronics);
      }
      expectNoPhotoBytes(response.body);
    });

    it('answers 400 for ids that are not ids and 404 for an unknown product', async () => {
      await shop
        .http()
        .get(`/api/v1/product/related-product/abc/${categoryId.Electronics}`)
        .expect(400);
      const response = await shop
        .http()
        .get(`/api/v1/product/related-product/${missingId()}/${categoryId.Electronics}`)
        .expect(404);
      expect(response.body).toEqual({ success: false, message: 'Product not found' });
    });
  });

  describe('GraphQL: products: pages', () => {
    it('gives the first six of the whole catalogue, newest first, by default', async () => {
      const page = await products({});
      expect(page).toMatchObject({ total: CATALOGUE, page: 1, pageSize: 6, hasMore: true });
      expect(names(page.items)).toEqual(names(NEWEST_FIRST.slice(0, 6)));
    });

    it('continues page 1 on page 2 without overlap, and says hasMore false on the last', async () => {
      const first = await products({ page: 1, pageSize: 20 });
      const second = await products({ page: 2, pageSize: 20 });
      const last = await products({ page: 3, pageSize: 20 });
      expect([first.hasMore, second.hasMore, last.hasMore]).toEqual([true, true, false]);
      expect([first.items.length, second.items.length, last.items.length]).toEqual([
        20,
        20,
        CATALOGUE - 40,
      ]);
      for (const page of [first, second, last]) expect(page.total).toBe(CATALOGUE);
      expect(second.page).toBe(2);

      const ids = [...first.items, ...second.items, ...last.items].map((item) => item.id);
      expect(new Set(ids).size).toBe(CATALOGUE);
      expect(names([...first.items, ...second.items, ...last.items])).toEqual(names(NEWEST_FIRST));
    });

    it('gives the whole catalogue on one page of 50', async () => {
      const page = await products({ pageSize: 50 });
      expect(page).toMatchObject({ total: CATALOGUE, page: 1, pageSize: 50, hasMore: false });
      expect(names(page.items)).toEqual(names(NEWEST_FIRST));
    });

    it('answers an empty page past the end, still with the total', async () => {
      const past = Math.ceil(CATALOGUE / 6) + 1;
      const page = await products({ page: past, pageSize: 6 });
      expect(page).toEqual({
        items: [],
        total: CATALOGUE,
        page: past,
        pageSize: 6,
        hasMore: false,
      });
    });

    it('describes every product with its category and a photo URL', async () => {
      const page = await products({ pageSize: 50 });
      const categoryIds = new Map<string, string>();
      for (const name of demoCategories) {
        categoryIds.set(name, await categoryIdBySlug(shop, slugify(name)));
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

  describe('GraphQL: products: filters and search', () => {
    it('filters by one category', async () => {
      const books = await categoryIdBySlug(shop, 'books');
      const page = await products({ pageSize: 50, filter: { categoryIds: [books] } });
      const expected = matching((product) => product.category === 'Books');
      expect(expected).toHaveLength(6);
      expect(page.total).toBe(6);
      expect(names(page.items)).toEqual(expected);
      for (const item of page.items) expect(item.category?.name).toBe('Books');
    });

    it('filters by several categories', async () => {
      const ids = [await categoryIdBySlug(shop, 'books'), await categoryIdBySlug(shop, 'mobiles')];
      const page = await products({ pageSize: 50, filter: { categoryIds: ids } });
      const expected = matching((p) => p.category === 'Books' || p.category === 'Mobiles');
      expect(page.total).toBe(expected.length);
      expect(names(page.items)).toEqual(expected);
    });

    it('treats an empty list of categories as any category', async () => {
      const page = await products({ pageSize: 50, filter: { categoryIds: [] } });
      expect(page.total).toBe(CATALOGUE);
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
      const electronics = await categoryIdBySlug(shop, 'electronics');
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
        'Noise ColorFit Pro 5 Smart Watch',
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

    it.each(['samsung', 'SAMSUNG', 'headphone', 'sams', 'Bluetooth Speaker', '5G', 'cricket'])(
      'searches names and descriptions for words beginning with those of "%s", ignoring case',
      async (search) => {
        const expected = matching(hasWordsBeginning(search));
        expect(expected.length).toBeGreaterThan(0);
        const best = await products({ pageSize: 50, search });
        expect(best.total).toBe(expected.length);
        expect(sortedNames(best.items)).toEqual([...expected].sort());
        const newest = await products({ pageSize: 50, search, sort: 'NEWEST' });
        expect(names(newest.items)).toEqual(expected);
      },
    );

    it('does not find a word inside another word, as a literal search would', async () => {
      // "phone" is inside "Headphones", "microphones", "iPhone" and "smartphone", yet begins
      // a word only where a phone is meant.
      const page = await products({ pageSize: 50, search: 'phone', sort: 'NEWEST' });
      expect(names(page.items)).toEqual(matching(hasWordsBeginning('phone')));
      expect(names(page.items)).not.toContain('boAt Rockerz 450 Bluetooth Headphones');
      expect(page.total).toBeLessThan(
        matching((p) => /phone/i.test(p.name + p.description)).length,
      );
    });

    it('reads only the words of a search: pattern characters neither match nor fail', async () => {
      for (const search of ['(', '.*', '\\', '[]+']) {
        const page = await products({ pageSize: 50, search });
        expect(page).toMatchObject({ items: [], total: 0 });
      }
      const plain = await products({ pageSize: 50, search: 'samsung' });
      for (const search of ['samsung.*', '(samsung)', '[samsung]+']) {
        expect(names((await products({ pageSize: 50, search })).items)).toEqual(names(plain.items));
      }
    });

    it('finds nothing for a keyword nobody uses', async () => {
      const page = await products({ pageSize: 50, search: 'zebra-crossing' });
      expect(page).toEqual({ items: [], total: 0, page: 1, pageSize: 50, hasMore: false });
    });

    it('finds nothing for a search of only spaces, rather than the whole catalogue', async () => {
      expect((await products({ pageSize: 50, search: '   ' })).total).toBe(0);
    });

    it('treats an empty search as no search', async () => {
      expect((await products({ pageSize: 50, search: '' })).total).toBe(CATALOGUE);
    });

    it('combines search with filters', async () => {
      const mobiles = await categoryIdBySlug(shop, 'mobiles');
      const page = await products({
        pageSize: 50,
        search: 'samsung',
        filter: { categoryIds: [mobiles], priceMax: 20000 },
      });
      expect(names(page.items)).toEqual(['Samsung Galaxy M35 5G']);
    });

    it('finds nothing, without an error, for a category id no category has', async () => {
      const page = await products({ filter: { categoryIds: [missingId()] } });
      expect(page.total).toBe(0);
    });
  });

  describe('GraphQL: product(slug)', () => {
    it('gives one product with its category', async () => {
      const { product } = await gqlOk<{ product: ProductView }>(shop, PRODUCT, {
        slug: 'jbl-flip-6-portable-bluetooth-speaker',
      });
      expect(product).toMatchObject({
        name: 'JBL Flip 6 Portable Bluetooth Speaker',
        slug: 'jbl-flip-6-portable-bluetooth-speaker',
        price: 9999,
        quantity: 45,
        shipping: true,
        category: {
          id: await categoryIdBySlug(shop, 'electronics'),
          name: 'Electronics',
          slug: 'electronics',
        },
      });
      expect(product.photoUrl).toMatch(PHOTO_URL);
    });

    it("serves the product's photo, a PNG, at its photoUrl", async () => {
      const index = demoProducts.findIndex((product) => product.name.startsWith('JBL Flip 6'));
      const { product } = await gqlOk<{ product: ProductView }>(shop, PRODUCT, {
        slug: 'jbl-flip-6-portable-bluetooth-speaker',
      });
      const photo = await fetchPhoto(shop, product.photoUrl!);
      expect(photo.status).toBe(200);
      expect(photo.type).toBe('image/png');
      expect(photo.bytes.equals(await renderProductImage(demoProducts[index]))).toBe(true);
    });

    it('answers null, without an error, for an unknown slug', async () => {
      const result = await gql(shop, PRODUCT, { slug: 'no-such-product' });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ product: null });
    });
  });

  describe('GraphQL: relatedProducts', () => {
    const RELATED = `
      query ($productId: ID!, $limit: Int) {
        relatedProducts(productId: $productId, limit: $limit) { id name category { name } }
      }
    `;
    const idOf = async (slug: string) =>
      String((await shop.connection.collection('products').findOne({ slug }))!._id);

    it('gives three other products of the same category, newest first', async () => {
      const productId = await idOf('godaan-by-munshi-premchand');
      const { relatedProducts } = await gqlOk<{
        relatedProducts: { id: string; name: string; category: { name: string } }[];
      }>(shop, RELATED, { productId });
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
        shop,
        RELATED,
        { productId, limit: 5 },
      );
      expect(names(relatedProducts)).toEqual(
        matching((p) => p.category === 'Books' && !p.name.startsWith('Godaan')),
      );
    });

    it('refuses an id that is not an id with BAD_USER_INPUT', async () => {
      expectRefused(
        await gql(shop, RELATED, { productId: 'godaan' }),
        'BAD_USER_INPUT',
        'relatedProducts',
      );
    });

    it('refuses an unknown product id with NOT_FOUND', async () => {
      expectRefused(
        await gql(shop, RELATED, { productId: missingId() }),
        'NOT_FOUND',
        'relatedProducts',
      );
    });
  });
  describe('GraphQL: productsByIds (the cart checks stock and prices)', () => {
    const BY_IDS = 'query ($ids: [ID!]!) { productsByIds(ids: $ids) { id name price quantity } }';

    it('returns the current price and stock of each product that still exists', async () => {
      const stored = await shop.connection.collection('products').find().limit(3).toArray();
      const ids = stored.map((product) => String(product._id));
      const { data } = await gql<{
        productsByIds: { id: string; price: number; quantity: number }[];
      }>(shop, BY_IDS, { ids: [...ids, missingId()] });
      expect(data!.productsByIds.map((product) => product.id).sort()).toEqual([...ids].sort());
      for (const product of stored) {
        const found = data!.productsByIds.find((item) => item.id === String(product._id));
        // Stored in paise, answered in rupees.
        expect(found).toMatchObject({ price: product.price / 100, quantity: product.quantity });
      }
    });

    it('refuses an id that is not an id, and more than 100 ids', async () => {
      expectRefused(await gql(shop, BY_IDS, { ids: ['not-an-id'] }), 'BAD_USER_INPUT');
      const many = Array.from({ length: 101 }, () => missingId());
      expectRefused(await gql(shop, BY_IDS, { ids: many }), 'BAD_USER_INPUT');
    });
  });
});
