import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { dropIndexIfPresent, insertNew } from '../common/natural-key';
import { photoOf, ProductPhoto } from './product-photo.schema';
import { checkPhoto } from './photo-rules';
import { upsertRacing } from '../common/natural-key';

export interface StoredPhoto {
  data: Buffer;
  contentType: string;
  hash: string;
}

/** Photos are keyed by their product's id (see ProductPhoto): every call is by `_id`. */
@Injectable()
export class ProductPhotosService {
  constructor(@InjectModel(ProductPhoto.name) private readonly photos: Model<ProductPhoto>) {}

  /** Checks the bytes first; returns the content hash that versions the photo's URL. */
  async save(product: Types.ObjectId, bytes: Buffer): Promise<string> {
    const { _id, ...photo } = photoOf(product, bytes, await checkPhoto(bytes));
    await upsertRacing(() => this.photos.updateOne({ _id }, { $set: photo }, { upsert: true }));
    return photo.hash;
  }

  async find(product: Types.ObjectId): Promise<StoredPhoto | null> {
    const photo = await this.photos.findById(product).lean();
    if (!photo) return null;
    // Lean documents hold BSON Binary; the HTTP layer wants a Buffer.
    const data = Buffer.isBuffer(photo.data)
      ? photo.data
      : Buffer.from((photo.data as unknown as { buffer: Uint8Array }).buffer);
    return { data, contentType: photo.contentType, hash: photo.hash };
  }

  async delete(product: Types.ObjectId): Promise<void> {
    await this.photos.deleteOne({ _id: product });
  }

  /**
   * Moves photos stored with an id of their own to their product's id: a copy under the
   * product's id (kept if one is there already: it is newer), then the old one deleted.
   * A crash in between leaves both, and the next run only deletes; two instances at once
   * insert the copy once.
   */
  async upgradeStored(): Promise<void> {
    await dropIndexIfPresent(this.photos, 'product_1');
    const old = await this.photos.collection
      .find({ product: { $exists: true } }, { projection: { _id: 1 } })
      .toArray();
    for (const { _id } of old) {
      const photo = await this.photos
        .findById(_id)
        .lean<ProductPhoto & { product: Types.ObjectId }>();
      if (photo) {
        const { product, ...rest } = photo;
        await insertNew(this.photos, [{ ...rest, _id: product }]);
      }
      await this.photos.deleteOne({ _id });
    }
  }
}
