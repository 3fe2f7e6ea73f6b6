import type { Redis } from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/** One limit: at most `points` within `duration` seconds per key, under its own key prefix. */
export interface CounterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
  /** Seconds a key over the limit stays refused, counted from the attempt that went over. */
  blockDuration?: number;
}

/**
 * Makes the counters of each limit; the one place that chooses where counts are kept: in this
 * process, or in Redis when REDIS_URL is set, so that every instance counts against the same
 * limits (rate-limit.module.ts).
 */
export type CounterStore = (options: CounterOptions) => RateLimiterAbstract;

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export const inProcessCounters: CounterStore = (options) => new RateLimiterMemory(options);

/** Keys of every counter start with this, so the shop's keys stand apart in a shared Redis. */
export const REDIS_KEY_PREFIX = 'shop:limits';

/**
 * Counters in Redis, shared by every instance. While Redis cannot be reached each instance
 * counts in its own memory instead: the limits then hold per instance, as without Redis,
 * rather than refusing every sign-in and GraphQL request until Redis is back.
 */
export function redisCounters(client: Redis): CounterStore {
  return (options) =>
    new RateLimiterRedis({
      ...options,
      keyPrefix: `${REDIS_KEY_PREFIX}:${options.keyPrefix}`,
      storeClient: client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
}
