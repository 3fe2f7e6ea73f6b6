import { Model } from 'mongoose';
import { Order } from '../orders';

/**
 * Orders placed before shipping was charged cost nothing to ship: they get a shipping charge
 * of 0, their total unchanged. A write conditional on the field's absence, so running it
 * again, or on several instances at once, changes nothing.
 */
export async function orderShippingCharges(orders: Model<Order>): Promise<void> {
  await orders.updateMany({ shippingCharge: { $exists: false } }, { $set: { shippingCharge: 0 } });
}
