import { Model, Types } from 'mongoose';
import { slices, upsertRacing } from '../common/natural-key';
import { BuyerOrders, Order } from '../orders';

/**
 * Lists every stored order in its buyer's list (see BuyerOrders). Run once at start
 * (Migrations); adding an id that is listed changes nothing, so running it again, or on
 * several instances at once, is safe.
 */
export async function buyerOrderLists(
  orders: Model<Order>,
  buyerOrders: Model<BuyerOrders>,
): Promise<void> {
  const byBuyer = new Map<string, { buyer: Types.ObjectId; orders: Types.ObjectId[] }>();
  for (const { _id, buyer } of await orders.find().select({ buyer: 1 }).lean()) {
    const entry = byBuyer.get(String(buyer)) ?? { buyer, orders: [] };
    entry.orders.push(_id);
    byBuyer.set(String(buyer), entry);
  }
  for (const slice of slices([...byBuyer.values()])) {
    await upsertRacing(() =>
      buyerOrders.bulkWrite(
        slice.map(({ buyer, orders }) => ({
          updateOne: {
            filter: { _id: buyer },
            update: { $addToSet: { orders: { $each: orders } } },
            upsert: true,
          },
        })),
        { ordered: false },
      ),
    );
  }
}
