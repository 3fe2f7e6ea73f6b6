import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** An upgrade of stored data that has been run to its end, keyed by its name. */
@Schema({ versionKey: false, collection: 'upgrades' })
export class Upgrade {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  doneAt: Date;
}

export const UpgradeSchema = SchemaFactory.createForClass(Upgrade);

/** The record of `name` done, as Upgrades.once writes it. */
export const upgradeDone = (name: string, doneAt = new Date()): Upgrade => ({ _id: name, doneAt });
