/**
 * What went wrong, in words both faces of the API understand: REST turns the kind
 * into an HTTP status, GraphQL into `extensions.code`. Services throw only these.
 */
export type ShopErrorKind =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS';

export class ShopError extends Error {
  constructor(
    readonly kind: ShopErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

export const badInput = (message: string) => new ShopError('BAD_USER_INPUT', message);
export const unauthenticated = (message = 'Please sign in') =>
  new ShopError('UNAUTHENTICATED', message);
export const forbidden = (message = 'Not allowed') => new ShopError('FORBIDDEN', message);
export const notFound = (message: string) => new ShopError('NOT_FOUND', message);
export const conflict = (message: string) => new ShopError('CONFLICT', message);

/** What a client is told of a failure the shop did not expect; the details are only logged. */
export const UNEXPECTED_FAILURE = 'Something went wrong';
