import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ShopError } from '../shop-error';
import { RATE_LIMIT_STORE, RateLimitStore } from './rate-limit.store';

const tooMany = () =>
  new ShopError('TOO_MANY_REQUESTS', 'Too many attempts, please try again later');

/**
 * Limits sign-in style attempts: every attempt counts against the client address and
 * against the account (until a success clears it), so neither spreading guesses over
 * many addresses nor sending them all at once gets past the limit.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async attempt(action: string, clientAddress: string, account?: string): Promise<void> {
    const { max, windowMs } = this.config.authRateLimit;
    if ((await this.store.hit(`${action}:ip:${clientAddress}`, windowMs)) > max) throw tooMany();
    if (account && (await this.store.hit(accountKey(action, account), windowMs)) > max) {
      throw tooMany();
    }
  }

  async succeeded(action: string, account: string): Promise<void> {
    await this.store.reset(accountKey(action, account));
  }
}

function accountKey(action: string, account: string): string {
  return `${action}:account:${account.toLowerCase()}`;
}
