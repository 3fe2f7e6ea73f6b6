import { PRICE_BANDS, STOREFRONT_PAGE_SIZE } from '@shop/rules';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCategoriesQuery, useStorefrontQuery } from '../../gql/hooks';
import type { ProductFilter } from '../../gql/graphql';
import { CatalogueView, firstRequestSize, paramsOf, viewOf } from '../../lib/catalogue-view';

/**
 * The view the URL holds, and the ways to change it: a new filter, sort or search is a new
 * entry in the history (back returns to the view before), starting again from page 1;
 * showing another page replaces the entry, so back does not step through pages.
 */
export function useCatalogueView() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  return {
    view,
    change: (changes: Partial<Omit<CatalogueView, 'page'>>) =>
      setParams(paramsOf({ ...view, ...changes, page: 1 })),
    showPages: (page: number) => setParams(paramsOf({ ...view, page }), { replace: true }),
  };
}

/**
 * The products and the filter's counts of a view, in one request, with "load more". The
 * Apollo cache keeps each view's list (productPagesPolicy), so returning to a view shows it
 * at once. `categoryId` is the category a page itself shows, whatever the view says; `deals`, only
 * products below their MRP, the biggest discount first unless sorted otherwise.
 */
export function useCatalogue(
  view: CatalogueView,
  {
    categoryId,
    skip = false,
    deals = false,
  }: { categoryId?: string; skip?: boolean; deals?: boolean } = {},
) {
  const categories = useCategoriesQuery({ skip: view.categories.length === 0 || !!categoryId });
  const idsBySlug = new Map(categories.data?.categories.map((c) => [c.slug, c.id]));
  const waitingForCategories = !categoryId && view.categories.length > 0 && !categories.data;
  const band = view.band === null ? null : PRICE_BANDS[view.band];
  const categoryIds = categoryId
    ? [categoryId]
    : view.categories.flatMap((slug) => idsBySlug.get(slug) ?? []);
  const filter: ProductFilter = {
    ...(categoryIds.length > 0 && { categoryIds }),
    ...(band && { priceMin: band.min, priceMax: band.max }),
    ...(view.inStock && { inStock: true }),
    ...(view.options.length > 0 && { options: view.options }),
    ...(deals && { discounted: true }),
  };
  const { data, previousData, loading, error, fetchMore } = useStorefrontQuery({
    variables: {
      page: 1,
      pageSize: firstRequestSize(view),
      filter,
      search: view.q || null,
      sort: view.sort ?? (deals ? 'DISCOUNT' : null),
    },
    skip: skip || waitingForCategories,
    notifyOnNetworkStatusChange: false,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const page = data?.products;
  const shown = page?.items.length ?? 0;

  /** Asks for the page after those shown; the cache appends it. */
  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const next = Math.floor(shown / STOREFRONT_PAGE_SIZE) + 1;
      await fetchMore({ variables: { page: next, pageSize: STOREFRONT_PAGE_SIZE } });
      return next;
    } catch (failure) {
      // The products shown stay; pressing again asks again.
      console.error(failure);
      return null;
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    products: page?.items ?? [],
    total: page?.total ?? 0,
    matchedWords: page?.matchedWords ?? [],
    correctedSearch: page?.correctedSearch ?? null,
    /** While a new view loads, the counts of the one before, so the filters do not jump. */
    facets: (data ?? previousData)?.productFacets ?? null,
    loading: (loading || waitingForCategories) && !page,
    error,
    loadingMore,
    hasMore: page?.hasMore ?? false,
    loadMore,
  };
}
