import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * A product's one photo as uploaded, as stored before products had several photos: keyed by
 * the product's id (before that by an id of its own and a `product` field, which the
 * migration photos-keyed-by-product moved). Only migrations read it now: product-photo-lists
 * moves each to photo_uploads, keyed by content (photo-upload.schema.ts).
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

  /** sha256 of the bytes, hex. */
  @Prop({ required: true })
  hash: string;
}

export const ProductPhotoSchema = SchemaFactory.createForClass(ProductPhoto);
