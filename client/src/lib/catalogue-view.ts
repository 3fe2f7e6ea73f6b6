import { MAX_PAGE_SIZE, PRICE_BANDS, STOREFRONT_PAGE_SIZE } from '@shop/rules';
import type { ProductSort } from '../gql/graphql';
import { SEARCH_WORDS } from './routes';

/**
 * What a product list shows, as its URL holds it, so a reload, back and forward and a shared
 * link restore the same view: `?q=phone&category=books,electronics&price=1001-3000&stock=in
 * &opt.Size=M&opt.Size=L&sort=price-asc&page=2`. Anything a URL holds that names no choice
 * is ignored.
 */
export interface CatalogueView {
  /** Search words; empty is none. */
  q: string;
  /** Category slugs. */
  categories: string[];
  /** Index into PRICE_BANDS, or none. */
  band: number | null;
  inStock: boolean;
  /** Option values chosen (Size: M or L), each option once, in the URL's order. */
  options: OptionChoice[];
  /** None: the list's default (best match with a search, newest without). */
  sort: ProductSort | null;
  /** How many pages are shown, from 1. */
  page: number;
}

export interface OptionChoice {
  name: string;
  values: string[];
}

/**
 * Before an option's name in the URL, one parameter per value (`opt.Size=M&opt.Size=L`):
 * values may hold commas, and no option name can be taken for another parameter.
 */
const OPTION_PREFIX = 'opt.';

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
  TOP_RATED: 'top-rated',
  RELEVANCE: 'relevance',
  DISCOUNT: 'discount',
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
  const optionNames = new Set(
    [...params.keys()].filter(
      (key) => key.startsWith(OPTION_PREFIX) && key.length > OPTION_PREFIX.length,
    ),
  );
  return {
    q: (get(VIEW_PARAMS.q) || get(EARLIER_SEARCH_WORDS)).trim(),
    categories: get(VIEW_PARAMS.categories).split(',').filter(Boolean),
    band: band >= 0 ? band : null,
    inStock: get(VIEW_PARAMS.inStock) === 'in',
    options: [...optionNames]
      .map((key) => ({
        name: key.slice(OPTION_PREFIX.length),
        values: [...new Set(params.getAll(key).filter(Boolean))],
      }))
      .filter((option) => option.values.length > 0),
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
  for (const option of view.options) {
    for (const value of option.values) params.append(`${OPTION_PREFIX}${option.name}`, value);
  }
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
