import { Model } from 'mongoose';
import type { ProductLocks } from '../catalogue';
import { Product } from '../catalogue';
import type { ChangeLog } from '../changes';
import { toPaise } from '../common/money';

/**
 * Converts prices stored by earlier versions from rupees to paise. Each product is
 * converted by a write conditional on its old shape and price that sets (never
 * multiplies) the new one, so running this again, or on several instances at once,
 * converts nothing twice. Returns how many it converted.
 */
export async function productPricesInPaise(
  products: Model<Product>,
  locks: ProductLocks,
  changes: ChangeLog,
): Promise<number> {
  const inRupees = await products
    .find({ priceIn: { $exists: false } })
    .select({ price: 1 })
    .lean();
  let converted = 0;
  for (const { _id, price } of inRupees) {
    // A price no number can stand for is left for an admin to correct.
    if (typeof price !== 'number' || !Number.isFinite(price)) continue;
    const { modifiedCount } = await changes.recording('product', String(_id), () =>
      locks.run(String(_id), () =>
        products.updateOne(
          { _id, price, priceIn: { $exists: false } },
          { $set: { price: toPaise(price), priceIn: 'paise' } },
        ),
      ),
    );
    converted += modifiedCount;
  }
  return converted;
}
