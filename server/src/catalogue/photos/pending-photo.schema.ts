import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { PhotoLayout } from './photo-variants';

/**
 * A photo stored for a product whose write has not settled yet: recorded before the photo's
 * files, deleted once the product shows the photo or the failed write has collected it. One
 * left behind (the process stopped in between) tells UnusedPhotos what to collect, so
 * nothing has to scan the photo files.
 */
@Schema({ versionKey: false, collection: 'pending_photos' })
export class PendingPhoto {
  /** `<product id>:<hash>` (pendingPhotoId). */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  product: Types.ObjectId;

  @Prop({ required: true })
  hash: string;

  @Prop({ type: Object, required: true })
  layout: PhotoLayout;

  @Prop({ required: true })
  at: Date;
}

export const PendingPhotoSchema = SchemaFactory.createForClass(PendingPhoto);

export const pendingPhotoId = (product: Types.ObjectId, hash: string): string =>
  `${String(product)}:${hash}`;
