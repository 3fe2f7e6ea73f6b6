import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { User } from './user.schema';

/** How an e-mail address is stored and looked up: trimmed, lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Which user an e-mail address belongs to, keyed by the address: signing in is two reads
 * by `_id` (this, then the user), and the address is claimed here before its user is
 * written, so of two registrations of one address only one can insert this document.
 */
@Schema({ versionKey: false, collection: 'user_emails' })
export class UserEmail {
  /** The normalised address. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: SchemaTypes.ObjectId, ref: User.name, required: true })
  user: Types.ObjectId;

  /**
   * When the address was claimed: a claim whose user was never written (the registration
   * failed or the server stopped in between) is given up after a while.
   */
  @Prop({ required: true })
  claimedAt: Date;
}

export const UserEmailSchema = SchemaFactory.createForClass(UserEmail);

/** The document that gives `email` to `user`, as registration writes it. */
export function emailClaim(email: string, user: Types.ObjectId, claimedAt = new Date()): UserEmail {
  return { _id: normaliseEmail(email), user, claimedAt };
}
