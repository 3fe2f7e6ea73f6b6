import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { ThrottlerLimitDetail } from '@nestjs/throttler';
import { TOO_MANY, tooMany } from '../common/rate-limit/rate-limiter.service';
import { clientAddressOf, requestOf, ShopRequest } from './viewer';

/**
 * Registrations per client address, every attempt counted whatever its outcome (the
 * `registrations` throttler of RateLimitModule). REST and GraphQL count against one key per
 * address, and a refusal reads like the shop's other limits.
 */
@Injectable()
export class RegistrationLimit extends ThrottlerGuard {
  protected override getRequestResponse(context: ExecutionContext) {
    const req = requestOf(context);
    return { req, res: req.res as NonNullable<ShopRequest['res']> };
  }

  protected override getTracker(req: Record<string, unknown>): Promise<string> {
    return Promise.resolve(clientAddressOf(req as unknown as ShopRequest));
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string) {
    return `${name}:${tracker}`;
  }

  protected override throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw tooMany(TOO_MANY.registrations, detail.timeToBlockExpire * 1000);
  }
}
