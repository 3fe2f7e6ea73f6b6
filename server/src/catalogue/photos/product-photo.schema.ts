import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { createHash } from 'node:crypto';

/**
 * Photo bytes live apart from products so that no product list ever carries them. Keyed
 * by the product's id, so reading, replacing and deleting a product's photo are writes by
 * `_id`; photos stored before had an id of their own and a `product` field, until the
 * migration at start moves them (migrations/photos-keyed-by-product.ts).
 */
@Schema({ timestamps: true, versionKey: false, collection: 'product_photos' })
export class ProductPhoto {
  /** The product's id. */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  _id: Types.ObjectId;

  @Prop({ type: Buffer, required: true })
  data: Buffer;

  @Prop({ required: true })
  contentType: string;

  @Prop({ required: true })
  size: number;

  /** sha256 of the bytes, hex; served as the ETag. */
  @Prop({ required: true })
  hash: string;
}

export const ProductPhotoSchema = SchemaFactory.createForClass(ProductPhoto);

/** A product's photo as stored, its bytes already checked; `hash` versions the photo's URL. */
export function photoOf(product: Types.ObjectId, bytes: Buffer, contentType: string): ProductPhoto {
  const hash = createHash('sha256').update(bytes).digest('hex');
  return { _id: product, data: bytes, contentType, size: bytes.length, hash };
}
