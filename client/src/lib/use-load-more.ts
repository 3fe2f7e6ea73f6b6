import { useState } from 'react';

/**
 * "Load more" over a paged query: asks for the page after the items shown (the Apollo
 * cache appends it, see productPagesPolicy). A failure is only logged and stops the
 * loading indicator: the items shown stay, and pressing again asks again.
 */
export function useLoadMore(
  fetchMore: (options: { variables: { page: number } }) => Promise<unknown>,
  shown: number,
  pageSize: number,
) {
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = async () => {
    setLoadingMore(true);
    try {
      await fetchMore({ variables: { page: Math.floor(shown / pageSize) + 1 } });
    } catch (failure) {
      console.error(failure);
    } finally {
      setLoadingMore(false);
    }
  };
  return { loadingMore, loadMore };
}
