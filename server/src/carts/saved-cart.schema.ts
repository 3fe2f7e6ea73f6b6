import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/** A line kept: the product, the variant chosen (null: the product's only) and how many. */
export interface SavedCartLine {
  productId: Types.ObjectId;
  variantId: Types.ObjectId | null;
  quantity: number;
}

/**
 * A signed-in shopper's cart, keyed by the shopper's id (read by `_id` on every engine), so
 * it follows them from device to device. `version` rises with every write: a merge writes
 * only over the cart it read.
 */
@Schema({ collection: 'carts', versionKey: false })
export class SavedCart {
  _id: Types.ObjectId;

  @Prop({
    type: [{ _id: false, productId: Types.ObjectId, variantId: Types.ObjectId, quantity: Number }],
    default: [],
  })
  lines: SavedCartLine[];

  @Prop({ required: true }) version: number;

  @Prop({ required: true }) updatedAt: Date;
}

export const SavedCartSchema = SchemaFactory.createForClass(SavedCart);
