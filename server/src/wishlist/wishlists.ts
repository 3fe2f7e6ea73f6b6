import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ProductReads } from '../catalogue';
import type { ProductRecord } from '../catalogue';
import { KeyedMutex } from '../common/keyed-mutex';
import { isObjectIdString } from '../common/object-id';
import { badInput } from '../common/shop-error';
import { DatabaseEngine } from '../database/database-engine';
import { writeVersioned } from '../database/versioned-write';
import { MAX_WISHLIST, WISHLIST_RULES } from '../shared/rules';
import { Wishlist } from './wishlist.schema';

/**
 * The wishlists of signed-in shoppers: product ids, newest first, at most MAX_WISHLIST, each
 * once. Every change reads the list, works out the whole new list, and writes it on condition
 * that its version is still the one read (the address book's way): of two adds at once, one is
 * written and the other works itself out again on the list as it now is, so none is lost and
 * the cap holds. Products deleted from the shop are dropped from a list whenever it is written,
 * and never answered.
 */
@Injectable()
export class Wishlists {
  private readonly locks = new KeyedMutex();

  constructor(
    @InjectModel(Wishlist.name) private readonly lists: Model<Wishlist>,
    private readonly reads: ProductReads,
    private readonly engine: DatabaseEngine,
  ) {}

  /** The ids held of products the shop still has, newest first. */
  async ids(userId: Types.ObjectId): Promise<string[]> {
    return this.existing((await this.read(userId)).productIds);
  }

  /** The products held that the shop still has, newest first. */
  async products(userId: Types.ObjectId): Promise<ProductRecord[]> {
    return this.reads.findByIds(await this.ids(userId));
  }

  /** Adds a product on top (or keeps it where it is, if held); the ids then. */
  add(userId: Types.ObjectId, productId: string): Promise<string[]> {
    if (!this.isProduct(productId)) throw badInput(WISHLIST_RULES.unknownProduct);
    return this.change(userId, (held) => {
      if (held.includes(productId)) return held;
      if (held.length >= MAX_WISHLIST) throw badInput(WISHLIST_RULES.tooMany);
      return [productId, ...held];
    });
  }

  /** Takes a product off, if held (a product deleted since may be taken off too); the ids then. */
  remove(userId: Types.ObjectId, productId: string): Promise<string[]> {
    if (!isObjectIdString(productId)) throw badInput(WISHLIST_RULES.unknownProduct);
    const id = productId.toLowerCase();
    return this.change(userId, (held) => held.filter((one) => one !== id));
  }

  /**
   * Adds a browser's list (newest first) at sign-in: its products go on top in its order,
   * those held already among them; ids of no product are dropped without a word; the newest
   * MAX_WISHLIST are kept.
   */
  merge(userId: Types.ObjectId, productIds: readonly unknown[]): Promise<string[]> {
    if (!Array.isArray(productIds)) throw badInput(WISHLIST_RULES.mergeNotIds);
    if (productIds.length > MAX_WISHLIST) throw badInput(WISHLIST_RULES.mergeTooMany);
    const added = productIds.filter(
      (id): id is string => typeof id === 'string' && this.isProduct(id),
    );
    return this.change(userId, (held) =>
      [...new Set([...added.map((id) => id.toLowerCase()), ...held])].slice(0, MAX_WISHLIST),
    );
  }

  private isProduct(productId: string): boolean {
    return isObjectIdString(productId) && this.reads.findByIds([productId]).length === 1;
  }

  private existing(ids: readonly string[]): string[] {
    return ids.filter((id) => this.reads.findByIds([id]).length === 1);
  }

  private async read(userId: Types.ObjectId): Promise<{ productIds: string[] }> {
    const list = await this.lists.findById(userId).lean();
    return { productIds: list?.productIds ?? [] };
  }

  /**
   * Writes the list `edit` makes of the stored one (products deleted since left out), if nobody
   * wrote it meanwhile (writeVersioned). One at a time per shopper in this process, since the
   * embedded engine writes a document back whole.
   */
  private change(userId: Types.ObjectId, edit: (held: string[]) => string[]): Promise<string[]> {
    return this.locks.run(String(userId), () =>
      writeVersioned(
        this.engine,
        this.lists,
        userId,
        (stored) => {
          const next = edit(this.existing(stored?.productIds ?? []));
          return { set: { productIds: next }, answer: next };
        },
        'The wishlist changed meanwhile: please try again',
      ),
    );
  }
}
