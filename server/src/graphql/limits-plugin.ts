import type { ApolloServerPlugin } from '@apollo/server';
import { tokenFromHeader, TokenService } from '../auth/token.service';
import { clientAddressOf, ShopRequest } from '../auth/viewer';
import { CostBudget } from './cost-budget';
import { MAX_COST, operationCost } from './operation-limits';

interface LimitsContext {
  req: ShopRequest;
}

/**
 * Prices each operation before it runs, refuses it when it costs too much, and spends its
 * cost from the client's budget. The answer tells the client what it cost, in
 * `extensions.cost`, so API users can plan within their budget.
 */
export function limitsPlugin(
  budget: CostBudget,
  tokens: TokenService,
): ApolloServerPlugin<LimitsContext> {
  return {
    async requestDidStart() {
      let charged: { requested: number; limit: number; remaining: number } | undefined;
      return {
        async didResolveOperation({ schema, document, operation, request, contextValue }) {
          // No operation to run: Apollo refuses the request itself.
          if (!operation) return;
          const cost = operationCost(schema, document, operation, request.variables);
          const { req } = contextValue;
          // A valid token is enough to choose the budget; looking its user up would cost a
          // read for every operation.
          const token = tokenFromHeader(req.headers.authorization);
          const signedIn = token !== null && tokens.verify(token) !== null;
          const remaining = await budget.spend(clientAddressOf(req), signedIn, cost);
          charged = { requested: cost, limit: MAX_COST, remaining };
        },
        async willSendResponse({ response }) {
          if (charged && response.body.kind === 'single') {
            const result = response.body.singleResult;
            result.extensions = { ...result.extensions, cost: charged };
          }
        },
      };
    },
  };
}
