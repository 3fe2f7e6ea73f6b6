import { isDeepStrictEqual } from 'node:util';
import { Model } from 'mongoose';
import type { GalleryPhoto, ProductLocks, ProductPhotosService } from '../catalogue';
import { Product, renderPhoto } from '../catalogue';
import type { ChangeLog } from '../changes';
import type { DatabaseEngine } from '../database/database-engine';

/**
 * Gives the photos stored before photos were resized their files, one product at a time,
 * while the shop serves: until its turn such a photo is shown by its upload (`photoUrl`).
 * Each write is conditional on the product's photos being the same, so an admin's change
 * meanwhile wins (and is resized at the next start), and running this twice or on two
 * instances only renders some photos twice.
 * Returns how many products it updated, and whether it went through them all: it stops
 * early when `stopped` says so.
 */
export async function photosResized(
  products: Model<Product>,
  photos: ProductPhotosService,
  locks: ProductLocks,
  changes: ChangeLog,
  engine: DatabaseEngine,
  stopped: () => boolean,
): Promise<{ added: number; finished: boolean }> {
  // Few products, if any, wait: the lists are read once and filtered here.
  const waiting = (await products.find().select({ photos: 1 }).lean()).filter((product) =>
    product.photos.some((photo) => photo.layout === null),
  );
  let added = 0;
  for (const { _id, photos: before } of waiting) {
    const after: GalleryPhoto[] = [];
    for (const photo of before) {
      if (stopped()) return { added, finished: false };
      const upload = photo.layout ? null : await photos.upload(photo.hash);
      const rendered =
        upload && (await photos.storeFiles(await renderPhoto(upload.hash, upload.data)));
      after.push(rendered ? { ...photo, layout: rendered.layout } : photo);
    }
    if (isDeepStrictEqual(after, before)) continue;
    const written = await changes.recording('product', String(_id), () =>
      locks.run(String(_id), () =>
        engine.updateIf(products, _id, { photos: before }, { $set: { photos: after } }),
      ),
    );
    if (written) added += 1;
  }
  return { added, finished: true };
}
