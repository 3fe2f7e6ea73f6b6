import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { fieldFault, Language, MIN_PASSWORD_LENGTH } from '../shared/rules';
import { PASSWORD_TOO_SHORT, SIGN_IN_RULES } from '../shared/form-rules';
import { ChangeLog } from '../changes';
import { KeyedMutex } from '../common/keyed-mutex';
import { isDuplicateKey } from '../common/natural-key';
import { Page, pageOf, PageRequest, skipOf } from '../common/pagination';
import { badInput, conflict, notFound } from '../common/shop-error';
import { presentFields } from '../common/present-fields';
import { searchPattern } from '../common/text';
import { normaliseAnswer, PasswordHasher } from './password-hasher';
import { PublicUser, toPublicUser } from './public-user';
import { emailClaim, normaliseEmail, UserEmail } from './user-email.schema';
import { UserLocks } from './user-locks';
import { SHOPPER_ROLE, tokenVersionOf, User } from './user.schema';

export interface NewUser {
  name: string;
  email: string;
  password: string;
  phone: string;
  address: string;
  answer: string;
  role?: number;
}

export interface ProfileChanges {
  name?: string;
  email?: string;
  password?: string;
  phone?: string;
  address?: string;
}

const END_SESSIONS = { $inc: { tokenVersion: 1 } };
const ALREADY_REGISTERED = SIGN_IN_RULES.alreadyRegistered;
/**
 * A claim on an e-mail whose user does not exist yet is a registration still writing it
 * for this long; after that it was abandoned and the address is free again.
 */
export const UNFINISHED_CLAIM_MS = 60_000;

