import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/**
 * The one password-reset link of an account that still works, keyed by the account's user id:
 * asking for a new link overwrites it, so only the newest works, and using it deletes it. The
 * link's secret is kept only as its SHA-256, so a copy of the database resets nobody.
 */
@Schema({ versionKey: false, collection: 'password_reset_links' })
export class PasswordResetLink {
  @Prop({ type: Types.ObjectId, required: true })
  _id: Types.ObjectId;

  /** SHA-256 of the link's secret, hex. */
  @Prop({ required: true })
  secretHash: string;

  @Prop({ required: true })
  expiresAt: Date;
}

export const PasswordResetLinkSchema = SchemaFactory.createForClass(PasswordResetLink);
