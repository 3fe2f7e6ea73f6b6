import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { isObjectIdString } from '../../common/object-id';
import { badInput, conflict, notFound } from '../../common/shop-error';
import { DatabaseEngine } from '../../database/database-engine';
import { PinDirectory } from '../../places';
import { ADDRESS_RULES, addressFault, MAX_ADDRESSES } from '../../shared/rules';
import { User } from '../user.schema';
import { UserLocks } from '../user-locks';
import { SavedAddress } from './address.schema';
import { AddressInput, checkedAddress } from './checked-address';

/** An address to write, and whether it becomes the default (the first always does). */
export interface AddressChange extends AddressInput {
  makeDefault?: boolean | null;
}

/** A write of the book that lost to another (on another instance) is tried again this often. */
const ATTEMPTS = 5;

/**
 * A shopper's addresses, kept inside their user document (docs/decisions/021-address-book.md):
 * read by `_id` with the user, at most MAX_ADDRESSES, exactly one of them the default whenever
 * there is any. Every change reads the book, works out the whole new book, and writes it on
 * condition that the book's version is still the one read: of two changes at once (two adds
 * at the cap, say) one is written and the other works itself out again on the book as it now
 * is, so none is lost and the cap holds.
 */
@Injectable()
export class AddressBook {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly pins: PinDirectory,
    private readonly engine: DatabaseEngine,
    private readonly locks: UserLocks,
  ) {}

  /** The shopper's addresses, in the order they were added. */
  async list(userId: Types.ObjectId): Promise<SavedAddress[]> {
    return (await this.read(userId)).addresses;
  }

  /** One of the shopper's addresses, or null when their book has no such id. */
  async find(userId: Types.ObjectId, addressId: string): Promise<SavedAddress | null> {
    if (!isObjectIdString(addressId)) return null;
    return (await this.list(userId)).find((address) => address._id.equals(addressId)) ?? null;
  }

  /** Adds an address; the first of a book, or one to make the default, becomes the default. */
  async add(userId: Types.ObjectId, change: AddressChange): Promise<SavedAddress> {
    const fields = checkedAddress(change, this.pins);
    const added: SavedAddress = { _id: new Types.ObjectId(), ...fields, isDefault: false };
    const book = await this.change(userId, (current) => {
      if (current.length >= MAX_ADDRESSES) {
        throw badInput(addressFault('addresses', ADDRESS_RULES.tooMany));
      }
      const next = [...current, added];
      const makeDefault = change.makeDefault === true || !current.some((one) => one.isDefault);
      return makeDefault ? withDefault(next, added._id) : next;
    });
    return book[indexOf(book, String(added._id))];
  }

  /** Replaces an address's fields; it stays the default if it was, and becomes it if asked. */
  async update(
    userId: Types.ObjectId,
    addressId: string,
    change: AddressChange,
  ): Promise<SavedAddress> {
    const fields = checkedAddress(change, this.pins);
    const book = await this.change(userId, (current) => {
      const at = indexOf(current, addressId);
      const next = current.map((one, index) => (index === at ? { ...one, ...fields } : one));
      return change.makeDefault === true ? withDefault(next, current[at]._id) : next;
    });
    return book[indexOf(book, addressId)];
  }

  /** Deletes an address; when it was the default, the next one (or the first) becomes it. */
  remove(userId: Types.ObjectId, addressId: string): Promise<SavedAddress[]> {
    return this.change(userId, (current) => {
      const at = indexOf(current, addressId);
      const next = current.filter((_, index) => index !== at);
      if (!current[at].isDefault || next.length === 0) return next;
      return withDefault(next, next[at < next.length ? at : 0]._id);
    });
  }

  /** Makes an address the default, and the one that was no longer. */
  setDefault(userId: Types.ObjectId, addressId: string): Promise<SavedAddress[]> {
    return this.change(userId, (current) =>
      withDefault(current, current[indexOf(current, addressId)]._id),
    );
  }

  private async read(userId: Types.ObjectId) {
    const user = await this.users
      .findById(userId)
      .select({ addresses: 1, addressBookVersion: 1 })
      .lean();
    if (!user) throw notFound('User not found');
    return { addresses: user.addresses ?? [], version: user.addressBookVersion };
  }

  /**
   * Writes the book `edit` makes of the stored one, if nobody wrote it meanwhile; otherwise
   * edits the book as it now is, again. One at a time per user in this process (UserLocks, as
   * every write of a user), since the embedded engine writes a document back whole.
   */
  private change(
    userId: Types.ObjectId,
    edit: (book: SavedAddress[]) => SavedAddress[],
  ): Promise<SavedAddress[]> {
    return this.locks.run(userId, async () => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const { addresses, version } = await this.read(userId);
        const next = edit(addresses);
        const unchanged =
          version === undefined
            ? { addressBookVersion: { $exists: false } }
            : { addressBookVersion: version };
        const written = await this.engine.updateIf(this.users, userId, unchanged, {
          $set: { addresses: next },
          $inc: { addressBookVersion: 1 },
        });
        if (written) return next;
      }
      throw conflict('The address book changed meanwhile: please try again');
    });
  }
}

/** Where `addressId` is in the book; a 404 when it is not there. */
function indexOf(book: readonly SavedAddress[], addressId: string): number {
  const at = isObjectIdString(addressId) ? book.findIndex((one) => one._id.equals(addressId)) : -1;
  if (at < 0) throw notFound(ADDRESS_RULES.notFound);
  return at;
}

/** The book with `id` its one default. */
const withDefault = (book: readonly SavedAddress[], id: Types.ObjectId): SavedAddress[] =>
  book.map((one) => ({ ...one, isDefault: one._id.equals(id) }));
