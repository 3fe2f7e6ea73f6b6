import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { CounterThrottlerStorage } from './counter-throttler-storage';
import {
  CounterStore,
  inProcessCounters,
  RATE_LIMIT_STORE,
  redisCounters,
} from './rate-limit.store';
import { RateLimiter } from './rate-limiter.service';
import { connectRedis, REDIS_CLIENT } from './redis';

/** Where counts are kept: Redis when REDIS_URL is set, else this process. */
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.redisUrl ? connectRedis(config.redisUrl) : null),
    },
    {
      provide: RATE_LIMIT_STORE,
      inject: [REDIS_CLIENT],
      useFactory: (redis: Redis | null) => (redis ? redisCounters(redis) : inProcessCounters),
    },
  ],
  exports: [RATE_LIMIT_STORE],
})
class CountersModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}

/**
 * The limits on attempts: the failure counters of RateLimiter, and @nestjs/throttler's
 * per-address limits (RegistrationLimit), both counting in the same store.
 */
@Module({
  imports: [
    CountersModule,
    ThrottlerModule.forRootAsync({
      imports: [CountersModule],
      inject: [APP_CONFIG, RATE_LIMIT_STORE],
      useFactory: (config: AppConfig, counters: CounterStore) => ({
        throttlers: [
          {
            name: 'registrations',
            limit: config.rateLimits.registrationsPerAddress,
            ttl: config.rateLimits.windowMs,
          },
        ],
        storage: new CounterThrottlerStorage(counters),
        setHeaders: false,
      }),
    }),
  ],
  providers: [RateLimiter],
  exports: [RateLimiter, CountersModule, ThrottlerModule],
})
export class RateLimitModule {}
