/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment ProductCardFields on Product {\n  id\n  name\n  slug\n  description\n  price\n  quantity\n  photoUrl\n  category {\n    id\n    name\n  }\n}": typeof types.ProductCardFieldsFragmentDoc,
    "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...SignedInUser\n  }\n}\n\nfragment OrderFields on Order {\n  id\n  status\n  total\n  address\n  createdAt\n  buyer {\n    id\n    name\n  }\n  payment {\n    success\n    message\n    refunded\n  }\n  nextStatuses\n  buyerMayCancel\n  history {\n    from\n    to\n    byName\n    at\n  }\n  lines {\n    name\n    price\n    quantity\n    product {\n      id\n      slug\n      description\n      photoUrl\n    }\n  }\n}\n\nquery MyOrders {\n  myOrders {\n    ...OrderFields\n  }\n}\n\nmutation CancelMyOrder($orderId: ID!) {\n  cancelMyOrder(orderId: $orderId) {\n    ...OrderFields\n  }\n}": typeof types.UpdateProfileDocument,
    "mutation CreateCategory($input: CategoryInput!) {\n  createCategory(input: $input) {\n    id\n    name\n    slug\n  }\n}\n\nmutation UpdateCategory($id: ID!, $input: CategoryInput!) {\n  updateCategory(id: $id, input: $input) {\n    id\n    name\n    slug\n  }\n}\n\nmutation DeleteCategory($id: ID!) {\n  deleteCategory(id: $id) {\n    id\n    name\n  }\n}": typeof types.CreateCategoryDocument,
    "query AdminOrders($page: Int!, $pageSize: Int!, $status: OrderStatus) {\n  orders(page: $page, pageSize: $pageSize, status: $status) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...OrderFields\n    }\n  }\n}\n\nmutation SetOrderStatus($orderId: ID!, $status: OrderStatus!) {\n  setOrderStatus(orderId: $orderId, status: $status) {\n    ...OrderFields\n  }\n}": typeof types.AdminOrdersDocument,
    "query AdminProducts($page: Int!, $pageSize: Int!) {\n  products(page: $page, pageSize: $pageSize) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}\n\nquery AdminProduct($slug: String!) {\n  product(slug: $slug) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nmutation CreateProduct($input: ProductInput!, $photo: Upload) {\n  createProduct(input: $input, photo: $photo) {\n    id\n    slug\n  }\n}\n\nmutation UpdateProduct($id: ID!, $input: ProductChangesInput!, $photo: Upload) {\n  updateProduct(id: $id, input: $input, photo: $photo) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nmutation DeleteProduct($id: ID!) {\n  deleteProduct(id: $id) {\n    id\n  }\n}": typeof types.AdminProductsDocument,
    "query AdminUsers($page: Int!, $pageSize: Int!, $search: String) {\n  users(page: $page, pageSize: $pageSize, search: $search) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      id\n      name\n      email\n      phone\n      address\n      role\n      createdAt\n    }\n  }\n}": typeof types.AdminUsersDocument,
    "fragment SignedInUser on User {\n  id\n  name\n  email\n  phone\n  address\n  role\n}\n\nquery Me {\n  me {\n    ...SignedInUser\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n    name\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    user {\n      ...SignedInUser\n    }\n  }\n}\n\nmutation ForgotPassword($input: ForgotPasswordInput!) {\n  forgotPassword(input: $input)\n}": typeof types.SignedInUserFragmentDoc,
    "query CartStock($ids: [ID!]!) {\n  productsByIds(ids: $ids) {\n    id\n    quantity\n    price\n    name\n  }\n}\n\nmutation PlaceOrder($input: CheckoutInput!) {\n  placeOrder(input: $input) {\n    ...OrderFields\n  }\n}": typeof types.CartStockDocument,
    "query Categories {\n  categories {\n    id\n    name\n    slug\n  }\n}\n\nquery Storefront($page: Int!, $pageSize: Int!, $filter: ProductFilter) {\n  products(page: $page, pageSize: $pageSize, filter: $filter) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}\n\nquery CategoryPage($slug: String!) {\n  category(slug: $slug) {\n    id\n    name\n    slug\n  }\n}": typeof types.CategoriesDocument,
    "query ProductDetails($slug: String!) {\n  product(slug: $slug) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nquery SimilarProducts($productId: ID!) {\n  relatedProducts(productId: $productId) {\n    ...ProductCardFields\n  }\n}": typeof types.ProductDetailsDocument,
    "query SearchProducts($search: String!, $page: Int!, $pageSize: Int!) {\n  products(search: $search, page: $page, pageSize: $pageSize) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}": typeof types.SearchProductsDocument,
};
const documents: Documents = {
    "fragment ProductCardFields on Product {\n  id\n  name\n  slug\n  description\n  price\n  quantity\n  photoUrl\n  category {\n    id\n    name\n  }\n}": types.ProductCardFieldsFragmentDoc,
    "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...SignedInUser\n  }\n}\n\nfragment OrderFields on Order {\n  id\n  status\n  total\n  address\n  createdAt\n  buyer {\n    id\n    name\n  }\n  payment {\n    success\n    message\n    refunded\n  }\n  nextStatuses\n  buyerMayCancel\n  history {\n    from\n    to\n    byName\n    at\n  }\n  lines {\n    name\n    price\n    quantity\n    product {\n      id\n      slug\n      description\n      photoUrl\n    }\n  }\n}\n\nquery MyOrders {\n  myOrders {\n    ...OrderFields\n  }\n}\n\nmutation CancelMyOrder($orderId: ID!) {\n  cancelMyOrder(orderId: $orderId) {\n    ...OrderFields\n  }\n}": types.UpdateProfileDocument,
    "mutation CreateCategory($input: CategoryInput!) {\n  createCategory(input: $input) {\n    id\n    name\n    slug\n  }\n}\n\nmutation UpdateCategory($id: ID!, $input: CategoryInput!) {\n  updateCategory(id: $id, input: $input) {\n    id\n    name\n    slug\n  }\n}\n\nmutation DeleteCategory($id: ID!) {\n  deleteCategory(id: $id) {\n    id\n    name\n  }\n}": types.CreateCategoryDocument,
    "query AdminOrders($page: Int!, $pageSize: Int!, $status: OrderStatus) {\n  orders(page: $page, pageSize: $pageSize, status: $status) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...OrderFields\n    }\n  }\n}\n\nmutation SetOrderStatus($orderId: ID!, $status: OrderStatus!) {\n  setOrderStatus(orderId: $orderId, status: $status) {\n    ...OrderFields\n  }\n}": types.AdminOrdersDocument,
    "query AdminProducts($page: Int!, $pageSize: Int!) {\n  products(page: $page, pageSize: $pageSize) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}\n\nquery AdminProduct($slug: String!) {\n  product(slug: $slug) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nmutation CreateProduct($input: ProductInput!, $photo: Upload) {\n  createProduct(input: $input, photo: $photo) {\n    id\n    slug\n  }\n}\n\nmutation UpdateProduct($id: ID!, $input: ProductChangesInput!, $photo: Upload) {\n  updateProduct(id: $id, input: $input, photo: $photo) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nmutation DeleteProduct($id: ID!) {\n  deleteProduct(id: $id) {\n    id\n  }\n}": types.AdminProductsDocument,
    "query AdminUsers($page: Int!, $pageSize: Int!, $search: String) {\n  users(page: $page, pageSize: $pageSize, search: $search) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      id\n      name\n      email\n      phone\n      address\n      role\n      createdAt\n    }\n  }\n}": types.AdminUsersDocument,
    "fragment SignedInUser on User {\n  id\n  name\n  email\n  phone\n  address\n  role\n}\n\nquery Me {\n  me {\n    ...SignedInUser\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n    name\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    user {\n      ...SignedInUser\n    }\n  }\n}\n\nmutation ForgotPassword($input: ForgotPasswordInput!) {\n  forgotPassword(input: $input)\n}": types.SignedInUserFragmentDoc,
    "query CartStock($ids: [ID!]!) {\n  productsByIds(ids: $ids) {\n    id\n    quantity\n    price\n    name\n  }\n}\n\nmutation PlaceOrder($input: CheckoutInput!) {\n  placeOrder(input: $input) {\n    ...OrderFields\n  }\n}": types.CartStockDocument,
    "query Categories {\n  categories {\n    id\n    name\n    slug\n  }\n}\n\nquery Storefront($page: Int!, $pageSize: Int!, $filter: ProductFilter) {\n  products(page: $page, pageSize: $pageSize, filter: $filter) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}\n\nquery CategoryPage($slug: String!) {\n  category(slug: $slug) {\n    id\n    name\n    slug\n  }\n}": types.CategoriesDocument,
    "query ProductDetails($slug: String!) {\n  product(slug: $slug) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nquery SimilarProducts($productId: ID!) {\n  relatedProducts(productId: $productId) {\n    ...ProductCardFields\n  }\n}": types.ProductDetailsDocument,
    "query SearchProducts($search: String!, $page: Int!, $pageSize: Int!) {\n  products(search: $search, page: $page, pageSize: $pageSize) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}": types.SearchProductsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProductCardFields on Product {\n  id\n  name\n  slug\n  description\n  price\n  quantity\n  photoUrl\n  category {\n    id\n    name\n  }\n}"): (typeof documents)["fragment ProductCardFields on Product {\n  id\n  name\n  slug\n  description\n  price\n  quantity\n  photoUrl\n  category {\n    id\n    name\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...SignedInUser\n  }\n}\n\nfragment OrderFields on Order {\n  id\n  status\n  total\n  address\n  createdAt\n  buyer {\n    id\n    name\n  }\n  payment {\n    success\n    message\n    refunded\n  }\n  nextStatuses\n  buyerMayCancel\n  history {\n    from\n    to\n    byName\n    at\n  }\n  lines {\n    name\n    price\n    quantity\n    product {\n      id\n      slug\n      description\n      photoUrl\n    }\n  }\n}\n\nquery MyOrders {\n  myOrders {\n    ...OrderFields\n  }\n}\n\nmutation CancelMyOrder($orderId: ID!) {\n  cancelMyOrder(orderId: $orderId) {\n    ...OrderFields\n  }\n}"): (typeof documents)["mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...SignedInUser\n  }\n}\n\nfragment OrderFields on Order {\n  id\n  status\n  total\n  address\n  createdAt\n  buyer {\n    id\n    name\n  }\n  payment {\n    success\n    message\n    refunded\n  }\n  nextStatuses\n  buyerMayCancel\n  history {\n    from\n    to\n    byName\n    at\n  }\n  lines {\n    name\n    price\n    quantity\n    product {\n      id\n      slug\n      description\n      photoUrl\n    }\n  }\n}\n\nquery MyOrders {\n  myOrders {\n    ...OrderFields\n  }\n}\n\nmutation CancelMyOrder($orderId: ID!) {\n  cancelMyOrder(orderId: $orderId) {\n    ...OrderFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateCategory($input: CategoryInput!) {\n  createCategory(input: $input) {\n    id\n    name\n    slug\n  }\n}\n\nmutation UpdateCategory($id: ID!, $input: CategoryInput!) {\n  updateCategory(id: $id, input: $input) {\n    id\n    name\n    slug\n  }\n}\n\nmutation DeleteCategory($id: ID!) {\n  deleteCategory(id: $id) {\n    id\n    name\n  }\n}"): (typeof documents)["mutation CreateCategory($input: CategoryInput!) {\n  createCategory(input: $input) {\n    id\n    name\n    slug\n  }\n}\n\nmutation UpdateCategory($id: ID!, $input: CategoryInput!) {\n  updateCategory(id: $id, input: $input) {\n    id\n    name\n    slug\n  }\n}\n\nmutation DeleteCategory($id: ID!) {\n  deleteCategory(id: $id) {\n    id\n    name\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminOrders($page: Int!, $pageSize: Int!, $status: OrderStatus) {\n  orders(page: $page, pageSize: $pageSize, status: $status) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...OrderFields\n    }\n  }\n}\n\nmutation SetOrderStatus($orderId: ID!, $status: OrderStatus!) {\n  setOrderStatus(orderId: $orderId, status: $status) {\n    ...OrderFields\n  }\n}"): (typeof documents)["query AdminOrders($page: Int!, $pageSize: Int!, $status: OrderStatus) {\n  orders(page: $page, pageSize: $pageSize, status: $status) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...OrderFields\n    }\n  }\n}\n\nmutation SetOrderStatus($orderId: ID!, $status: OrderStatus!) {\n  setOrderStatus(orderId: $orderId, status: $status) {\n    ...OrderFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminProducts($page: Int!, $pageSize: Int!) {\n  products(page: $page, pageSize: $pageSize) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}\n\nquery AdminProduct($slug: String!) {\n  product(slug: $slug) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nmutation CreateProduct($input: ProductInput!, $photo: Upload) {\n  createProduct(input: $input, photo: $photo) {\n    id\n    slug\n  }\n}\n\nmutation UpdateProduct($id: ID!, $input: ProductChangesInput!, $photo: Upload) {\n  updateProduct(id: $id, input: $input, photo: $photo) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nmutation DeleteProduct($id: ID!) {\n  deleteProduct(id: $id) {\n    id\n  }\n}"): (typeof documents)["query AdminProducts($page: Int!, $pageSize: Int!) {\n  products(page: $page, pageSize: $pageSize) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}\n\nquery AdminProduct($slug: String!) {\n  product(slug: $slug) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nmutation CreateProduct($input: ProductInput!, $photo: Upload) {\n  createProduct(input: $input, photo: $photo) {\n    id\n    slug\n  }\n}\n\nmutation UpdateProduct($id: ID!, $input: ProductChangesInput!, $photo: Upload) {\n  updateProduct(id: $id, input: $input, photo: $photo) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nmutation DeleteProduct($id: ID!) {\n  deleteProduct(id: $id) {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminUsers($page: Int!, $pageSize: Int!, $search: String) {\n  users(page: $page, pageSize: $pageSize, search: $search) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      id\n      name\n      email\n      phone\n      address\n      role\n      createdAt\n    }\n  }\n}"): (typeof documents)["query AdminUsers($page: Int!, $pageSize: Int!, $search: String) {\n  users(page: $page, pageSize: $pageSize, search: $search) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      id\n      name\n      email\n      phone\n      address\n      role\n      createdAt\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SignedInUser on User {\n  id\n  name\n  email\n  phone\n  address\n  role\n}\n\nquery Me {\n  me {\n    ...SignedInUser\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n    name\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    user {\n      ...SignedInUser\n    }\n  }\n}\n\nmutation ForgotPassword($input: ForgotPasswordInput!) {\n  forgotPassword(input: $input)\n}"): (typeof documents)["fragment SignedInUser on User {\n  id\n  name\n  email\n  phone\n  address\n  role\n}\n\nquery Me {\n  me {\n    ...SignedInUser\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    id\n    name\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    user {\n      ...SignedInUser\n    }\n  }\n}\n\nmutation ForgotPassword($input: ForgotPasswordInput!) {\n  forgotPassword(input: $input)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CartStock($ids: [ID!]!) {\n  productsByIds(ids: $ids) {\n    id\n    quantity\n    price\n    name\n  }\n}\n\nmutation PlaceOrder($input: CheckoutInput!) {\n  placeOrder(input: $input) {\n    ...OrderFields\n  }\n}"): (typeof documents)["query CartStock($ids: [ID!]!) {\n  productsByIds(ids: $ids) {\n    id\n    quantity\n    price\n    name\n  }\n}\n\nmutation PlaceOrder($input: CheckoutInput!) {\n  placeOrder(input: $input) {\n    ...OrderFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Categories {\n  categories {\n    id\n    name\n    slug\n  }\n}\n\nquery Storefront($page: Int!, $pageSize: Int!, $filter: ProductFilter) {\n  products(page: $page, pageSize: $pageSize, filter: $filter) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}\n\nquery CategoryPage($slug: String!) {\n  category(slug: $slug) {\n    id\n    name\n    slug\n  }\n}"): (typeof documents)["query Categories {\n  categories {\n    id\n    name\n    slug\n  }\n}\n\nquery Storefront($page: Int!, $pageSize: Int!, $filter: ProductFilter) {\n  products(page: $page, pageSize: $pageSize, filter: $filter) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}\n\nquery CategoryPage($slug: String!) {\n  category(slug: $slug) {\n    id\n    name\n    slug\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProductDetails($slug: String!) {\n  product(slug: $slug) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nquery SimilarProducts($productId: ID!) {\n  relatedProducts(productId: $productId) {\n    ...ProductCardFields\n  }\n}"): (typeof documents)["query ProductDetails($slug: String!) {\n  product(slug: $slug) {\n    ...ProductCardFields\n    shipping\n  }\n}\n\nquery SimilarProducts($productId: ID!) {\n  relatedProducts(productId: $productId) {\n    ...ProductCardFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SearchProducts($search: String!, $page: Int!, $pageSize: Int!) {\n  products(search: $search, page: $page, pageSize: $pageSize) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}"): (typeof documents)["query SearchProducts($search: String!, $page: Int!, $pageSize: Int!) {\n  products(search: $search, page: $page, pageSize: $pageSize) {\n    total\n    page\n    pageSize\n    hasMore\n    items {\n      ...ProductCardFields\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;