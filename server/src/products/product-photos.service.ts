import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { createHash } from 'node:crypto';
import { Model, Types } from 'mongoose';
import { ProductPhoto } from './product-photo.schema';
import { checkPhoto } from './photo-rules';

export interface StoredPhoto {
  data: Buffer;
  contentType: string;
  hash: string;
}

@Injectable()
export class ProductPhotosService {
  constructor(@InjectModel(ProductPhoto.name) private readonly photos: Model<ProductPhoto>) {}

  /** Checks the bytes first; returns the content hash that versions the photo's URL. */
  async save(product: Types.ObjectId, bytes: Buffer): Promise<string> {
    const contentType = await checkPhoto(bytes);
    const hash = createHash('sha256').update(bytes).digest('hex');
    await this.photos.updateOne(
      { product },
      { $set: { data: bytes, contentType, size: bytes.length, hash } },
      { upsert: true },
    );
    return hash;
  }

  async find(product: Types.ObjectId): Promise<StoredPhoto | null> {
    const photo = await this.photos.findOne({ product }).lean();
    if (!photo) return null;
    // Lean documents hold BSON Binary; the HTTP layer wants a Buffer.
    const data = Buffer.isBuffer(photo.data)
      ? photo.data
      : Buffer.from((photo.data as unknown as { buffer: Uint8Array }).buffer);
    return { data, contentType: photo.contentType, hash: photo.hash };
  }

  async delete(product: Types.ObjectId): Promise<void> {
    await this.photos.deleteOne({ product });
  }
}
