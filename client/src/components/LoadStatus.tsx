import { Alert } from '@mantine/core';
import { Loading } from './Loading';

interface QueryState {
  data?: unknown;
  loading: boolean;
  error?: unknown;
}

/**
 * Until a query's first answer arrives: the loading state, or `failure` (e.g. 'Orders could
 * not be loaded.') when it cannot be had; nothing once there is data.
 */
export function LoadStatus({ of: query, failure }: { of: QueryState; failure: string }) {
  if (query.data) return null;
  if (query.loading) return <Loading />;
  return query.error ? <Alert color="red">{failure}</Alert> : null;
}
