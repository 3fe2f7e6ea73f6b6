import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A gateway webhook handled, keyed by its event id (X-Razorpay-Event-Id, a string `_id`: looked
 * up by `_id` on every engine): the same event delivered again is answered without being
 * handled twice. Written after the event is handled, so one cut short is handled when it comes
 * again; handling is idempotent by the payment's state anyway.
 */
@Schema({ versionKey: false, collection: 'payment_events' })
export class GatewayEventSeen {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  event: string;

  @Prop({ required: true })
  handledAt: Date;
}

export const GatewayEventSeenSchema = SchemaFactory.createForClass(GatewayEventSeen);
