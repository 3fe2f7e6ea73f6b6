import { Model, Types } from 'mongoose';
import type { GalleryPhoto, ProductLocks } from '../catalogue';
import { PhotoUpload, Product, ProductPhoto } from '../catalogue';
import type { ChangeLog } from '../changes';
import { insertNew } from '../common/natural-key';

/** A product as stored before products had several photos: one photo, or none. */
interface StoredWithOnePhoto {
  _id: Types.ObjectId;
  photoHash?: unknown;
  photo?: GalleryPhoto['layout'];
}

/**
 * Gives products stored before they had several photos their list of photos
 * (docs/decisions/020-several-photos.md): the one photo (`photoHash`, `photo`) becomes photo
 * 1 without alt text, and a product without one gets an empty list. Its upload is first
 * copied from product_photos (keyed by the product) to photo_uploads (keyed by content, kept
 * if there already), then the product is converted by a write conditional on its old shape,
 * then the old upload is deleted: a stop anywhere leaves what the next run finishes, and
 * two instances at once convert each product once. Returns how many it converted.
 */
export async function productPhotoLists(
  products: Model<Product>,
  uploads: Model<PhotoUpload>,
  oldUploads: Model<ProductPhoto>,
  locks: ProductLocks,
  changes: ChangeLog,
): Promise<number> {
  // The old fields are no longer the schema's, so the collection is read and written as is.
  const stored = await products.collection
    .find<StoredWithOnePhoto>(
      { photos: { $exists: false } },
      { projection: { photoHash: 1, photo: 1 } },
    )
    .toArray();
  let converted = 0;
  for (const { _id, photoHash, photo } of stored) {
    const hash = typeof photoHash === 'string' ? photoHash : null;
    const old = await oldUploads.findById(_id).lean();
    if (old) {
      const { data, contentType, size } = old;
      await insertNew(uploads, [{ _id: old.hash, data, contentType, size }]);
    }
    const photos: GalleryPhoto[] = hash ? [{ hash, layout: photo ?? null, alt: '' }] : [];
    const { modifiedCount } = await changes.recording('product', String(_id), () =>
      locks.run(String(_id), () =>
        products.collection.updateOne(
          { _id, photos: { $exists: false } },
          { $set: { photos }, $unset: { photoHash: '', photo: '' } },
        ),
      ),
    );
    converted += modifiedCount;
    if (old) await oldUploads.deleteOne({ _id });
  }
  return converted;
}
