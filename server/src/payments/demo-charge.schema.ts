import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

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
 */
@Schema({ timestamps: true, versionKey: false, collection: 'demo_card_charges' })
export class DemoCharge {
  @Prop({ required: true, unique: true }) idempotencyKey: string;
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
