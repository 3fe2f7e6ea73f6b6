import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * A shopper's review of a product: one document per product and shopper, keyed by both
 * (reviewIdOf), so that a second write, or ten at once, edits the one review.
 */
@Schema({ versionKey: false, collection: 'reviews' })
export class Review {
  /** `<product id>.<shopper id>`. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  product: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  shopper: Types.ObjectId;

  /** The shopper's name as reviews show it: first name and the initial of the last. */
  @Prop({ required: true })
  name: string;

  /** Whole stars, 1 to 5. */
  @Prop({ required: true, min: 1, max: 5, validate: Number.isInteger })
  rating: number;

  /** '' when none. */
  @Prop({ type: String, default: '' })
  title: string;

  /** '' when none; line breaks kept. */
  @Prop({ type: String, default: '' })
  text: string;

  /** Hidden by the admin: shown to no one but its writer, and left out of the product's rating. */
  @Prop({ required: true, default: false })
  hidden: boolean;

  @Prop({ required: true })
  createdAt: Date;

  @Prop({ required: true })
  updatedAt: Date;
}

export type ReviewRecord = Review;

export const ReviewSchema = SchemaFactory.createForClass(Review);
ReviewSchema.index({ createdAt: -1 });

/**
 * The ids of one product's reviews, keyed by the product: its reviews are a read by `_id` and
 * one per review, where a filter on `product` would read every review. An id is added before
 * its review is written; an id that finds no review is skipped.
 */
@Schema({ versionKey: false, collection: 'product_reviews' })
export class ProductReviews {
  /** The product's id. */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  _id: Types.ObjectId;

  @Prop({ type: [String], default: [] })
  reviews: string[];
}

export const ProductReviewsSchema = SchemaFactory.createForClass(ProductReviews);

export const reviewIdOf = (product: Types.ObjectId, shopper: Types.ObjectId): string =>
  `${product.toHexString()}.${shopper.toHexString()}`;
