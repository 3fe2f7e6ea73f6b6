import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const OUTBOX_STATES = ['due', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** A file sent with a message (the order's tax invoice), kept with it. */
@Schema({ _id: false, versionKey: false })
export class OutboxAttachment {
  @Prop({ required: true })
  filename: string;

  @Prop({ required: true })
  contentType: string;

  @Prop({ type: Buffer, required: true })
  content: Buffer;
}
const OutboxAttachmentSchema = SchemaFactory.createForClass(OutboxAttachment);

/**
 * One e-mail the shop owes, keyed by what it is for and to whom
 * (`order-placed/<order id>/asha@example.in`): owing it twice writes nothing new, so each
 * recipient gets one message per event. Written whole, subject and body rendered, then sent by
 * the outbox's worker (OutboxWorker), which records how it went here.
 */
@Schema({ versionKey: false, collection: 'outbox_messages', timestamps: true })
export class OutboxMessage {
  @Prop({ type: String, required: true })
  _id: string;

  /** What happened (MailEvent): order-placed, order-shipped, ... */
  @Prop({ required: true })
  event: string;

  @Prop({ required: true })
  to: string;

  @Prop({ required: true })
  subject: string;

  @Prop({ required: true })
  html: string;

  @Prop({ required: true })
  text: string;

  @Prop({ type: [OutboxAttachmentSchema], default: [] })
  attachments: OutboxAttachment[];

  @Prop({ type: String, required: true, enum: OUTBOX_STATES, default: 'due' })
  state: OutboxState;

  /** Sends tried so far (each ending sent, refused, or cut short). */
  @Prop({ required: true, default: 0 })
  tries: number;

  /** Not sent before this. */
  @Prop({ required: true })
  nextTryAt: Date;

  /** Why the last try did not send it: the SMTP server's answer or the connection's error. */
  @Prop({ type: String, default: null })
  lastError: string | null;

  @Prop({ type: Date, default: null })
  sentAt: Date | null;

  /** How often an admin sent it again (Outbox.sendAgain). */
  @Prop({ default: 0 })
  sentAgain: number;

  createdAt: Date;
  updatedAt: Date;
}
export const OutboxMessageSchema = SchemaFactory.createForClass(OutboxMessage);

/**
 * The messages still to send, by key, with when each is next due: a collection of its own, so
 * the worker reads a handful of documents, never every message the shop ever sent (the embedded
 * engine serves only `_id` lookups from an index, decision 002).
 */
@Schema({ versionKey: false, collection: 'outbox_due' })
export class OutboxDue {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  at: Date;
}
export const OutboxDueSchema = SchemaFactory.createForClass(OutboxDue);

/**
 * An instance's claim on one try of one message (`<key>#<try>`): inserting it is what lets an
 * instance send, so of several instances one sends each try. A claim older than the lease
 * belongs to an instance that stopped mid-send; the try is then counted and the next one claimed.
 */
@Schema({ versionKey: false, collection: 'outbox_claims' })
export class OutboxClaim {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  at: Date;
}
export const OutboxClaimSchema = SchemaFactory.createForClass(OutboxClaim);
