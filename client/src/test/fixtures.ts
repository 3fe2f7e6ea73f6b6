import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { STOREFRONT_PAGE_SIZE } from '@shop/rules';
import { GraphQLError } from 'graphql';
import { SEARCH_PAGE_SIZE } from '../features/search/SearchPage';
import {
  CategoriesDocument,
  CategoryPageDocument,
  MeDocument,
  ProductDetailsDocument,
  SearchProductsDocument,
  SimilarProductsDocument,
  StorefrontDocument,
} from '../gql/graphql';
import type {
  CategoryFieldsFragment,
  ProductCardFieldsFragment,
  ProductDetailsFieldsFragment,
  ProductFilter,
  ProductPageFieldsFragment,
  UserFieldsFragment,
} from '../gql/graphql';
import type { StoredAuth } from '../session/auth';

/**
 * A generated type as the server answers it: the same fields, and the __typename the cache
 * asks for on every object. So a mocked answer cannot drift from the schema.
 */
export type Answer<T> = T extends readonly (infer Item)[]
  ? Answer<Item>[]
  : T extends object
    ? { [Key in keyof T]: Answer<T[Key]> } & { __typename?: string }
    : T;

/** A mocked answer to one operation, its data and variables typed by the operation. */
export type MockOf<TData, TVariables extends OperationVariables> = MockLink.MockedResponse<
  Answer<TData>,
  TVariables
>;

/** Any mocked answer, as the mocked provider takes them. */
export type Mock = MockOf<Record<string, unknown>, Record<string, unknown>>;

type MockFields<TData, TVariables extends OperationVariables> = Omit<
  MockOf<TData, TVariables>,
  'request'
> &
  Pick<MockLink.MockedRequest<TVariables>, 'variables'>;

/** Mocks `query`: the data and variables given must be those the operation's types say. */
export function mockOf<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  { variables, ...answer }: MockFields<TData, TVariables>,
): MockOf<TData, TVariables> {
  return { request: { query, ...(variables !== undefined && { variables }) }, ...answer };
}

/** A GraphQL error response, as the server sends for a refused call. */
export function graphQLErrorResult(message: string) {
  return { errors: [new GraphQLError(message)] };
}

export type CategoryFixture = Answer<CategoryFieldsFragment>;

export const CATEGORIES: CategoryFixture[] = [
  { __typename: 'Category', id: 'c1', name: 'Electronics', slug: 'electronics' },
  { __typename: 'Category', id: 'c2', name: 'Books', slug: 'books' },
  { __typename: 'Category', id: 'c3', name: 'Fashion', slug: 'fashion' },
];

/** 80 characters, so cards have something to cut at 60 and at 30. */
export const LONG_DESCRIPTION =
  'A sturdy everyday product made with care for Indian homes, tested for long years.';

export type ProductFixture = Answer<ProductCardFieldsFragment>;
export type ProductDetailsFixture = Answer<ProductDetailsFieldsFragment>;

export function product(n: number, overrides: Partial<ProductFixture> = {}): ProductFixture {
  return {
    __typename: 'Product',
    id: `p${n}`,
    name: `Product ${n}`,
    slug: `product-${n}`,
    description: `${n} ${LONG_DESCRIPTION}`,
    price: 1000 * n + 0.5,
    quantity: 10,
    photoUrl: `/api/v1/product/product-photo/p${n}`,
    category: { __typename: 'Category', id: 'c1', name: 'Electronics' },
    ...overrides,
  };
}

/** Products `from`..`to`, both included. */
export function products(from: number, to: number): ProductFixture[] {
  return Array.from({ length: to - from + 1 }, (_, index) => product(from + index));
}

/** Page `page` of a list of `total` products, as the server answers it. */
export function productPage(
  items: ProductFixture[],
  total: number,
  page = 1,
  pageSize = STOREFRONT_PAGE_SIZE,
): Answer<ProductPageFieldsFragment> {
  return { __typename: 'ProductPage', total, pageSize, hasMore: page * pageSize < total, items };
}

export function categoriesMock(categories: CategoryFixture[] = CATEGORIES) {
  return mockOf(CategoriesDocument, {
    result: { data: { categories } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

interface StorefrontMockOptions {
  page?: number;
  filter?: ProductFilter | null;
  total: number;
  items: ProductFixture[];
  delay?: number;
}

export function storefrontMock({
  page = 1,
  filter = null,
  total,
  items,
  delay,
}: StorefrontMockOptions) {
  return mockOf(StorefrontDocument, {
    variables: { page, pageSize: STOREFRONT_PAGE_SIZE, filter },
    result: { data: { products: productPage(items, total, page) } },
    ...(delay !== undefined && { delay }),
  });
}

export function storefrontErrorMock(filter: ProductFilter | null = null) {
  return mockOf(StorefrontDocument, {
    variables: { page: 1, pageSize: STOREFRONT_PAGE_SIZE, filter },
    error: new TypeError('Failed to fetch'),
  });
}

export function categoryPageMock(slug: string, category: CategoryFixture | null) {
  return mockOf(CategoryPageDocument, { variables: { slug }, result: { data: { category } } });
}

export function productDetailsMock(slug: string, found: ProductFixture | null, delay?: number) {
  return mockOf(ProductDetailsDocument, {
    variables: { slug },
    result: { data: { product: found && { ...found, shipping: true } } },
    ...(delay !== undefined && { delay }),
  });
}

export function similarProductsMock(productId: string, related: ProductFixture[]) {
  return mockOf(SimilarProductsDocument, {
    variables: { productId },
    result: { data: { relatedProducts: related } },
  });
}

export function searchMock(search: string, items: ProductFixture[], total = items.length) {
  return mockOf(SearchProductsDocument, {
    variables: { search, page: 1, pageSize: SEARCH_PAGE_SIZE },
    result: { data: { products: productPage(items, total, 1, SEARCH_PAGE_SIZE) } },
  });
}

export type UserFixture = Answer<UserFieldsFragment>;

export const SHOPPER: UserFixture = {
  __typename: 'User',
  id: 'u1',
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  address: '12 MG Road, Bengaluru',
  role: 0,
};

export const ADMIN: UserFixture = {
  __typename: 'User',
  id: 'u9',
  name: 'Vikram Admin',
  email: 'admin@example.in',
  phone: '9123456780',
  address: '1 Park Street, Kolkata',
  role: 1,
};

export function storedAuth(user: UserFixture = SHOPPER, token = 'token-123'): StoredAuth {
  const { __typename: _typename, ...fields } = user;
  return { user: fields, token };
}

export function meMock(me: UserFixture | null, delay?: number) {
  return mockOf(MeDocument, {
    result: { data: { me } },
    ...(delay !== undefined && { delay }),
  });
}
