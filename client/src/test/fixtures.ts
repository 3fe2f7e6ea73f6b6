import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { PRICE_BANDS, STOREFRONT_PAGE_SIZE } from '@shop/rules';
import { GraphQLError } from 'graphql';
import {
  CategoriesDocument,
  CategoryPageDocument,
  HomeBannersDocument,
  MeDocument,
  ProductDetailsDocument,
  SearchSuggestionsDocument,
  SimilarProductsDocument,
  StorefrontDocument,
} from '../gql/graphql';
import type {
  CategoryFieldsFragment,
  ProductCardFieldsFragment,
  GalleryPhotoFieldsFragment,
  HomeBannersQuery,
  ProductDetailsFieldsFragment,
  ProductFilter,
  ProductPageFieldsFragment,
  ProductSort,
  SearchSuggestionsQuery,
  StorefrontQuery,
  UserFieldsFragment,
  VariantFieldsFragment,
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

/** A mock of `query` that pushes the variables of each request to `calls`. */
export function recording<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  answer: Pick<MockOf<TData, TVariables>, 'result' | 'error'>,
  calls: TVariables[],
) {
  return mockOf(query, {
    variables: (variables) => {
      calls.push(variables);
      return true;
    },
    ...answer,
  });
}

/** A GraphQL error response, as the server sends for a refused call. */
export function graphQLErrorResult(message: string, code?: string) {
  return { errors: [new GraphQLError(message, code ? { extensions: { code } } : {})] };
}

export type CategoryFixture = Answer<CategoryFieldsFragment>;

export const CATEGORIES: CategoryFixture[] = [
  {
    __typename: 'Category',
    id: 'c1',
    name: 'Electronics',
    nameHi: 'इलेक्ट्रॉनिक्स',
    slug: 'electronics',
  },
  { __typename: 'Category', id: 'c2', name: 'Books', nameHi: null, slug: 'books' },
  { __typename: 'Category', id: 'c3', name: 'Fashion', nameHi: null, slug: 'fashion' },
];

/** 80 characters, so cards have something to cut at 60 and at 30. */
export const LONG_DESCRIPTION =
  'A sturdy everyday product made with care for Indian homes, tested for long years.';

export type ProductFixture = Answer<ProductCardFieldsFragment>;
export type ProductDetailsFixture = Answer<ProductDetailsFieldsFragment>;

/** A product sold one way: listed at its price, with no MRP and no options. */
export function product(n: number, overrides: Partial<ProductFixture> = {}): ProductFixture {
  const price = overrides.price ?? 1000 * n + 0.5;
  return {
    __typename: 'Product',
    id: `p${n}`,
    name: `Product ${n}`,
    slug: `product-${n}`,
    description: `${n} ${LONG_DESCRIPTION}`,
    nameHi: null,
    descriptionHi: null,
    price,
    quantity: 10,
    photoUrl: `/api/v1/product/product-photo/p${n}`,
    photo: null,
    category: { __typename: 'Category', id: 'c1', name: 'Electronics', nameHi: 'इलेक्ट्रॉनिक्स' },
    listedPrice: price,
    listedMrp: null,
    discountPercent: 0,
    pricesVary: false,
    options: [],
    rating: { __typename: 'ProductRating', average: 0, count: 0 },
    ...overrides,
  };
}

export type GalleryPhotoFixture = Answer<GalleryPhotoFieldsFragment>;

/** A photo resized as the server answers it: one JPEG at 640 pixels, named after `hash`. */
export const resizedPhoto = (hash: string): NonNullable<GalleryPhotoFixture['picture']> => ({
  __typename: 'ProductPhoto',
  width: 800,
  height: 600,
  src: `/photos/${hash}-640.jpg`,
  sources: [
    { __typename: 'PhotoSource', type: 'image/jpeg', srcSet: `/photos/${hash}-640.jpg 640w` },
  ],
});

/** A photo of a product's gallery, named `hash`, resized. */
export const galleryPhoto = (hash: string, alt = ''): GalleryPhotoFixture => ({
  __typename: 'GalleryPhoto',
  hash,
  alt,
  picture: resizedPhoto(hash),
});

export type VariantFixture = Answer<VariantFieldsFragment>;

