import { Model } from 'mongoose';
import { toPaise } from '../common/money';
import { Order } from '../orders';

/**
 * Brings orders stored by earlier versions up to the current shape: amounts from rupees
 * to paise, an empty history, no refund (product prices: productPricesInPaise).
 * Each order is converted by a write conditional on its old shape, so running this
 * again, or on several instances at once, converts nothing twice.
 */
export async function orderAmountsInPaise(orders: Model<Order>): Promise<void> {
  const inRupees = await orders.find({ amountsIn: { $exists: false } }).lean();
  for (const order of inRupees) {
    await orders.updateOne(
      { _id: order._id, amountsIn: { $exists: false } },
      {
        $set: {
          amountsIn: 'paise',
          total: toPaise(order.total),
          lines: order.lines.map((line) => ({ ...line, price: toPaise(line.price) })),
        },
      },
    );
  }
  await orders.updateMany({ history: { $exists: false } }, { $set: { history: [] } });
  await orders.updateMany(
    { settled: true, 'payment.refunded': { $exists: false } },
    { $set: { 'payment.refunded': false } },
  );
}
