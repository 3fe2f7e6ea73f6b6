import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { tokenFromHeader, TokenService, clientAddressOf, ShopRequest } from '../auth';
import type { Counter, CounterStore } from '../common/rate-limit/rate-limit.store';

export interface CostBudgetConfig {
  /** Cost an address may spend per window without signing in. */
  anonymous: number;
  /** Cost an address may spend per window on signed-in requests. */
  signedIn: number;
  windowMs: number;
}

/**
 * How much GraphQL work each client address may ask for per window, counted in operation
 * cost, so a stream of expensive but legal queries cannot starve everyone else. Signed-in
 * requests draw on their own, larger budget. Counters live where the sign-in limits keep
 * theirs (RATE_LIMIT_STORE).
 */
export class CostBudget {
  private readonly anonymous: Counter;
  private readonly signedIn: Counter;

  constructor(
    config: CostBudgetConfig,
    counters: CounterStore,
    private readonly tokens: TokenService,
  ) {
    const duration = config.windowMs / 1000;
    this.anonymous = counters({
      keyPrefix: 'graphql-anonymous',
      points: config.anonymous,
      duration,
    });
    this.signedIn = counters({ keyPrefix: 'graphql-signed-in', points: config.signedIn, duration });
  }

  /**
   * Spends `cost` from the budget of the request's address and returns what is left, or
   * refuses with 429. A valid token is enough to choose the signed-in budget; looking its
   * user up would cost a read for every operation.
   */
  async spend(request: ShopRequest, cost: number): Promise<number> {
    const token = tokenFromHeader(request.headers.authorization);
    const signedIn = token !== null && this.tokens.verify(token) !== null;
    try {
      return (
        await (signedIn ? this.signedIn : this.anonymous).consume(clientAddressOf(request), cost)
      ).remainingPoints;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext);
      throw rejection;
    }
  }
}

function tooManyRequests(msBeforeNext: number): GraphQLError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new GraphQLError(`Too many requests from this address; try again in ${retryAfter} s`, {
    extensions: {
      code: 'TOO_MANY_REQUESTS',
      retryAfter,
      http: { status: 429, headers: new HeaderMap([['retry-after', String(retryAfter)]]) },
    },
  });
}
