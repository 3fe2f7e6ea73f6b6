import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { Logger } from '@nestjs/common';
import { toShopError } from '../common/error-translation';
import { UNEXPECTED_FAILURE } from '../common/shop-error';
import { currentRequestId } from '../observability/request-context';
import { refusalOf, type RefusalReason } from '../shared/refusals';
import { fieldOf } from '../shared/rules';

const logger = new Logger('GraphQL');

/**
 * Codes Apollo itself gives to requests it could not run, and the refusals of the limits on
 * operations; they pass through as they are.
 */
const REQUEST_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
  'TOO_MANY_REQUESTS',
]);

/**
 * What a client reads of a refusal besides its words: the field it concerns (`field`), and for
 * a shopper's refusal its stable code (`reason`, such as `COUPON_RULES.usedByYou`) and the
 * values its words were given (`values`), by which the storefront says it in Hindi.
 */
function refusalExtensions(message: string): {
  field?: string;
  reason?: RefusalReason;
  values?: string[];
} {
  const { field } = fieldOf(message);
  const refusal = refusalOf(message);
  return { ...(field && { field }), ...refusal };
}

/**
 * Every error leaves with a code a client can act on (BAD_USER_INPUT, UNAUTHENTICATED,
 * FORBIDDEN, NOT_FOUND, CONFLICT, ...) and words a person can read. Faults of ours
 * are logged and leave as INTERNAL_SERVER_ERROR without details.
 */
export function formatError(production: boolean) {
  const format = formatErrorAlone(production);
  // The id its log lines carry and its X-Request-Id header tell, so a client's report of an
  // error can be found in the logs.
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const answer = format(formatted, error);
    const requestId = currentRequestId();
    return requestId ? { ...answer, extensions: { ...answer.extensions, requestId } } : answer;
  };
}

function formatErrorAlone(production: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const shopError = toShopError(original);
    if (shopError) {
      return {
        message: shopError.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: shopError.kind, ...refusalExtensions(shopError.message) },
      };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && REQUEST_ERROR_CODES.has(code)) {
      // A retry hint is for the client, not a detail of ours: production keeps it.
      const { retryAfter } = formatted.extensions ?? {};
      return production
        ? { ...formatted, extensions: { code, ...(retryAfter !== undefined && { retryAfter }) } }
        : formatted;
    }
    logger.error(original instanceof Error ? (original.stack ?? original.message) : original);
    return {
      message: UNEXPECTED_FAILURE,
      locations: formatted.locations,
      path: formatted.path,
      extensions: {
        code: 'INTERNAL_SERVER_ERROR',
        ...(!production && { detail: (original as Error)?.message }),
      },
    };
  };
}
