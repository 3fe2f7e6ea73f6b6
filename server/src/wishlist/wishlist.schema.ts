import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/**
 * A shopper's wishlist, one document per shopper keyed by their user id: the ids of the
 * products they hearted, newest first, and a version every write bumps, so that a write made
 * on what was read is refused once another wrote in between (Wishlists.change).
 */
@Schema({ versionKey: false, collection: 'wishlists' })
export class Wishlist {
  @Prop({ type: Types.ObjectId, required: true })
  _id: Types.ObjectId;

  /** Product ids as 24 hex digits, newest first; at most MAX_WISHLIST. */
  @Prop({ type: [String], default: [] })
  productIds: string[];

  @Prop({ required: true, default: 0 })
  version: number;
}

export const WishlistSchema = SchemaFactory.createForClass(Wishlist);
