import { beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct, demoProducts } from '../../src/seed/demo-catalog';
import { useTestShop } from '../support/test-app';
import { categoryIdBySlug } from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { RestSort, SORTS } from './operations';

const PRODUCTS = `
  query ($filter: ProductFilter, $search: String, $sort: ProductSort) {
    products(pageSize: 50, filter: $filter, search: $search, sort: $sort) {
      total hasMore items { id name }
    }
  }
`;

/** The seed stores the catalogue in order: a later product is newer. */
const age = (product: DemoProduct) => demoProducts.indexOf(product);
const newestFirst = (a: DemoProduct, b: DemoProduct) => age(b) - age(a);
const lowerName = (product: DemoProduct) => product.name.toLowerCase();
/** Each order written plainly, ties newest first. */
const ORDER: Record<RestSort, (a: DemoProduct, b: DemoProduct) => number> = {
  newest: newestFirst,
  'price-asc': (a, b) => a.price - b.price || newestFirst(a, b),
  'price-desc': (a, b) => b.price - a.price || newestFirst(a, b),
  'name-asc': (a, b) =>
    lowerName(a) < lowerName(b) ? -1 : lowerName(a) > lowerName(b) ? 1 : newestFirst(a, b),
};

/** Words as GraphQL's search reads them: lower case, letters and digits. */
const wordsIn = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const names = (listed: { name: string }[]) => listed.map((product) => product.name);

interface Listed {
  _id?: string;
  id?: string;
  name: string;
}

interface FilterCase {
  label: string;
  categories: string[];
  radio: [number, number] | [];
  expect: (product: DemoProduct) => boolean;
}

const FILTERS: FilterCase[] = [
  { label: 'no filter', categories: [], radio: [], expect: () => true },
  {
    label: 'one category',
    categories: ['books'],
    radio: [],
    expect: (p) => p.category === 'Books',
  },
  {
    label: 'two categories',
    categories: ['electronics', 'beauty-and-personal-care'],
    radio: [],
    expect: (p) => p.category === 'Electronics' || p.category === 'Beauty & Personal Care',
  },
  {
    label: 'a price range',
    categories: [],
    radio: [1000, 4999],
    expect: (p) => p.price >= 1000 && p.price <= 4999,
  },
  {
    label: 'a price range from 0',
    categories: [],
    radio: [0, 999],
    expect: (p) => p.price <= 999,
  },
  {
    label: 'categories and a price range',
    categories: ['mobiles', 'home-and-kitchen'],
    radio: [10000, 40000],
    expect: (p) =>
      (p.category === 'Mobiles' || p.category === 'Home & Kitchen') &&
      p.price >= 10000 &&
      p.price <= 40000,
  },
];

const KEYWORDS = ['samsung', 'Bluetooth', 'by', '5G', 'kurta', 'Cotton Kurta', 'phone'];

describe('GraphQL and REST list the same products in the same order', () => {
  const shop = useTestShop({ seed: true });
  const categoryIds = new Map<string, string>();

  beforeAll(async () => {
    for (const slug of new Set(FILTERS.flatMap((filterCase) => filterCase.categories))) {
      categoryIds.set(slug, await categoryIdBySlug(shop, slug));
    }
  });

  const viaGraphql = async (variables: Record<string, unknown>) => {
    const { products } = await gqlOk<{
      products: { total: number; hasMore: boolean; items: Listed[] };
    }>(shop, PRODUCTS, variables);
    expect(products.hasMore).toBe(false);
    expect(products.total).toBe(products.items.length);
    return products.items;
  };
  const idsOf = (listed: Listed[]) => listed.map((product) => product._id ?? product.id);

  it.each(FILTERS)('with $label', async (filterCase) => {
    const checked = filterCase.categories.map((slug) => categoryIds.get(slug)!);
    const rest = await shop
      .http()
      .post('/api/v1/product/product-filters')
      .send({ checked, radio: filterCase.radio })
      .expect(200);
    expect(rest.body.success).toBe(true);
    const restIds = (rest.body.products as Listed[]).map((product) => product._id);

    const [priceMin, priceMax] = filterCase.radio;
    const graphqlIds = idsOf(
      await viaGraphql({
        filter: { categoryIds: checked, ...(filterCase.radio.length && { priceMin, priceMax }) },
      }),
    );

    const expected = demoProducts.filter(filterCase.expect).length;
    expect(expected).toBeGreaterThan(0);
    expect(restIds).toHaveLength(expected);
    expect(graphqlIds).toEqual(restIds);
  });

  it('with no filter argument at all, as REST with an empty body', async () => {
    const rest = await shop.http().post('/api/v1/product/product-filters').send({}).expect(200);
    const graphqlIds = idsOf(await viaGraphql({}));
    expect(graphqlIds).toHaveLength(demoProducts.length);
    expect(graphqlIds).toEqual((rest.body.products as Listed[]).map((product) => product._id));
  });

  const sortCases = FILTERS.flatMap((filterCase) =>
    SORTS.map(([rest, graphql]) => ({ ...filterCase, rest, graphql })),
  );
  it.each(sortCases)('with $label, sorted $rest (GraphQL $graphql)', async (sortCase) => {
    const checked = sortCase.categories.map((slug) => categoryIds.get(slug)!);
    const rest = await shop
      .http()
      .post(`/api/v1/product/product-filters?sort=${sortCase.rest}`)
      .send({ checked, radio: sortCase.radio })
      .expect(200);
    const [priceMin, priceMax] = sortCase.radio;
    const graphql = await viaGraphql({
      filter: { categoryIds: checked, ...(sortCase.radio.length && { priceMin, priceMax }) },
      sort: sortCase.graphql,
    });
    const expected = demoProducts.filter(sortCase.expect).sort(ORDER[sortCase.rest]);
    expect(names(rest.body.products)).toEqual(names(expected));
    expect(names(graphql)).toEqual(names(expected));
  });

  /*
   * Searches differ by design: REST's (the original contract) finds the keyword anywhere in
   * a name or description, GraphQL's finds words beginning with the search's words. Sorted
   * alike, both keep the same order for what they find.
   */
  it.each(KEYWORDS)(
    'searching "%s": REST literally, GraphQL by word, both newest first',
    async (keyword) => {
      const rest = await shop
        .http()
        .get(`/api/v1/product/search/${encodeURIComponent(keyword)}`)
        .expect(200);
      const graphql = await viaGraphql({ search: keyword, sort: 'NEWEST' });

      const byNewest = [...demoProducts].sort(newestFirst);
      const literally = byNewest.filter((product) =>
        `${product.name}\n${product.description}`.toLowerCase().includes(keyword.toLowerCase()),
      );
      const byWord = byNewest.filter((product) => {
        const own = wordsIn(`${product.name} ${product.description}`);
        return wordsIn(keyword).every((word) =>
          own.some((candidate) => candidate.startsWith(word)),
        );
      });
      expect(byWord.length).toBeGreaterThan(0);
      expect(names(rest.body)).toEqual(names(literally));
      expect(names(graphql)).toEqual(names(byWord));
    },
  );
});
