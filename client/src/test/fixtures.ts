import { STOREFRONT_PAGE_SIZE } from '@shop/rules';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import type { StoredAuth } from '../session/auth';
import type { CartProduct } from '../session/cart';
import {
  CategoriesDocument,
  CategoryPageDocument,
  MeDocument,
  ProductDetailsDocument,
  SearchProductsDocument,
  SimilarProductsDocument,
  StorefrontDocument,
} from '../gql/graphql';
import type { ProductFilter } from '../gql/graphql';
import { SEARCH_PAGE_SIZE } from '../features/search/SearchPage';

export type Mock = MockLink.MockedResponse<Record<string, unknown>, Record<string, unknown>>;

export interface CategoryFixture {
  __typename: 'Category';
  id: string;
  name: string;
  slug: string;
}

export const CATEGORIES: CategoryFixture[] = [
  { __typename: 'Category', id: 'c1', name: 'Electronics', slug: 'electronics' },
  { __typename: 'Category', id: 'c2', name: 'Books', slug: 'books' },
  { __typename: 'Category', id: 'c3', name: 'Fashion', slug: 'fashion' },
];

/** 80 characters, so cards have something to cut at 60 and at 30. */
export const LONG_DESCRIPTION =
  'A sturdy everyday product made with care for Indian homes, tested for long years.';

export type ProductFixture = CartProduct & {
  __typename: 'Product';
  category: { __typename: 'Category'; id: string; name: string } | null;
};

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

export function productPage(
  items: ProductFixture[],
  total: number,
  page = 1,
  pageSize = STOREFRONT_PAGE_SIZE,
) {
  return {
    __typename: 'ProductPage',
    total,
    page,
    pageSize,
    hasMore: page * pageSize < total,
    items,
  };
}

export function categoriesMock(categories: CategoryFixture[] = CATEGORIES): Mock {
  return {
    request: { query: CategoriesDocument },
    result: { data: { categories } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
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
}: StorefrontMockOptions): Mock {
  return {
    request: {
      query: StorefrontDocument,
      variables: { page, pageSize: STOREFRONT_PAGE_SIZE, filter },
    },
    result: { data: { products: productPage(items, total, page) } },
    ...(delay !== undefined && { delay }),
  };
}

export function storefrontErrorMock(filter: ProductFilter | null = null): Mock {
  return {
    request: {
      query: StorefrontDocument,
      variables: { page: 1, pageSize: STOREFRONT_PAGE_SIZE, filter },
    },
    error: new Error('Failed to fetch'),
  };
}

export function categoryPageMock(slug: string, category: CategoryFixture | null): Mock {
  return {
    request: { query: CategoryPageDocument, variables: { slug } },
    result: { data: { category } },
  };
}

export function productDetailsMock(slug: string, found: ProductFixture | null, delay?: number) {
  const mock: Mock = {
    request: { query: ProductDetailsDocument, variables: { slug } },
    result: { data: { product: found && { ...found, shipping: true } } },
    ...(delay !== undefined && { delay }),
  };
  return mock;
}

export function similarProductsMock(productId: string, related: ProductFixture[]): Mock {
  return {
    request: { query: SimilarProductsDocument, variables: { productId } },
    result: { data: { relatedProducts: related } },
  };
}

export function searchMock(search: string, items: ProductFixture[], total = items.length): Mock {
  return {
    request: {
      query: SearchProductsDocument,
      variables: { search, page: 1, pageSize: SEARCH_PAGE_SIZE },
    },
    result: { data: { products: productPage(items, total, 1, SEARCH_PAGE_SIZE) } },
  };
}

export const SHOPPER = {
  __typename: 'User' as const,
  id: 'u1',
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  address: '12 MG Road, Bengaluru',
  role: 0,
};

export const ADMIN = {
  __typename: 'User' as const,
  id: 'u9',
  name: 'Vikram Admin',
  email: 'admin@example.in',
  phone: '9123456780',
  address: '1 Park Street, Kolkata',
  role: 1,
};

export function storedAuth(user: typeof SHOPPER = SHOPPER, token = 'token-123'): StoredAuth {
  const { __typename: _typename, ...fields } = user;
  return { user: fields, token };
}

export function meMock(me: typeof SHOPPER | null, delay?: number): Mock {
  return {
    request: { query: MeDocument },
    result: { data: { me } },
    ...(delay !== undefined && { delay }),
  };
}

/** A GraphQL error response, as the server sends for a refused login or registration. */
export function graphQLErrorResult(message: string) {
  return { errors: [new GraphQLError(message)] };
}
