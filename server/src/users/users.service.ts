import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { MIN_PASSWORD_LENGTH } from '../common/fields';
import { Page, pageOf, PageRequest, skipOf } from '../common/pagination';
import { badInput, conflict, notFound } from '../common/shop-error';
import { presentFields } from '../common/present-fields';
import { searchPattern } from '../common/text';
import { normaliseAnswer, PasswordHasher } from './password-hasher';
import { PublicUser, toPublicUser } from './public-user';
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

@Injectable()
export class UsersService {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly hasher: PasswordHasher,
  ) {}

  async create(input: NewUser): Promise<PublicUser> {
    const email = input.email.trim().toLowerCase();
    if (await this.users.exists({ email })) {
      throw conflict('Already registered, please login');
    }
    const [password, answer] = await Promise.all([
      this.hasher.hash(input.password),
      this.hasher.hash(normaliseAnswer(input.answer)),
    ]);
    const user = await this.users.create({
      ...input,
      email,
      password,
      answer,
      role: input.role ?? SHOPPER_ROLE,
    });
    return toPublicUser(user.toObject());
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

  async findByIds(ids: readonly Types.ObjectId[]): Promise<PublicUser[]> {
    const users = await this.users.find({ _id: { $in: ids } }).lean();
    return users.map(toPublicUser);
  }

  /** The user with the hashes needed to check credentials. */
  async findWithSecrets(email: string) {
    return this.users
      .findOne({ email: email.trim().toLowerCase() })
      .select('+password +answer')
      .lean();
  }

  /** A new password ends every session signed in with the old one. */
  async setPassword(id: Types.ObjectId, password: string): Promise<void> {
    await this.users.updateOne(
      { _id: id },
      { $set: { password: await this.hasher.hash(password) }, ...END_SESSIONS },
    );
  }

  /** Every token issued so far stops working. */
  async endSessions(id: Types.ObjectId): Promise<void> {
    await this.users.updateOne({ _id: id }, END_SESSIONS);
  }

  /**
   * A user changes only their own profile; the e-mail address is the account and stays.
   * A new password ends every session, this one included.
   */
  async updateProfile(id: string, given: ProfileChanges): Promise<PublicUser> {
    const changes = presentFields(given);
    const user = await this.users.findById(id).lean();
    if (!user) throw notFound('User not found');
    if (changes.email !== undefined && changes.email.trim().toLowerCase() !== user.email) {
      throw badInput('Email cannot be changed');
    }
    const update: Partial<User> = {};
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.phone !== undefined) update.phone = changes.phone;
    if (changes.address !== undefined) update.address = changes.address;
    if (changes.password !== undefined && changes.password !== '') {
      if (changes.password.length < MIN_PASSWORD_LENGTH) {
        throw badInput(`Password is required and ${MIN_PASSWORD_LENGTH} character long`);
      }
      update.password = await this.hasher.hash(changes.password);
    }
    for (const [field, value] of Object.entries(update)) {
      if (typeof value === 'string' && value.trim() === '')
        throw badInput(`${field} cannot be empty`);
    }
    // updateOne then a read: the password field's `select: false` would add a projection
    // to findAndModify, which FerretDB does not serve.
    await this.users.updateOne(
      { _id: user._id },
      { $set: update, ...(update.password !== undefined && END_SESSIONS) },
    );
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
