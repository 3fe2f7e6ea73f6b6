import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ChangeLog } from '../../changes';
import { conflict, ShopError } from '../../common/shop-error';
import { DatabaseEngine } from '../../database/database-engine';
import { ProductLocks } from '../records/product-locks';
import { Product, ProductVariant } from '../records/product.schema';
import { STOCK_RULES } from '../../shared/rules';

/** Units of one variant of a product that an order holds. */
export interface StockLine {
  product: Types.ObjectId;
  /** Left out by order lines stored before variants: the product's first (then only) one. */
  variant?: Types.ObjectId | null;
  quantity: number;
  /** The variant's name, for the message when it is short. */
  name: string;
}

/** How often a write conditional on the variants' places is tried when they moved meanwhile. */
const ATTEMPTS = 3;

/**
 * What becomes of the units an order holds once its fate is known: given back to stock
 * (`return`), sold for good (`keep`), or still held (`hold`). Orders decide which
 * (order-lifecycle.ts); this service makes stock follow.
 */
export type StockOutcome = 'return' | 'keep' | 'hold';

/**
 * Stock: the units on sale and the units orders hold. Every rule about stock is here:
 * a hold takes all of an order's lines or none, stock never goes below zero, and each
 * product document records which orders hold units of it, so a crash at any point leaves
 * exactly what each order holds, and giving back twice adds nothing.
 */
@Injectable()
export class Inventory {
  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly locks: ProductLocks,
    private readonly engine: DatabaseEngine,
    private readonly changes: ChangeLog,
  ) {}

  /**
   * Takes the units of every line for `holder` (an order), or none. The lines of one product
   * are taken in one conditional document write, which lowers each variant's stock and the
   * product's total and records the holder on the product; what was taken is given back
   * when a product falls short. The products' locks are held throughout, so no other order
   * in this process sees stock half taken. Returns the refusal to show the buyer when a line
   * was short, or null when all were taken.
   */
  async hold(holder: Types.ObjectId, lines: readonly StockLine[]): Promise<ShopError | null> {
    const byProduct = linesByProduct(lines);
    const short = await this.recording(lines, () =>
      this.locks.runAll([...byProduct.keys()], async () => {
        const taken: StockLine[] = [];
        for (const productLines of byProduct.values()) {
          const shortLine = await this.take(holder, productLines);
          if (shortLine) {
            await this.release(holder, taken, true);
            return shortLine;
          }
          taken.push(...productLines);
        }
        return null;
      }),
    );
    return short && this.shortage(short);
  }

  /**
   * Makes the units `holder` holds follow its outcome. Idempotent: a hold already given
   * back or sold is not found again, so nothing is added or dropped twice.
   */
  async follow(
    holder: Types.ObjectId,
    lines: readonly StockLine[],
    outcome: StockOutcome,
  ): Promise<void> {
    if (outcome === 'hold') return;
    const restock = outcome === 'return';
    const release = () =>
      this.locks.runAll([...linesByProduct(lines).keys()], () =>
        this.release(holder, lines, restock),
      );
    // Units sold for good leave the stock as it was: nothing shown changes.
    await (restock ? this.recording(lines, release) : release());
  }

  /**
   * Puts `lines` back on sale once for `receipt` (a line cancelled, goods returned), whatever
   * the order's own hold: the units and the receipt are written in one write per product, so
   * asking again after a crash adds nothing. A variant deleted since is skipped. `forget` drops
   * the receipt once the order has recorded the restock.
   */
  async restock(receipt: string, lines: readonly StockLine[]): Promise<void> {
    const byProduct = linesByProduct(lines);
    await this.recording(lines, () =>
      this.locks.runAll([...byProduct.keys()], async () => {
        for (const productLines of byProduct.values()) {
          await this.restockProduct(receipt, productLines);
        }
      }),
    );
  }

  /** Drops `receipt` from the products of `lines`: the order now records their restock. */
  async forget(receipt: string, lines: readonly StockLine[]): Promise<void> {
    const products = [...linesByProduct(lines).keys()];
    await this.locks.runAll(products, async () => {
      for (const product of products) {
        await this.products.updateOne(
          { _id: new Types.ObjectId(product) },
          { $pull: { stockReceipts: receipt } },
        );
      }
    });
  }

  private async restockProduct(receipt: string, lines: StockLine[]): Promise<void> {
    const product = lines[0].product;
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const stored = await this.products
        .findById(product)
        .select({ variants: 1, stockReceipts: 1 })
        .lean();
      if (!stored || stored.stockReceipts?.includes(receipt)) return;
      const { condition, inc } = unitsBack(stored.variants ?? [], lines);
      condition.stockReceipts = { $ne: receipt };
      const done = await this.engine.updateIf(this.products, product, condition, {
        $inc: inc,
        $push: { stockReceipts: receipt },
      });
      // Not done: the variants moved meanwhile (another instance's write); read again.
      if (done) return;
    }
  }

  /** Takes one product's lines in one write; the line that was short, or null. */
  private async take(holder: Types.ObjectId, lines: StockLine[]): Promise<StockLine | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const { variants } = await this.stockOf(lines[0].product);
      const places = lines.map((line) => placeOf(variants, line));
      const gone = lines.find((_line, index) => places[index] < 0);
      if (gone) return gone;
      // Units wanted of each variant: two lines may name one (by its id, and as the product's
      // only variant).
      const wanted = new Map<number, number>();
      lines.forEach((line, index) => {
        wanted.set(places[index], (wanted.get(places[index]) ?? 0) + line.quantity);
      });
      const short = lines.find(
        (_line, index) => variants[places[index]].quantity < wanted.get(places[index])!,
      );
      if (short) return short;
      const condition: Record<string, unknown> = { stockHolds: { $ne: holder } };
      const inc: Record<string, number> = { quantity: 0 };
      for (const [place, units] of wanted) {
        const at = `variants.${place}`;
        condition[`${at}._id`] = variants[place]._id;
        condition[`${at}.quantity`] = { $gte: units };
        inc[`${at}.quantity`] = -units;
        inc.quantity -= units;
      }
      const took = await this.engine.updateIf(this.products, lines[0].product, condition, {
        $inc: inc,
        $push: { stockHolds: holder },
      });
      if (took) return null;
      // The variants moved or sold meanwhile (another instance's write), or the holder
      // already holds this product: read again, and refuse when still not taken.
    }
    return lines[0];
  }

  private async release(
    holder: Types.ObjectId,
    lines: readonly StockLine[],
    restock: boolean,
  ): Promise<void> {
    for (const productLines of linesByProduct(lines).values()) {
      const product = productLines[0].product;
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const { variants, holds } = await this.stockOf(product);
        // Given back or sold already, or never taken: nothing to do.
        if (!holds.some((held) => held.equals(holder))) break;
        const { condition, inc } = unitsBack(variants, restock ? productLines : []);
        condition.stockHolds = holder;
        const released = await this.engine.updateIf(this.products, product, condition, {
          ...(restock && { $inc: inc }),
          $pull: { stockHolds: holder },
        });
        // Not released: the variants moved meanwhile (another instance's write); read again.
        if (released) break;
      }
    }
  }

  /** A product's variants as stored now, in order, and the orders holding units of it. */
  private async stockOf(
    product: Types.ObjectId,
  ): Promise<{ variants: ProductVariant[]; holds: Types.ObjectId[] }> {
    const stored = await this.products
      .findById(product)
      .select({ variants: 1, stockHolds: 1 })
      .lean();
    return { variants: stored?.variants ?? [], holds: stored?.stockHolds ?? [] };
  }

  /** The message for a line that could not be held, with what is left as stored now. */
  private async shortage(line: StockLine): Promise<ShopError> {
    const { variants } = await this.stockOf(line.product);
    const place = placeOf(variants, line);
    const left = place < 0 ? 0 : Math.max(0, variants[place].quantity);
    return conflict(
      left === 0 ? STOCK_RULES.outOfStock(line.name) : STOCK_RULES.onlyLeft(left, line.name),
    );
  }

  /** Stock shown anywhere follows the change of these lines' products (ChangeLog.recording). */
  private recording<T>(lines: readonly StockLine[], write: () => Promise<T>): Promise<T> {
    return this.changes.recording('product', [...linesByProduct(lines).keys()], write);
  }
}

