import type { IncomingMessage } from 'node:http';

/** How a GraphQL operation ended, as the metrics count it. */
export type GraphqlOutcome = 'success' | 'error' | 'refused';

/** What the logs and metrics read from a request besides Node's own fields. */
export interface ObservedRequest extends IncomingMessage {
  originalUrl?: string;
  baseUrl?: string;
  route?: { path?: unknown };
  /** What the GraphQL request ran and how it ended, set by graphql/operation-name-plugin.ts. */
  graphqlOperation?: string;
  graphqlOperationType?: string;
  graphqlOutcome?: GraphqlOutcome;
}

/** Paths served by middleware rather than a Nest route, each one label. */
const MOUNTED = ['/graphql-explorer', '/graphql', '/api/docs', '/metrics'];

/** The path without its query string, which may hold anything a client typed. */
export function pathOf(request: ObservedRequest): string {
  const url = request.originalUrl ?? request.url ?? '/';
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/**
 * The route a request matched, as declared (`/api/v1/product/get-product/:slug`), never the
 * raw URL: a label per product or per mistyped URL would grow the metrics without bound.
 * Requests no route matched are `other` (the storefront's pages and files, and 404s).
 */
export function routeOf(request: ObservedRequest): string {
  const path = pathOf(request);
  const mount = MOUNTED.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (mount) return mount;
  const declared = request.route?.path;
  return typeof declared === 'string' ? `${request.baseUrl ?? ''}${declared}` : 'other';
}
