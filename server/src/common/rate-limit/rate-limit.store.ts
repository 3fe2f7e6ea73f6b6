import type { Redis } from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { RedisBreaker } from './redis-breaker';

/** One limit: at most `points` within `duration` seconds per key, under its own key prefix. */
export interface CounterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
  /** Seconds a key over the limit stays refused, counted from the attempt that went over. */
  blockDuration?: number;
}

/**
 * The counts a limit takes: `consume` resolves with what is left, or rejects with a
 * RateLimiterRes when the key is over the limit.
 */
export type Counter = Pick<RateLimiterAbstract, 'consume' | 'reward' | 'delete'>;

/**
 * Makes the counters of each limit; the one place that chooses where counts are kept: in this
 * process, or in Redis when REDIS_URL is set, so that every instance counts against the same
 * limits (rate-limit.module.ts).
 */
export type CounterStore = (options: CounterOptions) => Counter;

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export const inProcessCounters: CounterStore = (options) => new RateLimiterMemory(options);

/** Keys of every counter start with this, so the shop's keys stand apart in a shared Redis. */
export const REDIS_KEY_PREFIX = 'shop:limits';

/**
 * Counters in Redis, shared by every instance. While Redis is down or slow each instance counts
 * in its own memory instead, at once (RedisBreaker): the limits then hold per instance, as
 * without Redis, rather than refusing or holding up every sign-in and GraphQL request until
 * Redis is back. What was counted in memory meanwhile stays there.
 */
export function redisCounters(client: Redis): CounterStore {
  const breaker = new RedisBreaker();
  client.once('end', () => breaker.shutdown());
  return (options) => {
    const shared = new RateLimiterRedis({
      ...options,
      keyPrefix: `${REDIS_KEY_PREFIX}:${options.keyPrefix}`,
      storeClient: client,
      // Not connected: fail at once rather than wait, and count in memory.
      rejectIfRedisNotReady: true,
    });
    const local = new RateLimiterMemory(options);
    return {
      consume: (key, points, more) =>
        breaker.count(
          () => shared.consume(key, points, more),
          () => local.consume(key, points, more),
        ),
      reward: (key, points, more) =>
        breaker.count(
          () => shared.reward(key, points, more),
          () => local.reward(key, points, more),
        ),
      delete: (key, more) =>
        breaker.count(
          () => shared.delete(key, more),
          () => local.delete(key, more),
        ),
    };
  };
}
