import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../config/config';
import { RazorpayError } from './razorpay-error';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * HTTP Basic auth with the gateway's key id and secret, as Razorpay asks; compared as digests
 * in constant time. Anything else is Razorpay's 401.
 */
@Injectable()
export class DemoKeysGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.expected = digest(`${config.paymentGateway.keyId}:${config.paymentGateway.keySecret}`);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header.trim());
    const given = basic ? Buffer.from(basic[1], 'base64').toString('utf8') : '';
    if (!basic || !timingSafeEqual(digest(given), this.expected)) {
      throw new RazorpayError(401, 'BAD_REQUEST_ERROR', 'Authentication failed');
    }
    return true;
  }
}
