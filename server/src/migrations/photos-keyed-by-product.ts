import { Model, Types } from 'mongoose';
import { ProductPhoto } from '../catalogue';
import { dropIndexIfPresent, insertNew } from '../common/natural-key';

/**
 * Moves photos stored with an id of their own to their product's id: a copy under the
 * product's id (kept if one is there already: it is newer), then the old one deleted.
 * A crash in between leaves both, and the next run only deletes; two instances at once
 * insert the copy once.
 */
export async function photosKeyedByProduct(photos: Model<ProductPhoto>): Promise<void> {
  await dropIndexIfPresent(photos, 'product_1');
  const old = await photos.collection
    .find({ product: { $exists: true } }, { projection: { _id: 1 } })
    .toArray();
  for (const { _id } of old) {
    const photo = await photos.findById(_id).lean<ProductPhoto & { product: Types.ObjectId }>();
    if (photo) {
      const { product, ...rest } = photo;
      await insertNew(photos, [{ ...rest, _id: product }]);
    }
    await photos.deleteOne({ _id });
  }
}
