import { Injectable } from '@nestjs/common';
import { isObjectIdString } from '../common/object-id';
import { RateLimiter } from '../common/rate-limit/rate-limiter.service';
import { badInput, unauthenticated } from '../common/shop-error';
import { normaliseAnswer, PasswordHasher } from '../users/password-hasher';
import { PublicUser, toPublicUser } from '../users/public-user';
import { ADMIN_ROLE } from '../users/user.schema';
import { NewUser, UsersService } from '../users/users.service';
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

  async register(input: NewUser, clientAddress: string): Promise<PublicUser> {
    await this.limiter.attempt('register', clientAddress);
    // Role is never taken from a registration: admins are made by the seed.
    return this.users.create({ ...input, role: undefined });
  }

  /** Unknown e-mail and wrong password get the same answer, in the same time. */
  async login(email: string, password: string, clientAddress: string): Promise<SignedIn> {
    await this.limiter.attempt('login', clientAddress, email);
    const user = await this.users.findWithSecrets(email);
    if (!(await this.hasher.matches(password, user?.password)) || !user) {
      throw unauthenticated(WRONG_CREDENTIALS);
    }
    await this.limiter.succeeded('login', email);
    return { user: toPublicUser(user), token: this.tokens.issue(String(user._id)) };
  }

  async forgotPassword(
    email: string,
    answer: string,
    newPassword: string,
    clientAddress: string,
  ): Promise<void> {
    await this.limiter.attempt('forgot-password', clientAddress, email);
    const user = await this.users.findWithSecrets(email);
    if (!(await this.hasher.matches(normaliseAnswer(answer), user?.answer)) || !user) {
      throw badInput(WRONG_ANSWER);
    }
    await this.limiter.succeeded('forgot-password', email);
    await this.users.setPassword(user._id, newPassword);
  }

  /** The current user behind a token; a deleted user's token no longer works. */
  async viewerOf(token: string | null): Promise<Viewer> {
    const userId = token ? this.tokens.verify(token) : null;
    if (!userId || !isObjectIdString(userId)) return null;
    return this.users.findById(userId);
  }
}
