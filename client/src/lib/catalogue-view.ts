import { MAX_PAGE_SIZE, PRICE_BANDS, STOREFRONT_PAGE_SIZE } from '@shop/rules';
import type { ProductSort } from '../gql/graphql';
import { SEARCH_WORDS } from './routes';

/**
 * What a product list shows, as its URL holds it, so a reload, back and forward and a shared
 * link restore the same view: `?q=phone&category=books,electronics&price=1001-3000&stock=in
 * &sort=price-asc&page=2`. Anything a URL holds that names no choice is ignored.
 */
export interface CatalogueView {
  /** Search words; empty is none. */
  q: string;
  /** Category slugs. */
  categories: string[];
  /** Index into PRICE_BANDS, or none. */
  band: number | null;
  inStock: boolean;
  /** None: the list's default (best match with a search, newest without). */
  sort: ProductSort | null;
  /** How many pages are shown, from 1. */
  page: number;
}

export const VIEW_PARAMS = {
  q: SEARCH_WORDS,
  categories: 'category',
  band: 'price',
  inStock: 'stock',
  sort: 'sort',
  page: 'page',
} as const;

/** The sort orders by the words their URLs use. */
const SORT_NAMES: Record<ProductSort, string> = {
  NEWEST: 'newest',
  PRICE_ASC: 'price-asc',
  PRICE_DESC: 'price-desc',
  NAME_ASC: 'name-asc',
  RELEVANCE: 'relevance',
};

const bandName = (band: (typeof PRICE_BANDS)[number]) => `${band.min}-${band.max}`;

/** Where searches kept their words before `q`; links to them still work. */
const EARLIER_SEARCH_WORDS = 'keyword';

export function viewOf(params: URLSearchParams): CatalogueView {
  const get = (name: string) => params.get(name) ?? '';
  const sortName = get(VIEW_PARAMS.sort);
  const sort = Object.entries(SORT_NAMES).find(([, name]) => name === sortName)?.[0];
  const band = PRICE_BANDS.findIndex((option) => bandName(option) === get(VIEW_PARAMS.band));
  const page = Number(get(VIEW_PARAMS.page));
  return {
    q: (get(VIEW_PARAMS.q) || get(EARLIER_SEARCH_WORDS)).trim(),
    categories: get(VIEW_PARAMS.categories).split(',').filter(Boolean),
    band: band >= 0 ? band : null,
    inStock: get(VIEW_PARAMS.inStock) === 'in',
    sort: (sort as ProductSort | undefined) ?? null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The view's query parameters; those at their default are left out. */
export function paramsOf(view: CatalogueView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set(VIEW_PARAMS.q, view.q);
  if (view.categories.length > 0) params.set(VIEW_PARAMS.categories, view.categories.join(','));
  if (view.band !== null) params.set(VIEW_PARAMS.band, bandName(PRICE_BANDS[view.band]));
  if (view.inStock) params.set(VIEW_PARAMS.inStock, 'in');
  if (view.sort) params.set(VIEW_PARAMS.sort, SORT_NAMES[view.sort]);
  if (view.page > 1) params.set(VIEW_PARAMS.page, String(view.page));
  return params;
}

/**
 * How many products the first request of a view asks for: every page the URL says is
 * shown, so a restored view shows what it showed (at most MAX_PAGE_SIZE).
 */
export function firstRequestSize(view: CatalogueView): number {
  return Math.min(STOREFRONT_PAGE_SIZE * view.page, MAX_PAGE_SIZE);
}
