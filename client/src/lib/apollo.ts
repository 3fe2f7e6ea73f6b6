import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { FieldPolicy } from '@apollo/client/cache';
import { tap } from 'rxjs';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';

interface ProductPage {
  items: unknown[];
  pageSize: number;
}

/**
 * "Load more": each page asked for is written after the pages before it, so the list
 * grows (the rest, total and hasMore, is the last page's); page 1 starts the list again.
 * Each filter, search and sort keeps a list of its own, whatever page size asked for it:
 * a view restored from its URL asks for all its pages at once (lib/catalogue-view.ts), and
 * finds the list it showed before without asking the server.
 */
export const productPagesPolicy: FieldPolicy<ProductPage> = {
  keyArgs: ['filter', 'search', 'sort'],
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
      // An order's payment has no id of its own: the list's fields and the order page's (its
      // UPI link, its payer page) are one payment, merged rather than replaced.
      OrderPayment: { merge: true },
    },
  });
}

/** Operations whose UNAUTHENTICATED means wrong credentials, not an ended session. */
const SIGNING_IN = new Set(['Login']);

/**
 * The token is read at every request, so signing in or out takes effect at once. A request
 * that carried a token and was refused as not signed in reports that token to
 * `onTokenRefused`: its session ended elsewhere.
 */
export function createApolloClient(
  getToken: () => string | null,
  onTokenRefused: (token: string) => void = () => undefined,
): ApolloClient {
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
    const result = forward(operation);
    if (!token || SIGNING_IN.has(operation.operationName ?? '')) return result;
    // rxjs's tap rather than Apollo's ErrorLink: Apollo itself holds rxjs already, so the home
    // page's first download stays within its budget.
    return result.pipe(
      tap((answer) => {
        if (answer.errors?.some((one) => one.extensions?.code === 'UNAUTHENTICATED')) {
          onTokenRefused(token);
        }
      }),
    );
  });
  return new ApolloClient({
    link: ApolloLink.from([auth, new UploadHttpLink({ uri: '/graphql' })]),
    cache: createCache(),
  });
}
