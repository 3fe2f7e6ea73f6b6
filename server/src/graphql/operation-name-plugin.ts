import type { ApolloServerPlugin } from '@apollo/server';
import type { ShopRequest } from '../auth/viewer';
import type { ObservedRequest } from '../observability/http-route';

interface RequestContext {
  req: ShopRequest & ObservedRequest;
}

/** The request's log line names the GraphQL operation it ran. */
export function operationNamePlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operationName, operation, contextValue }) {
          contextValue.req.graphqlOperation =
            operationName ?? `anonymous ${operation?.operation ?? 'operation'}`;
        },
      };
    },
  };
}
