import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { PRICE_BANDS, STOREFRONT_PAGE_SIZE } from '../../src/shared/rules';
import {
  checkout,
  expectError,
  newCategory,
  newProduct,
  snapshot,
  updateProduct,
} from '../support/fixtures';
import { expectRefused, gql, gqlOk, Variables } from '../support/gql';
import { useTestShop } from '../support/test-app';
import {
  CREATE_PRODUCT,
  DELETE_PRODUCT,
  productInput,
  RestSort,
  SORTS,
} from '../products/operations';

/** A product as stored: price in paise. */
interface Row {
  _id: Types.ObjectId;
  name: string;
  description: string;
  price: number;
  quantity: number;
  category: Types.ObjectId;
  createdAt: Date;
}

interface Listed {
  id: string;
  name: string;
}

interface Page {
  items: Listed[];
  total: number;
  hasMore: boolean;
  matchedWords: string[];
  correctedSearch: string | null;
}

interface Facets {
  total: number;
  inStock: number;
  categories: { count: number; category: { id: string; name: string } }[];
  priceBands: { label: string; min: number; max: number; count: number }[];
}

interface Suggestions {
  products: Listed[];
  categories: { id: string; name: string }[];
}

const PRODUCTS = `
  query ($page: Int!, $pageSize: Int!, $filter: ProductFilter, $search: String, $sort: ProductSort) {
    products(page: $page, pageSize: $pageSize, filter: $filter, search: $search, sort: $sort) {
      total hasMore matchedWords correctedSearch items { id name }
    }
  }
`;

const FACETS = `
  query ($filter: ProductFilter, $search: String) {
    productFacets(filter: $filter, search: $search) {
      total inStock
      categories { count category { id name } }
      priceBands { label min max count }
    }
  }
`;

const SUGGESTIONS = `
  query ($text: String!) {
    searchSuggestions(text: $text) { products { id name } categories { id name } }
  }
`;

const newestFirst = (a: Row, b: Row) =>
  b.createdAt.getTime() - a.createdAt.getTime() ||
  (String(a._id) < String(b._id) ? 1 : String(a._id) > String(b._id) ? -1 : 0);
const lower = (row: Row) => row.name.toLowerCase();

/** Each order written plainly: ties newest first (created later, then the larger id). */
const ORDER: Record<RestSort, (a: Row, b: Row) => number> = {
  newest: newestFirst,
  'price-asc': (a, b) => a.price - b.price || newestFirst(a, b),
  'price-desc': (a, b) => b.price - a.price || newestFirst(a, b),
  'name-asc': (a, b) => (lower(a) < lower(b) ? -1 : lower(a) > lower(b) ? 1 : newestFirst(a, b)),
};

const KETTLE = 'Pigeon Amaze Plus Electric Kettle 1.5 Litre';
const SMART_WATCH = 'Noise ColorFit Pro 5 Smart Watch';
const SORT_REFUSED = 'sort must be one of newest, price-asc, price-desc, name-asc, top-rated';

/** Words as a search reads them: accents dropped, lower case, letters and digits only. */
const wordsIn = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * What a search finds as typed (decision 011): every word of it is a word of the product,
 * or begins one when it has 3 letters or more (2 as the last word), or is two adjacent
 * words of the name written as one.
 */
const foundAsTyped = (search: string) => (row: Row) => {
  const own = wordsIn(`${row.name} ${row.description}`);
  const name = wordsIn(row.name);
  const joined = name.slice(1).map((word, at) => name[at] + word);
  const words = wordsIn(search);
  return words.every((word, at) => {
    const prefix = word.length >= 3 || (at === words.length - 1 && word.length >= 2);
    return (
      own.some((candidate) => (prefix ? candidate.startsWith(word) : candidate === word)) ||
      joined.includes(word)
    );
  });
};

const names = (items: { name: string }[]) => items.map((item) => item.name);
const ids = (rows: Row[]) => rows.map((row) => String(row._id));

