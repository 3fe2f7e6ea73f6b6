import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Counter, CounterStore } from './rate-limit.store';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * @nestjs/throttler's storage over the shop's counters, so its limits are kept where every
 * other count is (in the process, or in Redis shared by all instances). Its Redis adapters
 * declare Nest 11 at most as their peer and npm refuses them beside Nest 12; the counters'
 * library already does the atomic increment-with-expiry in Redis.
 */
export class CounterThrottlerStorage implements ThrottlerStorage {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly store: CounterStore) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const counter = this.counterFor(throttlerName, ttl, limit, blockDuration);
    let result: RateLimiterRes;
    let isBlocked = false;
    try {
      result = await counter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      result = error;
      isBlocked = true;
    }
    const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    return {
      totalHits: result.consumedPoints,
      timeToExpire: seconds,
      isBlocked,
      timeToBlockExpire: isBlocked ? seconds : 0,
    };
  }

  /** The throttler's options come with each call; one counter per distinct set of them. */
  private counterFor(name: string, ttlMs: number, limit: number, blockMs: number) {
    const id = `${name}:${ttlMs}:${limit}:${blockMs}`;
    let counter = this.counters.get(id);
    if (!counter) {
      counter = this.store({
        keyPrefix: `throttle:${name}`,
        points: limit,
        duration: Math.ceil(ttlMs / 1000),
        blockDuration: Math.ceil(blockMs / 1000),
      });
      this.counters.set(id, counter);
    }
    return counter;
  }
}
