import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/**
 * A coupon, keyed by its code in capitals (codes are case-insensitive), so a shopper's code is
 * found with one read by `_id`, which both engines answer from an index.
 */
@Schema({ versionKey: false, collection: 'coupons' })
export class Coupon {
  @Prop({ type: String, required: true })
  _id: string;

  /** What the admin notes about it; never shown to shoppers. */
  @Prop({ default: '' })
  description: string;

  @Prop({ type: String, required: true, enum: COUPON_KINDS })
  kind: CouponKind;

  /** A whole percent (percent), or paise (amount). */
  @Prop({ required: true, min: 1, validate: Number.isInteger })
  value: number;

  /** Paise: the most a percent coupon takes off; null: no cap. */
  @Prop({ type: Number, default: null })
  maxDiscount: number | null;

  /** Paise: the least the goods must be worth, before any discount. */
  @Prop({ default: 0, min: 0 })
  minCartValue: number;

  @Prop({ type: Date, default: null })
  startsAt: Date | null;

  @Prop({ type: Date, default: null })
  endsAt: Date | null;

  /** The categories and products it applies to; both empty: every item. */
  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  categories: Types.ObjectId[];

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  products: Types.ObjectId[];

  /** How many orders may use it in all; null: no limit. */
  @Prop({ type: Number, default: null })
  totalUses: number | null;

  /** How many orders of one shopper may use it; null: no limit. */
  @Prop({ type: Number, default: null })
  usesPerShopper: number | null;

  @Prop({ default: false })
  firstOrderOnly: boolean;

  @Prop({ default: true })
  combinesWithOffers: boolean;

  /** Paused coupons are refused until the admin turns them on again. */
  @Prop({ default: true })
  active: boolean;

  @Prop({ required: true })
  createdAt: Date;

  /**
   * Names this coupon's uses (with its code): a code deleted and made again starts with none of
   * the uses the first one gave, and giving back an old order's use frees none of the new one's.
   */
  @Prop({ type: String })
  series?: string;
}

export const CouponSchema = SchemaFactory.createForClass(Coupon);

/**
 * One use of a coupon taken by an order: a numbered place of the coupon's total uses
 * (`FIRST100~<series>#17`), of one shopper's uses (`FIRST100~<series>#<buyer>#1`), or a shopper's first order
 * (`first-order#<buyer>`). Inserting it is what takes the use: an insert of a taken `_id` fails
 * on both engines, even from two instances at once, so a coupon never gives more uses than it
 * has (docs/decisions/027-price-engine-and-offers.md). Deleting it gives the use back.
 */
@Schema({ versionKey: false, collection: 'coupon_uses' })
export class CouponUse {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  code: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  order: Types.ObjectId;

  @Prop({ required: true })
  takenAt: Date;
}

export const CouponUseSchema = SchemaFactory.createForClass(CouponUse);

/** What a coupon's uses are named by: its code, and the series of this making of it. */
export const seriesOf = (coupon: Pick<Coupon, '_id' | 'series'>): string =>
  coupon.series ? `${coupon._id}~${coupon.series}` : coupon._id;

/** The place of a coupon's use: total (n of totalUses), or the buyer's (n of usesPerShopper). */
export const totalUseId = (series: string, place: number) => `${series}#${place}`;
export const shopperUseId = (series: string, buyer: string, place: number) =>
  `${series}#${buyer}#${place}`;
export const firstOrderUseId = (buyer: string) => `first-order#${buyer}`;
