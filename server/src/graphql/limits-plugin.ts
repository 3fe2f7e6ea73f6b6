import type { ApolloServerPlugin } from '@apollo/server';
import type { ShopRequest } from '../auth';
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
export function limitsPlugin(budget: CostBudget): ApolloServerPlugin<LimitsContext> {
  return {
    async requestDidStart() {
      let charged: ReturnType<typeof costCharged> | undefined;
      return {
        async didResolveOperation({ schema, document, operation, request, contextValue }) {
          // No operation to run: Apollo refuses the request itself.
          if (!operation) return;
          const cost = operationCost(schema, document, operation, request.variables);
          const remaining = await budget.spend(contextValue.req, cost);
          charged = costCharged(cost, remaining);
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

/** What `extensions.cost` of an answer says. */
export function costCharged(requested: number, remaining: number) {
  return { requested, limit: MAX_COST, remaining };
}
