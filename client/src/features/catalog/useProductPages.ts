import { STOREFRONT_PAGE_SIZE } from '@shop/rules';
import { useStorefrontQuery } from '../../gql/hooks';
import type { ProductFilter } from '../../gql/graphql';
import { useLoadMore } from '../../lib/use-load-more';

/**
 * A growing list of products: page 1, then "load more" asks for the next page, which
 * the Apollo cache appends (see productPagesPolicy). A new filter starts a new list.
 */
export function useProductPages(filter: ProductFilter | null, skip = false) {
  const { data, loading, error, fetchMore } = useStorefrontQuery({
    variables: { page: 1, pageSize: STOREFRONT_PAGE_SIZE, filter },
    skip,
    notifyOnNetworkStatusChange: false,
  });
  const page = data?.products;
  const { loadingMore, loadMore } = useLoadMore(
    fetchMore,
    page?.items.length ?? 0,
    STOREFRONT_PAGE_SIZE,
  );
  return {
    products: page?.items ?? [],
    total: page?.total ?? 0,
    loading: loading && !page,
    error,
    loadingMore,
    hasMore: page?.hasMore ?? false,
    loadMore,
  };
}
