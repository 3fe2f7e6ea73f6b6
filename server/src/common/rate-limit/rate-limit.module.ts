import { Module } from '@nestjs/common';
import { inProcessCounters, RATE_LIMIT_STORE } from './rate-limit.store';
import { RateLimiter } from './rate-limiter.service';

@Module({
  providers: [RateLimiter, { provide: RATE_LIMIT_STORE, useValue: inProcessCounters }],
  exports: [RateLimiter, RATE_LIMIT_STORE],
})
export class RateLimitModule {}
