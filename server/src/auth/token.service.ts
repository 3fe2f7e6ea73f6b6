import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { APP_CONFIG, AppConfig } from '../config/config';

interface TokenClaims {
  sub: string;
}

/** Self-contained tokens, so any instance of the shop can check them. */
@Injectable()
export class TokenService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  issue(userId: string): string {
    return jwt.sign({ sub: userId } satisfies TokenClaims, this.config.jwtSecret, {
      algorithm: 'HS256',
      expiresIn: this.config.jwtExpiresIn as jwt.SignOptions['expiresIn'],
    });
  }

  /** The user id a valid token was issued to, or null for anything else. */
  verify(token: string): string | null {
    try {
      const claims = jwt.verify(token, this.config.jwtSecret, { algorithms: ['HS256'] });
      return typeof claims === 'object' && typeof claims.sub === 'string' ? claims.sub : null;
    } catch {
      return null;
    }
  }
}

/** Accepts both `Authorization: <token>` (the original clients) and `Bearer <token>`. */
export function tokenFromHeader(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const token = header.trim().replace(/^Bearer\s+/i, '');
  return token.length > 0 && token.length < 4096 ? token : null;
}
