import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One resized file of a photo, keyed by its name (`<hash>-<width>.<extension>`, see
 * photo-variants.ts): serving it is one lookup by `_id`, index-backed on every engine.
 * Named by content, a file never changes; two products with the same photo share its files.
 */
@Schema({ versionKey: false, collection: 'photo_files' })
export class PhotoFile {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: Buffer, required: true })
  data: Buffer;

  @Prop({ required: true })
  contentType: string;
}

export const PhotoFileSchema = SchemaFactory.createForClass(PhotoFile);
