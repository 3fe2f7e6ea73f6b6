import { Inject, Injectable } from '@nestjs/common';
import { isObjectIdString } from '../common/object-id';
import { RateLimiter } from '../common/rate-limit/rate-limiter.service';
import { presentFields } from '../common/present-fields';
import { badInput, notFound, unauthenticated } from '../common/shop-error';
import { APP_CONFIG, AppConfig } from '../config/config';
import { CURRENT_PASSWORD } from '../shared/rules';
import { SIGN_IN_RULES } from '../shared/form-rules';
import {
  normaliseAnswer,
  normaliseEmail,
  ProfileChanges,
  PasswordHasher,
  PublicUser,
  toPublicUser,
  ADMIN_ROLE,
  tokenVersionOf,
  NewUser,
  UsersService,
} from '../users';
import { TokenService } from './token.service';

export interface SignedIn {
  user: PublicUser;
  token: string;
}

/** Who is making a request: the person behind a valid token, or nobody. */
export type Viewer = PublicUser | null;

export const isAdmin = (viewer: Viewer): boolean => viewer?.role === ADMIN_ROLE;

const WRONG_CREDENTIALS = SIGN_IN_RULES.wrongCredentials;
const WRONG_ANSWER = SIGN_IN_RULES.wrongAnswer;
export const QUESTION_RESET_OFF =
  'Resetting a password by security question is turned off: ask for a reset link by e-mail';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Limited per address before it is called (RegistrationLimit). */
  async register(input: NewUser): Promise<PublicUser> {
    // Role is never taken from a registration: admins are made by the seed.
    return this.users.create({ ...input, role: undefined });
  }

  /** Unknown e-mail and wrong password get the same answer, in the same time. */
  async login(email: string, password: string, clientAddress: string): Promise<SignedIn> {
    const user = await this.passwordHolder(email, password, clientAddress);
    if (!user) throw unauthenticated(WRONG_CREDENTIALS);
    const token = this.tokens.issue({
      userId: String(user._id),
      tokenVersion: tokenVersionOf(user),
    });
    return { user: toPublicUser(user), token };
  }

  /**
   * The spec's reset: a right security answer sets the new password, which ends every earlier
   * session. Turned off by SECURITY_QUESTION_RESET=false (production's default), for an answer
   * such as a favourite sport is easy to guess; the e-mailed link (password-reset) replaces it.
   */
  async forgotPassword(
    email: string,
    answer: string,
    newPassword: string,
    clientAddress: string,
  ): Promise<void> {
    if (!this.config.passwordReset.byQuestion) throw notFound(QUESTION_RESET_OFF);
    const user = await this.limiter.signIn(
      'forgot-password',
      { account: email, address: clientAddress },
      async () => {
        const found = await this.users.findWithSecrets(email);
        return (await this.hasher.matches(normaliseAnswer(answer), found?.answer)) ? found : null;
      },
    );
    if (!user) throw badInput(WRONG_ANSWER);
    await this.users.setPassword(user._id, newPassword);
  }

  /**
   * The user of `email` if `password` is theirs, else null; a wrong password counts against the
   * sign-in limits wherever it is tried (login, or the profile's current password).
   */
  private passwordHolder(email: string, password: string, clientAddress: string) {
    return this.limiter.signIn('login', { account: email, address: clientAddress }, async () => {
      const found = await this.users.findWithSecrets(email);
      return (await this.hasher.matches(password, found?.password)) ? found : null;
    });
  }

  /**
   * The viewer's own profile. Changing how the account signs in (a new password, another
   * e-mail) needs the current password, so a token alone (copied, or left signed in on a shared
   * computer) cannot take the account over; the name, phone and address need none.
   */
  async updateProfile(
    viewer: PublicUser,
    input: ProfileChanges & { currentPassword?: string | null },
    clientAddress: string,
  ): Promise<PublicUser> {
    const { currentPassword, ...changes } = input;
    const { password, email } = presentFields(changes);
    const changesSignIn =
      Boolean(password) || (email !== undefined && normaliseEmail(email) !== viewer.email);
    if (changesSignIn) {
      if (!currentPassword) throw badInput(CURRENT_PASSWORD.required);
      if (!(await this.passwordHolder(viewer.email, currentPassword, clientAddress))) {
        throw badInput(CURRENT_PASSWORD.wrong);
      }
    }
    return this.users.updateProfile(String(viewer._id), changes);
  }

  /** Every token of the viewer stops working, the one of this request included. */
  async signOutEverywhere(viewer: PublicUser): Promise<void> {
    await this.users.endSessions(viewer._id);
  }

  /**
   * The current user behind a token; a deleted user's token no longer works, nor one
   * issued before the user's password changed or they signed out everywhere.
   */
  async viewerOf(token: string | null): Promise<Viewer> {
    const holder = token ? this.tokens.verify(token) : null;
    if (!holder || !isObjectIdString(holder.userId)) return null;
    const found = await this.users.findWithTokenVersion(holder.userId);
    return found?.tokenVersion === holder.tokenVersion ? found.user : null;
  }
}
