import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { isDuplicateKey } from '../common/natural-key';
import { RateLimiter } from '../common/rate-limit/rate-limiter.service';
import { badInput, notFound } from '../common/shop-error';
import { APP_CONFIG, AppConfig, shopOrigin } from '../config/config';
import { DatabaseEngine } from '../database/database-engine';
import { mailOf, Outbox } from '../notifications';
import { UsersService } from '../users';
import { passwordResetMailOf } from './password-reset-mail';
import { PasswordResetLink } from './password-reset-link.schema';
import { RESET_LINK_RULES } from '../shared/form-rules';

/** The storefront's page a link opens, with `?token=`. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** What asking for a link answers, whether or not an account uses the address. */
export const LINK_ON_ITS_WAY =
  'If an account uses this address, an e-mail with a link to reset its password is on its way';

export { RESET_LINK_RULES };

export interface PasswordResetWays {
  link: boolean;
  linkMinutes: number;
  securityQuestion: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A link's token: the account's user id, a dot, and 32 random bytes (base64url). */
const TOKEN_PATTERN = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;

/**
 * Password reset by an e-mailed link (README, "Accounts: a forgotten password"). The link's
 * token is random and kept only hashed; it works once, for `passwordReset.linkMs`, and only the
 * newest of an account's links works. Using it sets the password, which ends every session.
 */
@Injectable()
export class PasswordResets {
  private readonly logger = new Logger('PasswordResets');

  constructor(
    @InjectModel(PasswordResetLink.name) private readonly links: Model<PasswordResetLink>,
    private readonly users: UsersService,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly engine: DatabaseEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** How a forgotten password can be reset here: by link (when the shop sends e-mail), by question. */
  ways(): PasswordResetWays {
    return {
      link: this.outbox.sending,
      linkMinutes: this.linkMinutes,
      securityQuestion: this.config.passwordReset.byQuestion,
    };
  }

  private get linkMinutes(): number {
    return Math.round(this.config.passwordReset.linkMs / 60_000);
  }

  /**
   * Sends a reset link to `email` if an account uses it. Every request counts against the
   * limits, known address or not; the answer and its timing are the same either way, since
   * the account is looked up and the link written after answering.
   */
  async sendLink(email: string, clientAddress: string): Promise<void> {
    if (!this.outbox.sending) throw notFound(RESET_LINK_RULES.mailOff);
    await this.limiter.resetLink({ account: email, address: clientAddress });
    void this.issue(email).catch((error: unknown) =>
      this.logger.error(`A password reset link was not written: ${String(error)}`),
    );
  }

  /** Sets `newPassword` if `token` is the account's newest link, unused and unexpired. */
  async reset(token: string, newPassword: string, clientAddress: string): Promise<void> {
    const parsed = TOKEN_PATTERN.exec(token);
    const userId = parsed?.[1] ?? '';
    // A wrong token counts as a wrong answer would: the same limits per address and account.
    const used = await this.limiter.signIn(
      'forgot-password',
      { account: userId, address: clientAddress },
      async () => (parsed ? this.use(new Types.ObjectId(userId), parsed[2]) : null),
    );
    if (!used) throw badInput(RESET_LINK_RULES.failed);
    await this.users.setPassword(used, newPassword);
  }

  private async issue(email: string): Promise<void> {
    const user = await this.users.findWithSecrets(email);
    if (!user) return;
    const secret = randomBytes(32).toString('base64url');
    const secretHash = sha256(secret);
    // Keyed by the account: the newest link replaces any earlier one.
    const write = () =>
      this.links.replaceOne(
        { _id: user._id },
        {
          _id: user._id,
          secretHash,
          expiresAt: new Date(Date.now() + this.config.passwordReset.linkMs),
        },
        { upsert: true },
      );
    try {
      await write();
    } catch (error) {
      // Two first links at once: both upserts inserted, one lost. It is there now: replace it.
      if (!isDuplicateKey(error)) throw error;
      await write();
    }
    const url = `${shopOrigin(this.config)}${RESET_PASSWORD_PATH}?token=${String(user._id)}.${secret}`;
    const { subject, view } = passwordResetMailOf({
      shopName: this.config.brandName,
      name: user.name,
      language: user.language ?? 'en',
      url,
      minutes: this.linkMinutes,
    });
    await this.outbox.owe({
      key: `password-reset/${secretHash.slice(0, 16)}/${user.email}`,
      event: 'password-reset',
      to: user.email,
      subject,
      ...(await mailOf(view)),
    });
  }

  /**
   * The account whose link this is, taken out of use: of two uses at once only one deletes it
   * (the delete's count says which). Null for a wrong, replaced, used or expired link.
   */
  private async use(userId: Types.ObjectId, secret: string): Promise<Types.ObjectId | null> {
    const link = await this.links.findById(userId).lean();
    if (!link || link.expiresAt.getTime() <= Date.now()) return null;
    const given = Buffer.from(sha256(secret), 'hex');
    if (!timingSafeEqual(given, Buffer.from(link.secretHash, 'hex'))) return null;
    const taken = await this.engine.deleteIf(this.links, userId, { secretHash: link.secretHash });
    return taken ? userId : null;
  }
}
