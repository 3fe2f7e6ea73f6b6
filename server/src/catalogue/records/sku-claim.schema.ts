import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * Which product a SKU belongs to, keyed by the SKU: the embedded engine enforces no unique
 * index inside arrays, so a SKU is claimed here, by `_id`, before a product's variants name it
 * (SkuClaims), and of two products claiming one SKU at once only one inserts this document.
 */
@Schema({ versionKey: false, collection: 'product_skus' })
export class SkuClaim {
  /** The SKU, upper case (normaliseSku). */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  product: Types.ObjectId;

  /**
   * When the SKU was claimed: a claim is written before its product, so one whose product does
   * not use the SKU is given up only once it is older than a write takes (SkuClaims).
   */
  @Prop({ required: true })
  claimedAt: Date;
}

export const SkuClaimSchema = SchemaFactory.createForClass(SkuClaim);
