import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Language, LANGUAGES } from '../shared/rules';
import { SavedAddress, SavedAddressSchema } from './addresses/address.schema';

export const ADMIN_ROLE = 1;
export const SHOPPER_ROLE = 0;

@Schema({ timestamps: true, versionKey: false, collection: 'users' })
export class User {
  @Prop({ required: true, trim: true })
  name: string;

  @Prop({ required: true, unique: true, lowercase: true, trim: true })
  email: string;

  /** bcrypt hash; never leaves the server. */
  @Prop({ required: true, select: false })
  password: string;

  @Prop({ required: true, trim: true })
  phone: string;

  /**
   * The address as one text, as registration and the profile write it. Read through
   * toPublicUser, it is the default of the address book when the book has any.
   */
  @Prop({ required: true, trim: true })
  address: string;

  /** The address book (AddressBook); users stored before it have none. */
  @Prop({ type: [SavedAddressSchema], default: undefined })
  addresses?: SavedAddress[];

  /** Raised by every write of the address book, which is conditional on it (AddressBook). */
  @Prop({ type: Number })
  addressBookVersion?: number;

  /** bcrypt hash of the normalised security answer; never leaves the server. */
  @Prop({ required: true, select: false })
  answer: string;

  @Prop({ required: true, default: SHOPPER_ROLE, enum: [SHOPPER_ROLE, ADMIN_ROLE] })
  role: number;

  /** The storefront language the user chose, followed wherever they sign in; none until then. */
  @Prop({ type: String, enum: LANGUAGES })
  language?: Language;

  /** Raised to end every session: tokens carry the version they were issued under. */
  @Prop({ default: 0 })
  tokenVersion?: number;

  createdAt: Date;
  updatedAt: Date;
}

/** Users stored before token versions existed have none, which counts as 0. */
export const tokenVersionOf = (user: Pick<User, 'tokenVersion'>): number => user.tokenVersion ?? 0;

export const UserSchema = SchemaFactory.createForClass(User);
UserSchema.index({ createdAt: -1 });
