import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { FieldPolicy } from '@apollo/client/cache';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';

interface ProductPage {
  items: unknown[];
  pageSize: number;
}

/**
 * "Load more": each page asked for is written after the pages before it, so the list
 * grows (the rest, total and hasMore, is the last page's); page 1 starts the list again.
 * Filters and search keep lists of their own.
 */
export const productPagesPolicy: FieldPolicy<ProductPage> = {
  keyArgs: ['filter', 'search', 'pageSize'],
  merge(existing, incoming, { args }) {
    const page = (args?.page as number | undefined) ?? 1;
    if (!existing || page === 1) return incoming;
    const kept = existing.items.slice(0, (page - 1) * incoming.pageSize);
    return { ...incoming, items: [...kept, ...incoming.items] };
  },
};

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          products: productPagesPolicy,
          product: { keyArgs: ['slug'] },
        },
      },
    },
  });
}

/** The token is read at every request, so signing in or out takes effect at once. */
export function createApolloClient(getToken: () => string | null): ApolloClient {
  const auth = new ApolloLink((operation, forward) => {
    const token = getToken();
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
      headers: {
        ...headers,
        ...(token && { Authorization: token }),
        // Uploads are multipart; Apollo Server's CSRF protection asks for this header.
        'Apollo-Require-Preflight': 'true',
      },
    }));
    return forward(operation);
  });
  return new ApolloClient({
    link: ApolloLink.from([auth, new UploadHttpLink({ uri: '/graphql' })]),
    cache: createCache(),
  });
}
