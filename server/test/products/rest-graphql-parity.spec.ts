import { beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct, demoProducts } from '../../src/database/seed/demo-catalog';
import { useTestShop } from '../support/test-app';
import { categoryIdBySlug } from '../support/fixtures';
import { gqlOk } from '../support/gql';

const PRODUCTS = `
  query ($filter: ProductFilter, $search: String) {
    products(pageSize: 50, filter: $filter, search: $search) { total hasMore items { id name } }
  }
`;

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

const KEYWORDS = ['samsung', 'Bluetooth', 'by', '5G', 'kurta', 'Cotton Kurta', 'zebra'];

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
    return products.items.map((item) => item.id);
  };

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
    const graphqlIds = await viaGraphql({
      filter: { categoryIds: checked, ...(filterCase.radio.length && { priceMin, priceMax }) },
    });

    const expected = demoProducts.filter(filterCase.expect).length;
    expect(expected).toBeGreaterThan(0);
    expect(restIds).toHaveLength(expected);
    expect(graphqlIds).toEqual(restIds);
  });

  it('with no filter argument at all, as REST with an empty body', async () => {
    const rest = await shop.http().post('/api/v1/product/product-filters').send({}).expect(200);
    const graphqlIds = await viaGraphql({});
    expect(graphqlIds).toHaveLength(48);
    expect(graphqlIds).toEqual((rest.body.products as Listed[]).map((product) => product._id));
  });

  it.each(KEYWORDS)('searching "%s"', async (keyword) => {
    const rest = await shop
      .http()
      .get(`/api/v1/product/search/${encodeURIComponent(keyword)}`)
      .expect(200);
    const restIds = (rest.body as Listed[]).map((product) => product._id);
    const graphqlIds = await viaGraphql({ search: keyword });

    const expected = demoProducts.filter((product) =>
      `${product.name}\n${product.description}`.toLowerCase().includes(keyword.toLowerCase()),
    ).length;
    expect(restIds).toHaveLength(expected);
    expect(graphqlIds).toEqual(restIds);
  });
});
