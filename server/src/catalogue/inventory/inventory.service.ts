import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ChangeLog } from '../../changes';
import { conflict, ShopError } from '../../common/shop-error';
import { DatabaseEngine } from '../../database/database-engine';
import { ProductLocks } from '../records/product-locks';
import { Product } from '../records/product.schema';

/** Units of one product that an order holds. */
export interface StockLine {
  product: Types.ObjectId;
  quantity: number;
  /** The product's name, for the message when it is short. */
  name: string;
}

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
   * Takes the units of every line for `holder` (an order), or none: each line with a
   * conditional update that also records the holder on the product, in one document
   * write. What was taken is given back when a line falls short. The lines' locks are
   * held throughout, so no other order in this process sees stock half taken. Returns
   * the refusal to show the buyer when a line was short, or null when all were taken.
   */
  async hold(holder: Types.ObjectId, lines: readonly StockLine[]): Promise<ShopError | null> {
    const short = await this.recording(lines, () =>
      this.locks.runAll(
        lines.map((line) => String(line.product)),
        async () => {
          const taken: StockLine[] = [];
          for (const line of lines) {
            const took = await this.engine.updateIf(
              this.products,
              line.product,
              { quantity: { $gte: line.quantity }, stockHolds: { $ne: holder } },
              { $inc: { quantity: -line.quantity }, $push: { stockHolds: holder } },
            );
            if (!took) {
              await this.release(holder, taken, true);
              return line;
            }
            taken.push(line);
          }
          return null;
        },
      ),
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
      this.locks.runAll(
        lines.map((line) => String(line.product)),
        () => this.release(holder, lines, restock),
      );
    // Units sold for good leave the stock as it was: nothing shown changes.
    await (restock ? this.recording(lines, release) : release());
  }

  private async release(
    holder: Types.ObjectId,
    lines: readonly StockLine[],
    restock: boolean,
  ): Promise<void> {
    for (const line of lines) {
      await this.engine.updateIf(
        this.products,
        line.product,
        { stockHolds: holder },
        { ...(restock && { $inc: { quantity: line.quantity } }), $pull: { stockHolds: holder } },
      );
    }
  }

  /** The message for a line that could not be held, with what is left as stored now. */
  private async shortage(line: StockLine): Promise<ShopError> {
    const stored = await this.products.findById(line.product).select({ quantity: 1 }).lean();
    const left = Math.max(0, stored?.quantity ?? 0);
    return conflict(
      left === 0 ? `${line.name} is out of stock` : `Only ${left} of ${line.name} left in stock`,
    );
  }

  /** Stock shown anywhere follows the change of these lines' products (ChangeLog.recording). */
  private recording<T>(lines: readonly StockLine[], write: () => Promise<T>): Promise<T> {
    return this.changes.recording(
      'product',
      lines.map((line) => String(line.product)),
      write,
    );
  }
}
