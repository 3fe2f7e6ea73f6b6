import { Injectable } from '@nestjs/common';
import { isObjectIdString } from '../common/object-id';
import { RateLimiter } from '../common/rate-limit/rate-limiter.service';
import { badInput, unauthenticated } from '../common/shop-error';
import {
  normaliseAnswer,
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

const WRONG_CREDENTIALS = 'Invalid email or password';
const WRONG_ANSWER = 'Wrong email or answer';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
  ) {}

  /** Limited per address before it is called (RegistrationLimit). */
  async register(input: NewUser): Promise<PublicUser> {
    // Role is never taken from a registration: admins are made by the seed.
    return this.users.create({ ...input, role: undefined });
  }

  /** Unknown e-mail and wrong password get the same answer, in the same time. */
  async login(email: string, password: string, clientAddress: string): Promise<SignedIn> {
    const user = await this.limiter.signIn(
      'login',
      { account: email, address: clientAddress },
      async () => {
        const found = await this.users.findWithSecrets(email);
        return (await this.hasher.matches(password, found?.password)) ? found : null;
      },
    );
    if (!user) throw unauthenticated(WRONG_CREDENTIALS);
    const token = this.tokens.issue({
      userId: String(user._id),
      tokenVersion: tokenVersionOf(user),
    });
    return { user: toPublicUser(user), token };
  }

  /** A right answer sets the new password, which ends every earlier session. */
  async forgotPassword(
    email: string,
    answer: string,
    newPassword: string,
    clientAddress: string,
  ): Promise<void> {
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
