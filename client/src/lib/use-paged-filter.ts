import { useState } from 'react';

/** A paged list's page and filter: a new filter starts again from page 1. */
export function usePagedFilter<T>(initial: T) {
  const [{ page, filter }, setState] = useState({ page: 1, filter: initial });
  return {
    page,
    filter,
    setPage: (next: number) => setState((current) => ({ ...current, page: next })),
    setFilter: (next: T) => setState({ page: 1, filter: next }),
  };
}
