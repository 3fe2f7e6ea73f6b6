import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import { keyedObjectId } from '../common/natural-key';

@Schema({ _id: false })
export class DemoRefund {
  @Prop({ required: true }) idempotencyKey: string;
  /** Paise. */
  @Prop({ required: true }) amount: number;
  @Prop({ required: true }) at: Date;
}
const DemoRefundSchema = SchemaFactory.createForClass(DemoRefund);

/**
 * What the demo processor remembers of each charge, as a real processor would on its
 * side: it answers a repeated charge and a look-up after a crash, and records refunds.
 * Keyed by the idempotency key (demoChargeIdOf), and its reference names that id, so
 * every look-up is by `_id`.
 */
@Schema({ timestamps: true, versionKey: false, collection: 'demo_card_charges' })
export class DemoCharge {
  @Prop({ type: Types.ObjectId, required: true }) _id: Types.ObjectId;
  @Prop({ required: true }) idempotencyKey: string;
  /** Our reference (the order id). */
  @Prop({ required: true }) orderReference: string;
  /** Paise. */
  @Prop({ required: true }) amount: number;
  @Prop({ required: true }) approved: boolean;
  /** The processor's reference for an approved charge. */
  @Prop({ type: String, default: null }) reference: string | null;
  @Prop({ type: String, default: null }) message: string | null;
  @Prop({ type: [DemoRefundSchema], default: [] }) refunds: DemoRefund[];
}

export const DemoChargeSchema = SchemaFactory.createForClass(DemoCharge);

export const demoChargeIdOf = (idempotencyKey: string): Types.ObjectId =>
  keyedObjectId('demo-card-charge', idempotencyKey);

const REFERENCE_PREFIX = 'demo_';

/** The processor's reference for a charge: its id, so a refund finds it by `_id`. */
export const demoChargeReference = (id: Types.ObjectId): string =>
  `${REFERENCE_PREFIX}${id.toHexString()}`;

/** The charge id a reference names; null for references given before charges were keyed. */
export function demoChargeIdIn(reference: string): Types.ObjectId | null {
  const hex = reference.startsWith(REFERENCE_PREFIX) && reference.slice(REFERENCE_PREFIX.length);
  return hex && /^[0-9a-f]{24}$/.test(hex) ? new Types.ObjectId(hex) : null;
}