/** A variant as the server answers it: on sale, no MRP, no photo of its own. */
export function variant(
  id: string,
  values: string[],
  overrides: Partial<VariantFixture> = {},
): VariantFixture {
  return {
    __typename: 'ProductVariant',
    id,
    sku: `SKU-${values.join('-') || id}`.toUpperCase(),
    values,
    price: 1000,
    mrp: null,
    discountPercent: 0,
    quantity: 10,
    onSale: true,
    photoHash: null,
    ...overrides,
  };
}

/**
 * A product as its page and the update form load it: it ships; its photos and its variants are
 * those `given` (in one list, told apart by their type), else its own, else a product sold one
 * way's: the photo its card shows, and one variant at its price and stock.
 */
export function productDetails(
  found: ProductFixture | ProductDetailsFixture,
  given: (GalleryPhotoFixture | VariantFixture)[] = [],
): ProductDetailsFixture {
  const photos = given.filter((item) => item.__typename === 'GalleryPhoto');
  const variants = given.filter((item) => item.__typename === 'ProductVariant');
  const card = found.photoUrl
    ? [{ ...galleryPhoto(`h-${found.id}`), picture: found.photo ?? null }]
    : [];
  const ownPhotos = 'photos' in found ? found.photos : card;
  const ownVariants =
    'variants' in found
      ? found.variants
      : [variant(`v-${found.id}`, [], { price: found.price, quantity: found.quantity })];
  return {
    ...found,
    // The breadcrumb's link: the category's slug, made from its name as the server makes it.
    category: found.category && {
      slug: found.category.name.toLowerCase().replace(/\W+/g, '-'),
      ...found.category,
    },
    shipping: true,
    photos: photos.length ? (photos as GalleryPhotoFixture[]) : ownPhotos,
    variants: variants.length ? (variants as VariantFixture[]) : ownVariants,
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

export type HomeBannerFixture = Answer<HomeBannersQuery['homeBanners'][number]>;

/** A banner the home page shows, leading to `link` (a category unless told). */
export function homeBanner(
  id: string,
  title: string,
  link: Partial<HomeBannerFixture['link']> = {},
): HomeBannerFixture {
  return {
    __typename: 'HomeBanner',
    id,
    title,
    text: `${title}, this week only`,
    buttonLabel: 'Shop now',
    background: '#7a1f1f',
    textColour: '#ffffff',
    link: {
      __typename: 'BannerLink',
      kind: 'CATEGORY',
      category: 'electronics',
      search: null,
      coupon: null,
      ...link,
    },
  };
}

/** The home page's banners (none unless given), asked once per page. */
export function homeBannersMock(banners: HomeBannerFixture[] = []) {
  return mockOf(HomeBannersDocument, {
    result: { data: { homeBanners: banners } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

/** What a search adds to a page of products. */
export interface SearchAnswer {
  /** The words the server matched, which the cards mark. */
  matchedWords?: string[];
  /** The search as the server understood it, when nothing matched it as typed. */
  correctedSearch?: string | null;
}

/** A page of the Storefront query's products: productPage and what the search adds. */
export function storefrontPage(
  items: ProductFixture[],
  total: number,
  page = 1,
  pageSize = STOREFRONT_PAGE_SIZE,
  { matchedWords = [], correctedSearch = null }: SearchAnswer = {},
): Answer<StorefrontQuery['products']> {
  return { ...productPage(items, total, page, pageSize), matchedWords, correctedSearch };
}

/** How many products each choice of the filter would leave; a choice not given leaves `total`. */
export interface FacetCounts {
  /** By category slug. */
  categories?: Record<string, number>;
  /** In the order of PRICE_BANDS. */
  priceBands?: number[];
  inStock?: number;
  /** Each option's values with their counts, in the order given. */
  options?: { name: string; values: Record<string, number> }[];
}

/** The counts beside the filter's choices, every category alphabetical as the server lists them. */
export function productFacets(
  total: number,
  counts: FacetCounts = {},
  categories: CategoryFixture[] = CATEGORIES,
): Answer<StorefrontQuery['productFacets']> {
  return {
    __typename: 'ProductFacets',
    total,
    inStock: counts.inStock ?? total,
    categories: [...categories]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((category) => ({
        __typename: 'CategoryCount',
        count: counts.categories?.[category.slug] ?? total,
        category,
      })),
    priceBands: PRICE_BANDS.map((_, index) => ({
      __typename: 'PriceBandCount',
      count: counts.priceBands?.[index] ?? total,
    })),
    options: (counts.options ?? []).map(({ name, values }) => ({
      __typename: 'OptionFacet',
      name,
      values: Object.entries(values).map(([value, count]) => ({
        __typename: 'OptionValueCount',
        value,
        count,
      })),
    })),
  };
}

interface StorefrontMockOptions extends SearchAnswer {
  page?: number;
  /** STOREFRONT_PAGE_SIZE unless a restored view asks for several pages at once. */
  pageSize?: number;
  /** The page sends an empty filter when nothing is chosen. */
  filter?: ProductFilter;
  search?: string | null;
  sort?: ProductSort | null;
  total: number;
  items: ProductFixture[];
  facets?: FacetCounts;
  delay?: number;
}

/** The variables the catalogue pages send for a view. */
function storefrontVariables({
  page = 1,
  pageSize = STOREFRONT_PAGE_SIZE,
  filter = {},
  search = null,
  sort = null,
}: Omit<StorefrontMockOptions, 'total' | 'items'>) {
  return { page, pageSize, filter, search, sort };
}

export function storefrontMock(options: StorefrontMockOptions) {
  const { total, items, facets, delay, matchedWords, correctedSearch } = options;
  const variables = storefrontVariables(options);
  return mockOf(StorefrontDocument, {
    variables,
    result: {
      data: {
        products: storefrontPage(items, total, variables.page, variables.pageSize, {
          matchedWords,
          correctedSearch,
        }),
        productFacets: productFacets(total, facets),
      },
    },
    ...(delay !== undefined && { delay }),
  });
}

export function storefrontErrorMock(options: Omit<StorefrontMockOptions, 'total' | 'items'> = {}) {
  return mockOf(StorefrontDocument, {
    variables: storefrontVariables(options),
    error: new TypeError('Failed to fetch'),
  });
}

export function categoryPageMock(slug: string, category: CategoryFixture | null) {
  return mockOf(CategoryPageDocument, { variables: { slug }, result: { data: { category } } });
}

export function productDetailsMock(
  slug: string,
  found: ProductFixture | ProductDetailsFixture | null,
  delay?: number,
) {
  return mockOf(ProductDetailsDocument, {
    variables: { slug },
    result: { data: { product: found && ('variants' in found ? found : productDetails(found)) } },
    ...(delay !== undefined && { delay }),
  });
}

export function similarProductsMock(productId: string, related: ProductFixture[]) {
  return mockOf(SimilarProductsDocument, {
    variables: { productId },
    result: { data: { relatedProducts: related } },
  });
}

/** The search page's first request for `search`, as the Storefront query with its words. */
export function searchMock(
  search: string,
  items: ProductFixture[],
  total = items.length,
  options: Omit<StorefrontMockOptions, 'search' | 'items' | 'total'> = {},
) {
  return storefrontMock({ ...options, search, items, total });
}

export type SuggestionsFixture = Answer<SearchSuggestionsQuery['searchSuggestions']>;

/** What the search box is offered: the products with the fields a suggestion shows. */
export function suggestions(
  products: ProductFixture[],
  categories: CategoryFixture[] = [],
): SuggestionsFixture {
  return {
    __typename: 'SearchSuggestions',
    products: products.map(({ __typename, id, name, nameHi, slug, price, photoUrl, photo }) => ({
      __typename,
      id,
      name,
      nameHi,
      slug,
      price,
      photoUrl,
      photo,
    })),
    categories,
  };
}

/** The search box's suggestions for `text`. */
export function suggestionsMock(
  text: string,
  products: ProductFixture[],
  categories: CategoryFixture[] = [],
) {
  return mockOf(SearchSuggestionsDocument, {
    variables: { text },
    result: { data: { searchSuggestions: suggestions(products, categories) } },
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

/** The server's `me`, for every check the test makes: the token is still good. */
/** The user as `me` answers it: with the language the account chose, none unless given. */
const meOf = (me: UserFixture, language: 'en' | 'hi' | null = null) => ({ language, ...me });

export function meAlways(me: UserFixture, language: 'en' | 'hi' | null = null) {
  return mockOf(MeDocument, {
    result: { data: { me: meOf(me, language) } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

export function meMock(me: UserFixture | null, delay?: number) {
  return mockOf(MeDocument, {
    result: { data: { me: me && meOf(me) } },
    ...(delay !== undefined && { delay }),
  });
}

/** Tax classes as the admin's forms list them. */
export const TAX_CLASSES = [
  { __typename: 'TaxClass' as const, code: 'standard', name: 'Standard rate (18%)' },
  { __typename: 'TaxClass' as const, code: 'apparel', name: 'Clothing and footwear' },
];
