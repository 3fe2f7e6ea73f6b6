import { RateLimiterAbstract, RateLimiterMemory } from 'rate-limiter-flexible';

/** One limit: at most `points` within `duration` seconds per key, under its own key prefix. */
export interface CounterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

/**
 * Makes the counters of each limit; the one place that chooses where counts are kept.
 * The default keeps them in this process. A shop running several instances binds
 * RATE_LIMIT_STORE to a factory of shared counters instead, e.g. rate-limiter-flexible's
 * `new RateLimiterRedis({ ...options, storeClient })`, which answers the same calls.
 */
export type CounterStore = (options: CounterOptions) => RateLimiterAbstract;

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export const inProcessCounters: CounterStore = (options) => new RateLimiterMemory(options);
