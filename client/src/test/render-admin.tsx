import { ADMIN_PRODUCTS_PAGE_SIZE } from '../features/admin/products/AdminProductsPage';
import {
  AdminProductDocument,
  AdminProductsDocument,
  CategoriesDocument,
  ProductTaxClassesDocument,
} from '../gql/graphql';
import type { ProductFilter, StockLevel } from '../gql/graphql';
import {
  ADMIN,
  CATEGORIES,
  CategoryFixture,
  meAlways,
  mockOf,
  ProductDetailsFixture,
  productPage,
  ProductFixture,
  SHOPPER,
  storedAuth,
  TAX_CLASSES,
} from './fixtures';
import { renderWithShop, ShopRenderOptions, ShopRenderResult } from './render';

/** Helpers for the screens behind the route guards: signed-in shopper and administrator. */

/** The shop's tax classes, as the product form offers them. */
export function taxClassesAlways() {
  return mockOf(ProductTaxClassesDocument, {
    result: { data: { taxClasses: TAX_CLASSES } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

/** Renders `path` signed in as the seeded administrator, the server confirming the role. */
export function renderAsAdmin(path: string, options: ShopRenderOptions = {}): ShopRenderResult {
  return renderWithShop(path, {
    auth: storedAuth(ADMIN),
    ...options,
    mocks: [meAlways(ADMIN), taxClassesAlways(), ...(options.mocks ?? [])],
  });
}

/** Renders `path` signed in as the shopper, the server confirming the token. */
export function renderAsShopper(path: string, options: ShopRenderOptions = {}): ShopRenderResult {
  return renderWithShop(path, {
    auth: storedAuth(SHOPPER),
    ...options,
    mocks: [meAlways(SHOPPER), ...(options.mocks ?? [])],
  });
}

/**
 * Categories as a server keeps them: the list can change between requests (the page asks
 * again after each change), so the mock answers with `server.categories` as it is then.
 */
export function categoriesServer(initial: CategoryFixture[] = CATEGORIES) {
  const server = { categories: [...initial] };
  const mock = mockOf(CategoriesDocument, {
    result: () => ({ data: { categories: server.categories } }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
  return { server, mock };
}

/**
 * A product of the admin's list, with its stock level as the server names it (in stock if
 * none) and the units of its variant with the fewest (its own units if none given).
 */
export type AdminProductFixture = ProductFixture & { stockLevel?: StockLevel; fewestLeft?: number };

/** AdminProducts for one page of the admin product list, of every product or by stock. */
export function adminProductsMock(
  items: AdminProductFixture[],
  total: number,
  page = 1,
  filter?: ProductFilter,
) {
  const listed = items.map((item) => ({
    stockLevel: 'IN_STOCK' as const,
    fewestLeft: item.quantity,
    ...item,
  }));
  return mockOf(AdminProductsDocument, {
    variables: { page, pageSize: ADMIN_PRODUCTS_PAGE_SIZE, ...(filter && { filter }) },
    result: {
      data: {
        products: { ...productPage([], total, page, ADMIN_PRODUCTS_PAGE_SIZE), items: listed },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

/** AdminProduct (the update form's load) for `slug`. */
export function adminProductMock(slug: string, found: ProductDetailsFixture | null) {
  return mockOf(AdminProductDocument, {
    variables: { slug },
    result: { data: { product: found && { hsn: null, taxClass: null, ...found } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}
