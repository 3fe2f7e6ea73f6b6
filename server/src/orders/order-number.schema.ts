import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * One order number taken, keyed by the number (as a string: the embedded engine sends a filter
 * `{_id}` to its index only for a string or an ObjectId). Inserting it is what makes a number
 * an order's: of two draws of one number (instances racing on the embedded engine, whose `$inc`
 * is not atomic) only one inserts it. Kept for good, so a number is never given twice, and
 * read by `_id` to find an order by its number (docs/decisions/023-order-numbers.md).
 */
@Schema({ versionKey: false, collection: 'order_numbers' })
export class OrderNumberClaim {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  order: Types.ObjectId;

  @Prop({ required: true })
  claimedAt: Date;
}

export const OrderNumberClaimSchema = SchemaFactory.createForClass(OrderNumberClaim);

/** A counter of the shop's, by name: the last number it gave. */
@Schema({ versionKey: false, collection: 'counters' })
export class Counter {
  @Prop({ type: String, required: true })
  _id: string;

  /** No default: the first `$inc` creates it (a default would be set beside the `$inc`). */
  @Prop({ required: true })
  seq: number;
}

export const CounterSchema = SchemaFactory.createForClass(Counter);

/** The claim of order number `number`. */
export const claimIdOf = (number: number): string => String(number);
