import type { ApolloServerPlugin } from '@apollo/server';
import type { ShopRequest } from '../auth';
import type { GraphqlOutcome, ObservedRequest } from '../observability/http-route';

interface RequestContext {
  req: ShopRequest & ObservedRequest;
}

/**
 * Tells the request's log line and metrics (observability/) which operation it ran and how it
 * ended: with data and no errors, with errors beside its data, or refused before it ran.
 */
export function operationNamePlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operationName, operation, contextValue }) {
          noteOperation(contextValue.req, operationName, operation?.operation);
        },
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single' || !contextValue?.req) return;
          const result = response.body.singleResult;
          contextValue.req.graphqlOutcome = !('data' in result)
            ? 'refused'
            : result.errors?.length
              ? 'error'
              : 'success';
        },
      };
    },
  };
}

/** What the request's log line and metrics say of the operation it ran. */
export function noteOperation(
  request: ObservedRequest,
  name: unknown,
  type = 'query',
  outcome?: GraphqlOutcome,
): void {
  request.graphqlOperation = typeof name === 'string' ? name : 'anonymous';
  request.graphqlOperationType = type;
  if (outcome) request.graphqlOutcome = outcome;
}
