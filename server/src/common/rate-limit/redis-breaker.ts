import { Logger } from '@nestjs/common';
import CircuitBreaker from 'opossum';
import { RateLimiterRes } from 'rate-limiter-flexible';

/**
 * The longest a count may wait for Redis. A healthy Redis answers in about a millisecond; past
 * this it is taken as down, and a sign-in or a GraphQL request is not held up any longer. Not
 * shorter: the timer runs on the event loop, which a busy machine delays by a hundred or more
 * milliseconds at times, and each false alarm splits the limits between instances for the cool-down.
 * A real outage costs this once per cool-down, not on every request.
 */
export const REDIS_ANSWER_MS = 500;

/**
 * How long the counters stay in this process once Redis failed or was slow; then one count
 * tries Redis again, and the others follow it back if it answered.
 */
export const REDIS_COOL_DOWN_MS = 2_000;

export const LIMITS_IN_PROCESS =
  'Redis did not answer: counting limits in this process until it is back';
export const LIMITS_SHARED_AGAIN = 'Redis answers again: limits are shared across instances';

type Count = () => Promise<unknown>;

/**
 * Whether the counters ask Redis or this process's memory, one breaker per Redis connection
 * (opossum). Closed, every count goes to Redis, given REDIS_ANSWER_MS; one that fails or is late
 * opens it, and for REDIS_COOL_DOWN_MS every count goes to memory at once, without waiting on
 * Redis. Then one count tries Redis (half open): answered, the breaker closes. A count over its
 * limit (RateLimiterRes) is an answer, not a failure. The change is logged once each way.
 */
export class RedisBreaker {
  private readonly logger = new Logger('RateLimits');
  private readonly breaker: CircuitBreaker<[Count, Count], unknown>;
  private inProcess = false;

  constructor() {
    this.breaker = new CircuitBreaker((inRedis: Count, _inProcess: Count) => inRedis(), {
      timeout: REDIS_ANSWER_MS,
      // Any failure opens it: each waits REDIS_ANSWER_MS at most, but a sign-in counts 3 times.
      errorThresholdPercentage: 0,
      resetTimeout: REDIS_COOL_DOWN_MS,
      errorFilter: (error) => error instanceof RateLimiterRes,
    });
    this.breaker.fallback((_inRedis: Count, inProcess: Count) => inProcess());
    this.breaker.on('open', () => {
      if (this.inProcess) return; // a failed try after a cool-down: still out
      this.inProcess = true;
      this.logger.warn(LIMITS_IN_PROCESS);
    });
    this.breaker.on('close', () => {
      this.inProcess = false;
      this.logger.log(LIMITS_SHARED_AGAIN);
    });
  }

  /** The count in Redis, or the same count in this process while Redis is out. */
  count<T>(inRedis: () => Promise<T>, inProcess: () => Promise<T>): Promise<T> {
    return this.breaker.fire(inRedis, inProcess) as Promise<T>;
  }

  /** Its timers stop; once the connection has ended. */
  shutdown(): void {
    this.breaker.shutdown();
  }
}
