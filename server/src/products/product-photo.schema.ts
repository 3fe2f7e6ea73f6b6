import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

/** Photo bytes live apart from products so that no product list ever carries them. */
@Schema({ timestamps: true, versionKey: false, collection: 'product_photos' })
export class ProductPhoto {
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true })
  product: Types.ObjectId;

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

export type ProductPhotoDocument = HydratedDocument<ProductPhoto>;
export const ProductPhotoSchema = SchemaFactory.createForClass(ProductPhoto);
