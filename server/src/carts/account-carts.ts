import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { chosenVariant, ProductReads, variantName } from '../catalogue';
import type { ProductRecord } from '../catalogue';
import { KeyedMutex } from '../common/keyed-mutex';
import { upsertRacing } from '../common/natural-key';
import { DatabaseEngine } from '../database/database-engine';
import { writeVersioned } from '../database/versioned-write';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../shared/rules';
import { SavedCart, SavedCartLine } from './saved-cart.schema';

/** A line as a client sends it: ids as strings, the variant left out for a product sold one way. */
export interface CartLineInput {
  productId: string;
  variantId?: string | null;
  quantity: number;
}

type ProductVariant = ProductRecord['variants'][number];

/** A line as the cart shows it: the product and variant as the shop sells them now. */
export interface AccountCartLine {
  product: ProductRecord;
  variant: ProductVariant | null;
  quantity: number;
}

export interface AccountCart {
  lines: AccountCartLine[];
  /** When the cart was last written; null for an account that never kept one. */
  savedAt: Date | null;
  /** What changed in the cart as written (a quantity lowered to the stock, a line gone), in words. */
  notices: string[];
}

export const CART_NOTICES = {
  gone: (name: string) => `${name} is no longer sold, so it was taken out of your cart`,
  lowered: (name: string, stock: number) =>
    `Only ${stock} of ${name} ${stock === 1 ? 'is' : 'are'} left, so your cart now holds ${stock}`,
  tooMany: `A cart holds at most ${MAX_ORDER_LINES} lines: the ones added last were left out`,
} as const;

const keyOf = (line: { productId: unknown; variantId?: unknown }) =>
  `${String(line.productId)}/${line.variantId ? String(line.variantId) : ''}`;

/**
 * A signed-in shopper's cart, kept on the server so it follows them across devices
 * (docs/decisions/031-cart-on-the-account.md). Saving writes the cart the client shows over the
 * stored one (the last device to change it wins); merging, at sign-in, adds the browser's cart
 * to the stored one, a line in both keeping the larger quantity. Either way each line is
 * checked against the catalogue as it is now: a product or variant no longer sold is taken
 * out, a quantity above the units in stock is lowered to them, and the answer says so.
 */
@Injectable()
export class AccountCarts {
  /** One write at a time per cart in this process: the embedded engine writes a document back whole. */
  private readonly locks = new KeyedMutex();

  constructor(
    @InjectModel(SavedCart.name) private readonly carts: Model<SavedCart>,
    private readonly products: ProductReads,
    private readonly engine: DatabaseEngine,
  ) {}

  /** The stored cart, each line with its product and variant as sold now (gone ones left out). */
  async read(shopperId: Types.ObjectId): Promise<AccountCart> {
    const stored = await this.carts.findById(shopperId).lean();
    return {
      lines: this.shown(stored?.lines ?? []),
      savedAt: stored?.updatedAt ?? null,
      notices: [],
    };
  }

  /** Writes `lines` as the shopper's cart, checked against the catalogue. */
  save(shopperId: Types.ObjectId, lines: readonly CartLineInput[]): Promise<AccountCart> {
    return this.locks.run(String(shopperId), async () => {
      const checked = this.checked(combined([], lines));
      const savedAt = new Date();
      await upsertRacing(() =>
        this.carts.updateOne(
          { _id: shopperId },
          { $set: { lines: checked.lines, updatedAt: savedAt }, $inc: { version: 1 } },
          { upsert: true },
        ),
      );
      return { lines: this.shown(checked.lines), savedAt, notices: checked.notices };
    });
  }

  /** Adds the browser's `lines` to the stored cart: a line in both keeps the larger quantity. */
  merge(shopperId: Types.ObjectId, lines: readonly CartLineInput[]): Promise<AccountCart> {
    return this.locks.run(String(shopperId), () =>
      writeVersioned(
        this.engine,
        this.carts,
        shopperId,
        (stored) => {
          const checked = this.checked(combined(stored?.lines ?? [], lines));
          const savedAt = new Date();
          return {
            set: { lines: checked.lines, updatedAt: savedAt },
            answer: { lines: this.shown(checked.lines), savedAt, notices: checked.notices },
          };
        },
        'Your cart changed meanwhile: please try again',
      ),
    );
  }

  /**
   * The lines as they may be kept: at most MAX_ORDER_LINES, those of products or variants no
   * longer sold taken out, quantities above the stock lowered to it. A line out of stock keeps
   * its quantity (the cart says so and checkout waits), and a line without a variant of a
   * product that has options since is kept for the shopper to choose again.
   */
  private checked(lines: readonly SavedCartLine[]): { lines: SavedCartLine[]; notices: string[] } {
    const notices: string[] = [];
    const kept: SavedCartLine[] = [];
    const products = new Map(
      this.products
        .findByIds(lines.map((line) => line.productId))
        .map((one) => [String(one._id), one]),
    );
    for (const line of lines) {
      const product = products.get(String(line.productId));
      if (!product) {
        notices.push(CART_NOTICES.gone('A product in your cart'));
        continue;
      }
      const variant = chosenVariant(
        product.variants,
        line.variantId ? String(line.variantId) : undefined,
      );
      if (!variant) {
        if (line.variantId) notices.push(CART_NOTICES.gone(product.name));
        else kept.push(line);
        continue;
      }
      const name = variantName(product.name, variant.values);
      if (!variant.onSale) {
        notices.push(CART_NOTICES.gone(name));
        continue;
      }
      if (variant.quantity > 0 && line.quantity > variant.quantity) {
        notices.push(CART_NOTICES.lowered(name, variant.quantity));
        kept.push({ ...line, quantity: variant.quantity });
        continue;
      }
      kept.push(line);
    }
    if (kept.length > MAX_ORDER_LINES) notices.push(CART_NOTICES.tooMany);
    return { lines: kept.slice(0, MAX_ORDER_LINES), notices };
  }

  /** Stored lines with their products and variants now; lines of products gone are left out. */
  private shown(lines: readonly SavedCartLine[]): AccountCartLine[] {
    const products = new Map(
      this.products
        .findByIds(lines.map((line) => line.productId))
        .map((one) => [String(one._id), one]),
    );
    return lines.flatMap((line) => {
      const product = products.get(String(line.productId));
      if (!product) return [];
      const variant = line.variantId
        ? product.variants.find((one) => one._id.equals(line.variantId!))
        : chosenVariant(product.variants, undefined);
      if (line.variantId && !variant) return [];
      return [{ product, variant: variant ?? null, quantity: line.quantity }];
    });
  }
}

/**
 * `stored` with `added` laid over it, one line per product and variant in the order first
 * seen: a line in both keeps the larger quantity (the same cart saved from one device and
 * merged from another is not doubled), a line twice in `added` adds up.
 */
function combined(
  stored: readonly SavedCartLine[],
  added: readonly CartLineInput[],
): SavedCartLine[] {
  const lines = new Map<string, SavedCartLine>();
  for (const line of stored) lines.set(keyOf(line), { ...line });
  const fromAdded = new Map<string, SavedCartLine>();
  for (const line of added) {
    const key = keyOf(line);
    const same = fromAdded.get(key);
    if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity);
    else
      fromAdded.set(key, {
        productId: new Types.ObjectId(line.productId),
        variantId: line.variantId ? new Types.ObjectId(line.variantId) : null,
        quantity: line.quantity,
      });
  }
  for (const [key, line] of fromAdded) {
    const before = lines.get(key);
    if (before) before.quantity = Math.max(before.quantity, line.quantity);
    else lines.set(key, line);
  }
  return [...lines.values()];
}
