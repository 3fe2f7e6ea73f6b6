import { Model } from 'mongoose';
import { dropIndexIfPresent, insertNew } from '../common/natural-key';
import { DemoCharge, demoChargeIdOf } from '../payments';

/**
 * Moves the demo processor's charges stored before they were keyed to their key's id: a copy under the new
 * id, then the old one deleted. A crash in between leaves both, and the next run only
 * deletes; two instances at once insert the copy once.
 */
export async function paymentsKeyed(charges: Model<DemoCharge>): Promise<void> {
  await dropIndexIfPresent(charges, 'idempotencyKey_1');
  const stored = await charges.find().select({ idempotencyKey: 1 }).lean();
  for (const { _id, idempotencyKey } of stored) {
    const keyed = demoChargeIdOf(idempotencyKey);
    if (keyed.equals(_id)) continue;
    const charge = await charges.findById(_id).lean();
    if (charge) await insertNew(charges, [{ ...charge, _id: keyed }]);
    await charges.deleteOne({ _id });
  }
}
