import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { createHash } from 'node:crypto';

/**
 * A photo as uploaded, keyed by the sha256 of its bytes, as its resized files are: two
 * products showing the same photo share it, and any of a product's photos can become its
 * first, which REST's product-photo/{id} serves as uploaded. Kept apart from products so
 * that no product list ever carries the bytes.
 */
@Schema({ timestamps: true, versionKey: false, collection: 'photo_uploads' })
export class PhotoUpload {
  /** sha256 of the bytes, hex; served as the ETag and naming the photo's files. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: Buffer, required: true })
  data: Buffer;

  @Prop({ required: true })
  contentType: string;

  @Prop({ required: true })
  size: number;
}

export const PhotoUploadSchema = SchemaFactory.createForClass(PhotoUpload);

/** An upload as stored, its bytes already checked. */
export function uploadOf(bytes: Buffer, contentType: string): PhotoUpload {
  const _id = createHash('sha256').update(bytes).digest('hex');
  return { _id, data: bytes, contentType, size: bytes.length };
}
