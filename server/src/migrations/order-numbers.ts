import { Model, Types } from 'mongoose';
import { DatabaseEngine } from '../database/database-engine';
import { Order, OrderNumbers } from '../orders';

/**
 * Gives every order stored before order numbers its number, in the order they were placed
 * (oldest first, ties by id), from the same counter and claims as a checkout
 * (docs/decisions/023-order-numbers.md). An order that has a number keeps it, so running it
 * again numbers nothing twice, and one stopped half way goes on with the rest. Two instances
 * migrating at once may each draw a number for an order neither has numbered yet: it is
 * written only where the order still has none, and the other number is left unused (a gap,
 * never given again); no number is ever on two orders, though the two instances' orders
 * may then interleave out of creation order.
 */
export async function orderNumbers(
  orders: Model<Order>,
  numbers: OrderNumbers,
  engine: DatabaseEngine,
): Promise<number> {
  const stored = await orders
    .find()
    .select({ createdAt: 1, number: 1 })
    .lean<{ _id: Types.ObjectId; createdAt?: Date; number?: number }[]>();
  const unnumbered = stored
    .filter((order) => typeof order.number !== 'number')
    .sort(
      (a, b) =>
        timeOf(a.createdAt) - timeOf(b.createdAt) || String(a._id).localeCompare(String(b._id)),
    );
  let numbered = 0;
  for (const { _id } of unnumbered) {
    // Read again by `_id` just before: another instance may have numbered it meanwhile.
    const current = await orders.findById(_id).select({ number: 1 }).lean();
    if (!current || typeof current.number === 'number') continue;
    const number = await numbers.draw(_id);
    if (await engine.updateIf(orders, _id, { number: { $exists: false } }, { $set: { number } })) {
      numbered += 1;
    }
  }
  return numbered;
}

const timeOf = (date: Date | undefined) => (date ? new Date(date).getTime() : 0);
