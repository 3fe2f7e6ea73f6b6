import { Model } from 'mongoose';
import { implicitVariantOf, Product, ProductLocks, SkuClaims } from '../catalogue';
import type { ChangeLog } from '../changes';
import { DatabaseEngine } from '../database/database-engine';

/**
 * Gives each product stored before variants its one variant: the product itself, under a SKU
 * made from its slug, with its price and stock. The variant's id is derived from the product's,
 * and each write is conditional on the product having no variant yet, so running this again,
 * or on several instances at once, gives no product two. Returns how many it gave one.
 */
export async function productVariants(
  products: Model<Product>,
  skus: SkuClaims,
  locks: ProductLocks,
  engine: DatabaseEngine,
  changes: ChangeLog,
): Promise<number> {
  const stored = await products
    .find()
    .select({ slug: 1, price: 1, quantity: 1, 'variants._id': 1 })
    .lean();
  let given = 0;
  for (const { _id, slug, price, quantity, variants } of stored) {
    if (variants?.length) continue;
    const sku = await skus.claimFromSlug(_id, slug);
    const wrote = await changes.recording('product', String(_id), () =>
      locks.run(String(_id), () =>
        engine.updateIf(
          products,
          _id,
          { 'variants.0': { $exists: false } },
          { $set: { variants: [implicitVariantOf(_id, sku, price, quantity)], options: [] } },
        ),
      ),
    );
    if (wrote) given += 1;
    else await skus.release(_id, [sku]);
  }
  return given;
}
