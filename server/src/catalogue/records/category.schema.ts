import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

@Schema({ timestamps: true, versionKey: false, collection: 'categories' })
export class Category {
  @Prop({ required: true, trim: true })
  name: string;

  /** The name in Hindi, which Hindi pages show in place of `name`; null while not given. */
  @Prop({ type: String, default: null })
  nameHi?: string | null;

  /** Made from the name; two names with the same slug are the same category. */
  @Prop({ required: true, unique: true, lowercase: true })
  slug: string;

  createdAt: Date;
  updatedAt: Date;
}

export type CategoryRecord = Category & { _id: Types.ObjectId };

export const CategorySchema = SchemaFactory.createForClass(Category);
