import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { isDuplicateKey, upsertRacing } from '../common/natural-key';
import { claimIdOf, Counter, OrderNumberClaim } from './order-number.schema';

/** The counter that order numbers are drawn from. */
export const ORDER_NUMBER_COUNTER = 'order-number';
/**
 * Draws tried before giving up. Only another instance drawing at the same moment on the
 * embedded engine makes a draw fail, a few times at most; more means something else is wrong.
 */
const MAX_DRAWS = 50;

/**
 * Order numbers: short, sequential, never given twice, on one instance or many
 * (docs/decisions/023-order-numbers.md).
 *
 * A number is drawn from a counter document (`counters`, by `_id`) with `$inc` in a
 * findOneAndUpdate, then claimed by inserting its own document (`order_numbers`, by `_id`).
 * On MongoDB the `$inc` alone is atomic. On the embedded engine (FerretDB 1.24) it is not:
 * FerretDB reads the counter, adds one in Go and writes it back, so 100 `$inc`s at once gave
 * 7 distinct numbers in a test. Draws are therefore taken one at a time in this process, and
 * the claim, an insert of a unique `_id` (atomic on both engines), settles what another
 * instance drew at the same moment: the loser draws again. A number once claimed is never
 * given again: its claim stays, and a draw of it (the counter put back by another instance's
 * lost update) fails to claim it and draws on.
 */
@Injectable()
export class OrderNumbers {
  /** The draw running in this process, which the next one waits for. */
  private drawing: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectModel(Counter.name) private readonly counters: Model<Counter>,
    @InjectModel(OrderNumberClaim.name) private readonly claims: Model<OrderNumberClaim>,
  ) {}

  /** The next free number, claimed for `order`. */
  draw(order: Types.ObjectId): Promise<number> {
    const drawn = this.drawing.then(() => this.claimNext(order));
    this.drawing = drawn.catch(() => undefined);
    return drawn;
  }

  /** The order that number `number` was claimed for, or null when it was never given. */
  async orderOf(number: number): Promise<Types.ObjectId | null> {
    const claim = await this.claims.findById(claimIdOf(number)).lean();
    return claim?.order ?? null;
  }

  private async claimNext(order: Types.ObjectId): Promise<number> {
    for (let attempt = 0; attempt < MAX_DRAWS; attempt += 1) {
      const number = await this.next();
      try {
        await this.claims.create({ _id: claimIdOf(number), order, claimedAt: new Date() });
        return number;
      } catch (error) {
        // Another instance drew and claimed this number first: draw again.
        if (!isDuplicateKey(error)) throw error;
      }
    }
    throw new Error(`No free order number after ${MAX_DRAWS} draws`);
  }

  /** The counter raised by one; the first draw of a shop creates it (racing: upsertRacing). */
  private async next(): Promise<number> {
    const counter = await upsertRacing(() =>
      this.counters
        .findOneAndUpdate(
          { _id: ORDER_NUMBER_COUNTER },
          { $inc: { seq: 1 } },
          { upsert: true, returnDocument: 'after' },
        )
        .lean(),
    );
    return counter!.seq;
  }
}
