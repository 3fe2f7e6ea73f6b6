import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/**
 * Where to deliver, as a shopper's address book keeps it and an order copies it: the mobile
 * as its 10 digits, the state by its GST code and its name (docs/decisions/021-address-book.md).
 */
@Schema({ _id: false })
export class PostalAddressFields {
  @Prop({ required: true })
  name: string;

  /** 10 digits, the first 6 to 9 (normaliseMobile). */
  @Prop({ required: true })
  mobile: string;

  @Prop({ required: true })
  line1: string;

  @Prop({ type: String, default: '' })
  line2: string;

  @Prop({ type: String, default: '' })
  landmark: string;

  @Prop({ required: true })
  city: string;

  /** Two digits, as GST numbers the states ("29" is Karnataka). */
  @Prop({ required: true })
  stateCode: string;

  /** The state's name, as it was when written. */
  @Prop({ required: true })
  state: string;

  @Prop({ required: true })
  pin: string;
}

/** One address of an address book: its fields, its id, and whether it is the default. */
@Schema()
export class SavedAddress extends PostalAddressFields {
  _id: Types.ObjectId;

  @Prop({ required: true, default: false })
  isDefault: boolean;
}

export const SavedAddressSchema = SchemaFactory.createForClass(SavedAddress);

/** The fields alone, as an order keeps a copy of the address it is delivered to. */
export const PostalAddressFieldsSchema = SchemaFactory.createForClass(PostalAddressFields);

/** The default address of a book; its first should a book have none marked (never written so). */
export const defaultAddressOf = (book: readonly SavedAddress[] | undefined) =>
  book?.find((one) => one.isDefault) ?? book?.[0];
