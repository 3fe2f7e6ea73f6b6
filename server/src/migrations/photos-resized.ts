import { Model } from 'mongoose';
import type { ProductLocks, ProductPhotosService } from '../catalogue';
import { Product, renderPhoto } from '../catalogue';
import type { ChangeLog } from '../changes';

/**
 * Gives the photos stored before photos were resized their files, one product at a time,
 * while the shop serves: until its turn a product is shown by its upload (`photoUrl`).
 * Each write is conditional on the photo being the same, so an admin's new photo meanwhile
 * wins, and running this twice or on two instances only renders some photos twice.
 * Returns how many products it updated, and whether it went through them all: it stops
 * early when `stopped` says so.
 */
export async function photosResized(
  products: Model<Product>,
  photos: ProductPhotosService,
  locks: ProductLocks,
  changes: ChangeLog,
  stopped: () => boolean,
): Promise<{ added: number; finished: boolean }> {
  const waiting = await products
    .find({ photoHash: { $ne: null }, photo: null })
    .select({ _id: 1 })
    .lean();
  let added = 0;
  for (const { _id } of waiting) {
    if (stopped()) return { added, finished: false };
    const upload = await photos.find(_id);
    if (!upload) continue;
    const saved = await photos.storeFiles(await renderPhoto(upload.hash, upload.data));
    const { modifiedCount } = await changes.recording('product', String(_id), () =>
      locks.run(String(_id), () =>
        products.updateOne(
          { _id, photoHash: upload.hash, photo: null },
          { $set: { photo: saved.layout } },
        ),
      ),
    );
    added += modifiedCount;
  }
  return { added, finished: true };
}