/** Lines grouped by their product's id, in the order the products first appear. */
function linesByProduct(lines: readonly StockLine[]): Map<string, StockLine[]> {
  const byProduct = new Map<string, StockLine[]>();
  for (const line of lines) {
    const key = String(line.product);
    byProduct.set(key, [...(byProduct.get(key) ?? []), line]);
  }
  return byProduct;
}

/**
 * The write that puts `lines` back on one product's variants: each variant's units and the
 * product's total raised, on condition the variants are still where they were read. A variant
 * deleted since took its units with it, and is skipped.
 */
function unitsBack(
  variants: readonly ProductVariant[],
  lines: readonly StockLine[],
): { condition: Record<string, unknown>; inc: Record<string, number> } {
  const condition: Record<string, unknown> = {};
  const inc: Record<string, number> = { quantity: 0 };
  for (const line of lines) {
    const place = placeOf(variants, line);
    if (place < 0) continue;
    const at = `variants.${place}`;
    condition[`${at}._id`] = variants[place]._id;
    inc[`${at}.quantity`] = (inc[`${at}.quantity`] ?? 0) + line.quantity;
    inc.quantity += line.quantity;
  }
  return { condition, inc };
}

/** Where a line's variant is among the product's variants now; -1 when it is gone. */
function placeOf(variants: readonly ProductVariant[], line: Pick<StockLine, 'variant'>): number {
  if (line.variant == null) return variants.length > 0 ? 0 : -1;
  return variants.findIndex((variant) => variant._id.equals(line.variant!));
}

/**
 * The variant whose units a line holds, among the product's variants now: the one it names, or
 * the first for a line stored before variants. Undefined when it is gone.
 */
export function variantOfLine(
  variants: readonly ProductVariant[],
  line: Pick<StockLine, 'variant'>,
): ProductVariant | undefined {
  const place = placeOf(variants, line);
  return place < 0 ? undefined : variants[place];
}
