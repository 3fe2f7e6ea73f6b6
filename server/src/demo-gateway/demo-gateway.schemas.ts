import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/*
 * What the demo gateway keeps, as Razorpay keeps it on its side. Each document's `_id` is the
 * gateway's own id (order_..., pay_..., rfnd_...), which is all anyone looks it up by, and a
 * list is a field of ids on the document it belongs to (an order's payments, a payment's
 * refunds), read by `_id` each: the embedded engine answers nothing else from an index
 * (docs/decisions/003-natural-keys.md). Field names are Razorpay's.
 */

@Schema({ versionKey: false, collection: 'demo_gateway_orders', minimize: false })
export class DemoGatewayOrder {
  @Prop({ type: String, required: true }) _id: string;
  /** Paise. */
  @Prop({ required: true }) amount: number;
  @Prop({ required: true, default: 0 }) amount_paid: number;
  @Prop({ required: true }) currency: string;
  @Prop({ required: true }) receipt: string;
  @Prop({ required: true }) status: 'created' | 'attempted' | 'paid';
  @Prop({ type: Object, default: {} }) notes: Record<string, string>;
  /** Unix seconds, as Razorpay gives times. */
  @Prop({ required: true }) created_at: number;
  /** Its payments' ids, oldest first. */
  @Prop({ type: [String], default: [] }) payment_ids: string[];
}
export const DemoGatewayOrderSchema = SchemaFactory.createForClass(DemoGatewayOrder);

@Schema({ versionKey: false, collection: 'demo_gateway_payments', minimize: false })
export class DemoGatewayPayment {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) order_id: string;
  /** Paise. */
  @Prop({ required: true }) amount: number;
  @Prop({ required: true }) currency: string;
  @Prop({ required: true }) status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  @Prop({ required: true }) method: 'upi' | 'card';
  @Prop({ required: true, default: 0 }) amount_refunded: number;
  @Prop({ required: true, default: false }) captured: boolean;
  @Prop({ type: String, default: null }) error_code: string | null;
  @Prop({ type: String, default: null }) error_description: string | null;
  @Prop({ type: String, default: null }) error_reason: string | null;
  @Prop({ required: true }) email: string;
  @Prop({ required: true }) contact: string;
  @Prop({ type: String, default: null }) vpa: string | null;
  /** Cards: the last four digits only; the number is never kept. */
  @Prop({ type: String, default: null }) card_last4: string | null;
  @Prop({ type: Object, default: {} }) notes: Record<string, string>;
  @Prop({ required: true }) created_at: number;
  /** Its refunds' ids, oldest first. */
  @Prop({ type: [String], default: [] }) refund_ids: string[];
}
export const DemoGatewayPaymentSchema = SchemaFactory.createForClass(DemoGatewayPayment);

@Schema({ versionKey: false, collection: 'demo_gateway_refunds', minimize: false })
export class DemoGatewayRefund {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) payment_id: string;
  /** Paise. */
  @Prop({ required: true }) amount: number;
  @Prop({ required: true }) currency: string;
  @Prop({ type: String, default: null }) receipt: string | null;
  @Prop({ type: Object, default: {} }) notes: Record<string, string>;
  @Prop({ required: true }) status: 'pending' | 'processed' | 'failed';
  @Prop({ required: true }) created_at: number;
  /** When a pending refund is processed (ms since the epoch): by a timer, or when next read. */
  @Prop({ required: true }) process_at: number;
}
export const DemoGatewayRefundSchema = SchemaFactory.createForClass(DemoGatewayRefund);
