import { Model } from 'mongoose';
import { Order } from '../orders';

/**
 * Orders placed before payments had states get the one they stood for (paymentStateOf): paid,
 * or declined with their stock given back, now expired; and the card they were paid by. Writes
 * conditional on the state's absence, so running it again, or on several instances at once,
 * changes nothing. The order index reads such orders as migrated already, so it need not hear.
 */
export async function orderPaymentStates(orders: Model<Order>): Promise<void> {
  const unstated = { 'payment.state': { $exists: false } };
  await orders.updateMany(
    { ...unstated, 'payment.success': true },
    { $set: { 'payment.state': 'paid', 'payment.method': 'card' } },
  );
  await orders.updateMany(unstated, {
    $set: { 'payment.state': 'expired', 'payment.method': 'card' },
  });
}
