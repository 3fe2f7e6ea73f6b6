import { expect } from 'vitest';
import { DemoProduct, demoProducts } from '../../src/seed/demo-catalog';
import { categoryIdBySlug } from '../support/fixtures';
import { PRODUCT_FIELDS, Variables } from '../support/gql';
import type { TestApp } from '../support/test-app';

export { PRODUCT_FIELDS, type ProductPageView, type ProductView } from '../support/gql';
export type { Variables };
export type { ProductReply } from '../support/fixtures';

/** The seed adds the catalogue in order, so newest first is the catalogue reversed. */
export const NEWEST_FIRST: readonly DemoProduct[] = [...demoProducts].reverse();
export const names = (products: readonly { name: string }[]) =>
  products.map((product) => product.name);

export const PRODUCTS = `
  query Products(
    $page: Int! = 1
    $pageSize: Int! = 6
    $filter: ProductFilter
    $search: String
    $sort: ProductSort
  ) {
    products(page: $page, pageSize: $pageSize, filter: $filter, search: $search, sort: $sort) {
      total page pageSize hasMore
      items { ${PRODUCT_FIELDS} }
    }
  }
`;
export const PRODUCT = `query ($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`;
export const CREATE_PRODUCT = `
  mutation ($input: ProductInput!) { createProduct(input: $input) { ${PRODUCT_FIELDS} } }
`;
export const UPDATE_PRODUCT = `
  mutation ($id: ID!, $input: ProductChangesInput!) {
    updateProduct(id: $id, input: $input) { ${PRODUCT_FIELDS} }
  }
`;
export const DELETE_PRODUCT = `mutation ($id: ID!) { deleteProduct(id: $id) { ${PRODUCT_FIELDS} } }`;

/** No reply that lists or describes products may carry the photo's bytes. */
export function expectNoPhotoBytes(body: unknown): void {
  expect(JSON.stringify(body)).not.toMatch(/"(data|photo|buffer)":/);
  const longest = (value: unknown): number => {
    if (typeof value === 'string') return value.length;
    if (Array.isArray(value)) return Math.max(0, ...value.map(longest));
    if (value && typeof value === 'object')
      return Math.max(0, ...Object.values(value).map(longest));
    return 0;
  };
  expect(longest(body)).toBeLessThan(5001);
}

/** What GraphQL's createProduct takes: a tea in Home & Kitchen, with `changes` made to it. */
export const productInput = async (shop: TestApp, changes: Variables = {}) => ({
  name: 'Tata Tea Gold 1kg',
  description: 'A blend of Assam CTC and long leaf tea.',
  price: 545.5,
  quantity: 40,
  category: await categoryIdBySlug(shop, 'home-and-kitchen'),
  ...changes,
});

/** REST's `?sort=` values by the names GraphQL gives them. */
export const SORTS = [
  ['newest', 'NEWEST'],
  ['price-asc', 'PRICE_ASC'],
  ['price-desc', 'PRICE_DESC'],
  ['name-asc', 'NAME_ASC'],
] as const;
export type RestSort = (typeof SORTS)[number][0];
