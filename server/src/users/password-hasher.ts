import { Inject, Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { APP_CONFIG, AppConfig } from '../config/config';

/** The one place secrets are hashed and compared (passwords and security answers). */
@Injectable()
export class PasswordHasher {
  /** Compared against when an account does not exist, so both cases take as long. */
  private readonly decoy: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.decoy = bcrypt.hashSync('decoy-password', config.passwordHashRounds);
  }

  hash(secret: string): Promise<string> {
    return bcrypt.hash(secret, this.config.passwordHashRounds);
  }

  async matches(secret: string, hash: string | undefined): Promise<boolean> {
    const same = await bcrypt.compare(secret, hash ?? this.decoy);
    return hash !== undefined && same;
  }
}

/** Security answers match whatever their case and spacing: " Cricket " is "cricket". */
export function normaliseAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, ' ').toLowerCase();
}