@Injectable()
export class UsersService {
  /** Claims of one address run one at a time in this process (see KeyedMutex). */
  private readonly claims = new KeyedMutex();

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(UserEmail.name) private readonly emails: Model<UserEmail>,
    private readonly hasher: PasswordHasher,
    private readonly changes: ChangeLog,
    private readonly locks: UserLocks,
  ) {}

  /**
   * The address is claimed first (an insert keyed by it, which only one registration can
   * make), then the user is written; a claim left without its user does not block the
   * address for long (see claim).
   */
  async create(input: NewUser): Promise<PublicUser> {
    const email = normaliseEmail(input.email);
    // Spares the hashing for the common case; the claim below is what decides.
    if (await this.findWithSecrets(email)) throw conflict(ALREADY_REGISTERED);
    const [password, answer] = await Promise.all([
      this.hasher.hash(input.password),
      this.hasher.hash(normaliseAnswer(input.answer)),
    ]);
    const user = new this.users({
      ...input,
      email,
      password,
      answer,
      role: input.role ?? SHOPPER_ROLE,
    });
    // A user that could not be written claims nothing.
    await user.validate();
    // Names and e-mails are searched from memory (UserDirectory): announced with the write.
    const created = await this.changes.recording('user', String(user._id), () =>
      this.claims.run(email, async () => {
        await this.claim(email, user._id);
        try {
          await user.save({ validateBeforeSave: false });
        } catch (error) {
          await this.emails.deleteOne({ _id: email, user: user._id });
          // The unique index on `email` still stands behind the claim.
          if (isDuplicateKey(error)) throw conflict(ALREADY_REGISTERED);
          throw error;
        }
        return toPublicUser(user.toObject());
      }),
    );
    return created;
  }

  /**
   * Gives `email` to `user`, or throws the 409 of an address already registered. A claim
   * that exists but whose user does not, older than UNFINISHED_CLAIM_MS, was abandoned:
   * it is taken over by a write conditional on the user it names, so of two registrations
   * taking it over at once one wins.
   */
  private async claim(email: string, user: Types.ObjectId): Promise<void> {
    try {
      await this.emails.create(emailClaim(email, user));
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const held = await this.emails.findById(email).lean();
    const unfinished = held && held.claimedAt.getTime() > Date.now() - UNFINISHED_CLAIM_MS;
    if (!held || unfinished || (await this.users.exists({ _id: held.user }))) {
      throw conflict(ALREADY_REGISTERED);
    }
    if (!(await this.takeOver(email, held.user, user))) throw conflict(ALREADY_REGISTERED);
  }

  /** Moves the claim on `email` from `from` to `to` if it still names `from`. */
  async takeOver(email: string, from: Types.ObjectId, to: Types.ObjectId) {
    const { modifiedCount } = await this.emails.updateOne(
      { _id: email, user: from },
      { $set: { user: to, claimedAt: new Date() } },
    );
    return modifiedCount === 1;
  }

  async findById(id: string | Types.ObjectId): Promise<PublicUser | null> {
    const user = await this.users.findById(id).lean();
    return user && toPublicUser(user);
  }

  /** The user and the version their tokens must carry to be honoured. */
  async findWithTokenVersion(
    id: string,
  ): Promise<{ user: PublicUser; tokenVersion: number } | null> {
    const user = await this.users.findById(id).lean();
    return user && { user: toPublicUser(user), tokenVersion: tokenVersionOf(user) };
  }

  /** One read by `_id` each, at once: the embedded engine reads the whole collection for `$in`. */
  async findByIds(ids: readonly Types.ObjectId[]): Promise<PublicUser[]> {
    const users = await Promise.all(ids.map((id) => this.users.findById(id).lean()));
    return users.filter((user) => user !== null).map(toPublicUser);
  }

  /**
   * The user with the hashes needed to check credentials: their address's claim, then
   * the user it names, both read by `_id`. An abandoned claim finds nobody.
   */
  async findWithSecrets(email: string) {
    const claim = await this.emails.findById(normaliseEmail(email)).lean();
    return claim && this.users.findById(claim.user).select('+password +answer').lean();
  }

  /** A new password ends every session signed in with the old one. */
  async setPassword(id: Types.ObjectId, password: string): Promise<void> {
    const hash = await this.hasher.hash(password);
    await this.locks.run(id, () =>
      this.users.updateOne({ _id: id }, { $set: { password: hash }, ...END_SESSIONS }),
    );
  }

  /** The user and the storefront language they chose (null before they chose), in one read. */
  async findWithLanguage(
    id: Types.ObjectId,
  ): Promise<{ user: PublicUser; language: Language | null } | null> {
    const user = await this.users.findById(id).lean();
    return user && { user: toPublicUser(user), language: user.language ?? null };
  }

  /** The storefront language the user chose, or null before they chose one. */
  async languageOf(id: Types.ObjectId): Promise<Language | null> {
    const user = await this.users.findById(id, { language: 1 }).lean();
    return user?.language ?? null;
  }

  /** Keeps the storefront language the user chose, for every device they sign in on. */
  async chooseLanguage(id: Types.ObjectId, language: Language): Promise<void> {
    await this.locks.run(id, () => this.users.updateOne({ _id: id }, { $set: { language } }));
  }

  /** Every token issued so far stops working. */
  async endSessions(id: Types.ObjectId): Promise<void> {
    await this.locks.run(id, () => this.users.updateOne({ _id: id }, END_SESSIONS));
  }

  /**
   * A user changes only their own profile; the e-mail address is the account and stays.
   * A new password ends every session, this one included.
   */
  async updateProfile(id: string, given: ProfileChanges): Promise<PublicUser> {
    const changes = presentFields(given);
    const user = await this.users.findById(id).lean();
    if (!user) throw notFound('User not found');
    if (changes.email !== undefined && normaliseEmail(changes.email) !== user.email) {
      throw badInput('Email cannot be changed');
    }
    const update: Partial<User> = {};
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.phone !== undefined) update.phone = changes.phone;
    if (changes.address !== undefined) update.address = changes.address;
    if (changes.password !== undefined && changes.password !== '') {
      if (changes.password.length < MIN_PASSWORD_LENGTH) {
        throw badInput(fieldFault('password', PASSWORD_TOO_SHORT));
      }
      update.password = await this.hasher.hash(changes.password);
    }
    for (const [field, value] of Object.entries(update)) {
      if (typeof value === 'string' && value.trim() === '')
        throw badInput(`${field} cannot be empty`);
    }
    // updateOne then a read: the password field's `select: false` would add a projection
    // to findAndModify, which FerretDB does not serve.
    // Under the user's lock, as every write of a user (UserLocks).
    const write = () =>
      this.locks.run(user._id, () =>
        this.users.updateOne(
          { _id: user._id },
          { $set: update, ...(update.password !== undefined && END_SESSIONS) },
        ),
      );
    // Only the name is in other instances' UserDirectory.
    await (update.name !== undefined
      ? this.changes.recording('user', String(user._id), write)
      : write());
    const updated = await this.users.findById(user._id).lean();
    if (!updated) throw notFound('User not found');
    return toPublicUser(updated);
  }

  /** Newest first; `search` matches name or e-mail, literally and ignoring case. */
  async list(request: PageRequest, search?: string): Promise<Page<PublicUser>> {
    const pattern = search?.trim() ? searchPattern(search.trim()) : null;
    const filter = pattern ? { $or: [{ name: pattern }, { email: pattern }] } : {};
    const [users, total] = await Promise.all([
      this.users
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip(skipOf(request))
        .limit(request.pageSize)
        .lean(),
      this.users.countDocuments(filter),
    ]);
    return pageOf(users.map(toPublicUser), total, request);
  }

  count(): Promise<number> {
    return this.users.estimatedDocumentCount();
  }
}
