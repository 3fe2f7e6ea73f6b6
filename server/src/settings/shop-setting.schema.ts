import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';

/**
 * One section of the shop's settings (delivery, couriers, ...), stored whole under its name, so
 * every read is one lookup by `_id` and a section is changed in one write.
 */
@Schema({ versionKey: false, collection: 'shop_settings' })
export class ShopSetting {
  @Prop({ type: String })
  _id: string;

  @Prop({ type: SchemaTypes.Mixed, required: true })
  value: Record<string, unknown>;

  @Prop({ required: true })
  updatedAt: Date;
}

export const ShopSettingSchema = SchemaFactory.createForClass(ShopSetting);