describe('discovery: search, sorting and facet counts', () => {
  const shop = useTestShop({ seed: true });

  const stored = async () =>
    (await shop.connection
      .collection('products')
      .find({}, { projection: { stockHolds: 0, photos: 0 } })
      .toArray()) as unknown as Row[];
  const storedCategories = async () =>
    (await shop.connection.collection('categories').find().toArray()).map((category) => ({
      id: String(category._id),
      name: category.name as string,
    }));

  const page = async (variables: Variables) =>
    (await gqlOk<{ products: Page }>(shop, PRODUCTS, { page: 1, pageSize: 50, ...variables }))
      .products;
  const facets = async (variables: Variables) =>
    (await gqlOk<{ productFacets: Facets }>(shop, FACETS, variables)).productFacets;
  const suggestions = async (text: string) =>
    (await gqlOk<{ searchSuggestions: Suggestions }>(shop, SUGGESTIONS, { text }))
      .searchSuggestions;

  /** Every page of pageSize 7, concatenated; each page says whether another follows. */
  const everyPage = async (variables: Variables) => {
    const items: Listed[] = [];
    for (let number = 1; ; number += 1) {
      const { products } = await gqlOk<{ products: Page }>(shop, PRODUCTS, {
        ...variables,
        page: number,
        pageSize: 7,
      });
      expect(products.items.length).toBeLessThanOrEqual(7);
      items.push(...products.items);
      expect(products.hasMore).toBe(items.length < products.total);
      if (!products.hasMore) return { items, total: products.total };
    }
  };

  describe('facet counts', () => {
    it('equal brute-force counts over the stored products for 60 random filters', async () => {
      const products = await stored();
      const categories = (await storedCategories()).sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      );
      expect(products.some((row) => row.quantity === 0)).toBe(true);
      let seed = 13;
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      const searches = ['samsung', 'cotton', 'with', 'for men', 'phone'];
      let nonZero = 0;

      for (let round = 0; round < 60; round++) {
        const filter: Variables = {};
        const chosen = categories.filter(() => random() < 0.35).map((category) => category.id);
        if (random() < 0.6) filter.categoryIds = chosen;
        const price = random();
        if (price < 0.35) {
          const band = PRICE_BANDS[Math.floor(random() * PRICE_BANDS.length)];
          Object.assign(filter, { priceMin: band.min, priceMax: band.max });
        } else if (price < 0.6) {
          // Bounds in rupees, some with paise, some one-sided.
          const low = Math.floor(random() * 30_000) + (random() < 0.3 ? 0.5 : 0);
          if (random() < 0.7) filter.priceMin = low;
          if (random() < 0.7) filter.priceMax = low + Math.floor(random() * 60_000);
        }
        if (random() < 0.3) filter.inStock = true;
        const search = random() < 0.4 ? searches[round % searches.length] : undefined;

        const searched = search ? products.filter(foundAsTyped(search)) : products;
        const inCategory = (row: Row) =>
          !(filter.categoryIds as string[] | undefined)?.length ||
          (filter.categoryIds as string[]).includes(String(row.category));
        const rupees = (row: Row) => row.price / 100;
        const inPrice = (row: Row) =>
          rupees(row) >= ((filter.priceMin as number | undefined) ?? -Infinity) &&
          rupees(row) <= ((filter.priceMax as number | undefined) ?? Infinity);
        const stockAllowed = (row: Row) => !filter.inStock || row.quantity > 0;
        const count = (test: (row: Row) => boolean) => searched.filter(test).length;

        const expected: Facets = {
          total: count((row) => inCategory(row) && inPrice(row) && stockAllowed(row)),
          inStock: count((row) => inCategory(row) && inPrice(row) && row.quantity > 0),
          categories: categories.map((category) => ({
            category,
            count: count(
              (row) => String(row.category) === category.id && inPrice(row) && stockAllowed(row),
            ),
          })),
          priceBands: PRICE_BANDS.map((band) => ({
            ...band,
            count: count(
              (row) =>
                inCategory(row) &&
                stockAllowed(row) &&
                rupees(row) >= band.min &&
                rupees(row) <= band.max,
            ),
          })),
        };
        const label = JSON.stringify({ filter, search });
        const variables = { filter, search };
        expect(await facets(variables), label).toEqual(expected);
        // The page asked with the same filter lists as many products as the facets count.
        expect((await page({ ...variables, pageSize: 1 })).total, label).toBe(expected.total);
        if (expected.total > 0) nonZero += 1;
      }
      // The filters were not all so narrow that every count was 0.
      expect(nonZero).toBeGreaterThan(20);
    });

    it('count every category, also one without products, and every price band', async () => {
      const empty = await newCategory(shop, shop.admin);
      const answer = await facets({});
      const all = await storedCategories();
      expect(answer.categories).toHaveLength(all.length);
      expect(answer.categories.find(({ category }) => category.id === empty._id)?.count).toBe(0);
      const listed = names(answer.categories.map(({ category }) => category));
      expect(listed).toEqual([...listed].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(answer.priceBands.map(({ label }) => label)).toEqual(
        PRICE_BANDS.map(({ label }) => label),
      );
      expect(answer.total).toBe((await stored()).length);
    });

    it('refuse a filter the products refuse', async () => {
      for (const variables of [
        { filter: { priceMin: 500, priceMax: 100 } },
        { filter: { categoryIds: ['books'] } },
        { search: 'a'.repeat(101) },
      ]) {
        expectRefused(await gql(shop, FACETS, variables), 'BAD_USER_INPUT', 'productFacets');
      }
    });
  });

  describe('sort orders', () => {
    it.each(SORTS)(
      'GraphQL %s (%s) pages of 7 concatenate to the plainly sorted catalogue',
      async (rest, graphql) => {
        const expected = ids((await stored()).sort(ORDER[rest]));
        const { items, total } = await everyPage({ sort: graphql });
        expect(total).toBe(expected.length);
        expect(items.map((item) => item.id)).toEqual(expected);
      },
    );

    it.each(SORTS)('GraphQL %s (%s) across pages of a filtered search', async (rest, graphql) => {
      const filter = { priceMax: 60_000, inStock: true };
      const expected = ids(
        (await stored())
          .filter((row) => row.price <= 6_000_000 && row.quantity > 0)
          .filter(foundAsTyped('with'))
          .sort(ORDER[rest]),
      );
      expect(expected.length).toBeGreaterThan(14);
      const { items } = await everyPage({ sort: graphql, filter, search: 'with' });
      expect(items.map((item) => item.id)).toEqual(expected);
    });

    it('RELEVANCE is newest first without a search, and stable across pages with one', async () => {
      const newest = ids((await stored()).sort(ORDER.newest));
      const { items } = await everyPage({ sort: 'RELEVANCE' });
      expect(items.map((item) => item.id)).toEqual(newest);

      const whole = await page({ search: 'with', sort: 'RELEVANCE' });
      expect(whole.total).toBeGreaterThan(14);
      const paged = await everyPage({ search: 'with', sort: 'RELEVANCE' });
      expect(paged.items).toEqual(whole.items);
      // Without a sort a search is ranked: the same order as RELEVANCE.
      expect((await page({ search: 'with' })).items).toEqual(whole.items);
    });

    it.each(SORTS)('REST product-list?sort=%s, page by page', async (rest) => {
      const expected = ids((await stored()).sort(ORDER[rest]));
      const listed: string[] = [];
      for (let number = 1; ; number += 1) {
        const response = await shop
          .http()
          .get(`/api/v1/product/product-list/${number}?sort=${rest}`)
          .expect(200);
        const products = response.body.products as { _id: string }[];
        if (products.length === 0) break;
        expect(products.length).toBeLessThanOrEqual(STOREFRONT_PAGE_SIZE);
        listed.push(...products.map((product) => product._id));
      }
      expect(listed).toEqual(expected);
    });

    it.each(SORTS)('REST product-filters and search, ?sort=%s', async (rest) => {
      const rows = await stored();
      const category = String(rows.find((row) => row.name === SMART_WATCH)!.category);
      const filtered = await shop
        .http()
        .post(`/api/v1/product/product-filters?sort=${rest}`)
        .send({ checked: [category], radio: [500, 100_000] })
        .expect(200);
      const expected = rows
        .filter((row) => String(row.category) === category)
        .filter((row) => row.price >= 50_000 && row.price <= 10_000_000)
        .sort(ORDER[rest]);
      expect(expected.length).toBeGreaterThan(3);
      expect(filtered.body.products.map((product: { _id: string }) => product._id)).toEqual(
        ids(expected),
      );

      const searched = await shop.http().get(`/api/v1/product/search/an?sort=${rest}`).expect(200);
      const literal = rows
        .filter((row) => /an/i.test(row.name) || /an/i.test(row.description))
        .sort(ORDER[rest]);
      expect(literal.length).toBeGreaterThan(10);
      expect(searched.body.map((product: { _id: string }) => product._id)).toEqual(ids(literal));
    });

    it.each([
      '/api/v1/product/product-list/1?sort=cheapest',
      '/api/v1/product/product-list/1?sort=relevance',
      '/api/v1/product/product-list/1?sort=PRICE_ASC',
      '/api/v1/product/product-list/1?sort=',
      '/api/v1/product/product-list/1?sort=newest&sort=price-asc',
      '/api/v1/product/search/kettle?sort=price',
    ])('REST GET %s -> 400, changing nothing', async (path) => {
      const before = await snapshot(shop);
      expectError(await shop.http().get(path), 400, SORT_REFUSED);
      expect(await snapshot(shop)).toEqual(before);
    });

    it('REST POST product-filters?sort=relevance -> 400, changing nothing', async () => {
      const before = await snapshot(shop);
      const response = await shop
        .http()
        .post('/api/v1/product/product-filters?sort=relevance')
        .send({ checked: [], radio: [] });
      expectError(response, 400, SORT_REFUSED);
      expect(await snapshot(shop)).toEqual(before);
    });
  });

  describe('search', () => {
    it('forgives "kettel" and says it searched for "kettle"', async () => {
      const found = await page({ search: 'kettel' });
      expect(found.items[0].name).toBe(KETTLE);
      expect(found.correctedSearch).toBe('kettle');
      expect(found.matchedWords).toContain('kettle');
    });

    it('corrects only the mistyped words, not one that begins a word', async () => {
      // "cook" begins "cooker"; "look", one letter away, is a word of other products.
      const found = await page({ search: 'presure cook' });
      expect(names(found.items)).toEqual(['Hawkins Contura 5 Litre Pressure Cooker']);
      expect(found.correctedSearch).toBe('pressure cook');
      expect(found.matchedWords).toEqual(expect.arrayContaining(['pressure', 'cooker']));
    });

    it('finds the smart watch for "smartwatch", with nothing to correct', async () => {
      const found = await page({ search: 'smartwatch' });
      expect(names(found.items)).toEqual([SMART_WATCH]);
      expect(found.correctedSearch).toBeNull();
      expect(found.matchedWords).toEqual(expect.arrayContaining(['smart', 'watch']));
    });

    it('matches "sams" as the beginning of a word: the Samsung products, first', async () => {
      const rows = await stored();
      const samsung = rows.filter((row) => /\bsamsung\b/i.test(row.name));
      expect(samsung.length).toBeGreaterThanOrEqual(4);
      const found = await page({ search: 'sams' });
      expect(found.correctedSearch).toBeNull();
      expect(found.matchedWords).toEqual(['samsung']);
      expect(found.total).toBe(rows.filter(foundAsTyped('sams')).length);
      expect(names(found.items.slice(0, samsung.length)).sort()).toEqual(names(samsung).sort());
    });

    it('lists the words each search matched, beginnings completed', async () => {
      const found = await page({ search: 'bluetooth speak' });
      expect(names(found.items)).toContain('JBL Flip 6 Portable Bluetooth Speaker');
      expect(found.matchedWords).toEqual(expect.arrayContaining(['bluetooth', 'speaker']));
      expect(found.matchedWords).not.toContain('speak');
      for (const word of found.matchedWords) {
        expect(['bluetooth', 'speak'].some((typed) => word.startsWith(typed))).toBe(true);
      }
      const none = await page({});
      expect(none.matchedWords).toEqual([]);
      expect(none.correctedSearch).toBeNull();
    });

    it.each(['phone', 'camera', 'leather', 'with', 'for'])(
      'ranks products named "%s" before those that only describe it',
      async (word) => {
        const found = await page({ search: word });
        const inName = found.items.map(({ name }) =>
          wordsIn(name).some((own) => own.startsWith(word)),
        );
        expect(inName).toContain(true);
        expect(inName).toContain(false);
        expect(inName).toEqual([...inName].sort((a, b) => Number(b) - Number(a)));
        // Sorted otherwise, the same products.
        const newest = await page({ search: word, sort: 'NEWEST' });
        expect(newest.items.map(({ id }) => id).sort()).toEqual(
          found.items.map(({ id }) => id).sort(),
        );
      },
    );

    it('REST search stays literal: "kettel" and "smartwatch" find nothing there', async () => {
      const search = async (keyword: string) =>
        names(
          (
            await shop
              .http()
              .get(`/api/v1/product/search/${encodeURIComponent(keyword)}`)
              .expect(200)
          ).body,
        );
      expect(await search('kettel')).toEqual([]);
      expect(await search('smartwatch')).toEqual([]);
      expect(await search('kettle')).toContain(KETTLE);
      expect(await search('Smart Watch')).toContain(SMART_WATCH);
      // Inside a word, as before: "ettl" is no word's beginning, yet is in "Kettle".
      expect(await search('ettl')).toContain(KETTLE);
      expect((await page({ search: 'ettl' })).items.map(({ name }) => name)).not.toContain(KETTLE);
    });
  });

  describe('searchSuggestions', () => {
    it('offers at most 6 products, the best matches of the same search', async () => {
      const many = await page({ search: 'with' });
      expect(many.total).toBeGreaterThan(6);
      const offered = await suggestions('with');
      expect(offered.products).toEqual(many.items.slice(0, 6));

      // "sam" begins "Samsung" in four names, and "samosas" in one description.
      const typed = await suggestions('sam');
      expect(typed.products.length).toBeLessThanOrEqual(6);
      expect(typed.products).toEqual((await page({ search: 'sam' })).items.slice(0, 6));
      expect(names(typed.products.slice(0, 4))).toEqual(
        expect.arrayContaining([
          'Samsung Galaxy M35 5G',
          'Samsung Galaxy S24 Ultra 256GB',
          'Samsung 653L Side-by-Side Refrigerator',
          'Samsung 43-inch Crystal 4K UHD Smart TV',
        ]),
      );
    });

    it('offers the categories with a word beginning with each word typed', async () => {
      expect(names((await suggestions('ele')).categories)).toEqual(['Electronics']);
      expect(names((await suggestions('Home kit')).categories)).toEqual(['Home & Kitchen']);
      expect(names((await suggestions('pers care')).categories)).toEqual([
        'Beauty & Personal Care',
      ]);
      expect((await suggestions('sam')).categories).toEqual([]);
      expect((await suggestions('lectronics')).categories).toEqual([]);
    });

    it('offers nothing for fewer than 2 characters', async () => {
      for (const text of ['', 's', ' e ', '  ']) {
        expect(await suggestions(text)).toEqual({ products: [], categories: [] });
      }
      expect((await suggestions('el')).categories.length).toBeGreaterThan(0);
    });

    it('refuses more than 100 characters and control characters with BAD_USER_INPUT', async () => {
      const refused = async (text: string) =>
        expectRefused(await gql(shop, SUGGESTIONS, { text }), 'BAD_USER_INPUT', 'searchSuggestions')
          .message;
      expect(await refused('s'.repeat(101))).toBe('Search is too long');
      expect(await refused('sam\u0000')).toBe('Search must not contain control characters');
      expect(await refused('sa\u0007m')).toBe('Search must not contain control characters');
      expect(await suggestions('s'.repeat(100))).toEqual({ products: [], categories: [] });
    });
  });

  describe('the index follows changes', () => {
    it('finds a product created, renamed and deleted through the API right after each', async () => {
      const found = async (search: string) => names((await page({ search })).items);
      const created = await gqlOk<{ createProduct: { id: string } }>(
        shop,
        CREATE_PRODUCT,
        {
          input: await productInput(shop, {
            name: 'Zorbolite Tiffin Box',
            description: 'A three-tier steel lunch box.',
          }),
        },
        shop.admin,
      );
      const id = created.createProduct.id;
      expect(await found('zorbolite')).toEqual(['Zorbolite Tiffin Box']);
      expect(await found('zorbolit')).toEqual(['Zorbolite Tiffin Box']);
      const typo = await page({ search: 'zorbolita' });
      expect(names(typo.items)).toEqual(['Zorbolite Tiffin Box']);
      expect(typo.correctedSearch).toBe('zorbolite');
      expect(names((await suggestions('zorb')).products)).toEqual(['Zorbolite Tiffin Box']);

      await updateProduct(shop, shop.admin, id, { name: 'Quenmark Tiffin Box' });
      expect(await found('zorbolite')).toEqual([]);
      expect((await page({ search: 'zorbolite' })).correctedSearch).toBeNull();
      expect(await found('quenmark')).toEqual(['Quenmark Tiffin Box']);
      expect(names((await suggestions('zorb')).products)).toEqual([]);

      await gqlOk(shop, DELETE_PRODUCT, { id }, shop.admin);
      expect(await found('quenmark')).toEqual([]);
      expect(await found('tiffin')).toEqual([]);
      expect(await found('quenmak')).toEqual([]);
      expect((await facets({ search: 'quenmark' })).total).toBe(0);
    });

    it('follows a description change too', async () => {
      const product = await newProduct(shop, shop.admin, {
        name: 'Copper Lota',
        description: 'A plain copper water pot.',
      });
      expect((await page({ search: 'vellankite copper' })).total).toBe(0);
      await updateProduct(shop, shop.admin, product._id, {
        description: 'A Vellankite copper water pot.',
      });
      expect(names((await page({ search: 'vellankite copper' })).items)).toEqual(['Copper Lota']);
      expect(names((await page({ search: 'plain copper' })).items)).not.toContain('Copper Lota');
    });

    it('counts a product out of "in stock" once an edit or a checkout takes its stock to 0', async () => {
      const category = await newCategory(shop, shop.admin);
      const product = await newProduct(shop, shop.admin, { category: category._id, quantity: 2 });
      const own = { categoryIds: [category._id] };
      const inCategory = async (filter: Variables) =>
        (await facets({ filter })).categories.find((c) => c.category.id === category._id)!.count;
      // Asked first, so that a count kept from before a change would show.
      expect(await facets({ filter: own })).toMatchObject({ total: 1, inStock: 1 });
      expect(await inCategory({ inStock: true })).toBe(1);

      await updateProduct(shop, shop.admin, product._id, { quantity: 0 });
      expect(await facets({ filter: own })).toMatchObject({ total: 1, inStock: 0 });
      expect(await inCategory({ inStock: true })).toBe(0);
      expect((await page({ filter: { ...own, inStock: true } })).total).toBe(0);

      await updateProduct(shop, shop.admin, product._id, { quantity: 2 });
      expect(await facets({ filter: own })).toMatchObject({ total: 1, inStock: 1 });
      await checkout(shop, shop.shopper, [{ productId: product._id, quantity: 2 }]).expect(201);
      expect(await facets({ filter: own })).toMatchObject({ total: 1, inStock: 0 });
      expect(await facets({ filter: { ...own, inStock: true } })).toMatchObject({ total: 0 });
      expect(await inCategory({ inStock: true })).toBe(0);
    });
  });
});
