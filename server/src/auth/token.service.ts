import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { APP_CONFIG, AppConfig } from '../config/config';

interface TokenClaims {
  sub: string;
  /** The user's token version at issue; a token of an older version is refused. */
  ver: number;
}

export interface TokenHolder {
  userId: string;
  tokenVersion: number;
}

/** Self-contained tokens, so any instance of the shop can check them. */
@Injectable()
export class TokenService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  issue({ userId, tokenVersion }: TokenHolder): string {
    return jwt.sign(
      { sub: userId, ver: tokenVersion } satisfies TokenClaims,
      this.config.jwtSecret,
      {
        algorithm: 'HS256',
        expiresIn: this.config.jwtExpiresIn as jwt.SignOptions['expiresIn'],
      },
    );
  }

  /**
   * Whom a valid token was issued to, or null for anything else. Tokens issued before
   * versions existed have none and count as version 0, like their users.
   */
  verify(token: string): TokenHolder | null {
    let claims: string | jwt.JwtPayload;
    try {
      claims = jwt.verify(token, this.config.jwtSecret, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
    if (typeof claims !== 'object' || typeof claims.sub !== 'string') return null;
    const version: unknown = claims.ver ?? 0;
    if (!Number.isInteger(version)) return null;
    return { userId: claims.sub, tokenVersion: version as number };
  }
}

/** Accepts both `Authorization: <token>` (the original clients) and `Bearer <token>`. */
export function tokenFromHeader(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const token = header.trim().replace(/^Bearer\s+/i, '');
  return token.length > 0 && token.length < 4096 ? token : null;
}
