import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A migration of stored data that has run to its end, keyed by its name. The collection
 * keeps the name it had when migrations were called upgrades, so a database migrated
 * before is not migrated again.
 */
@Schema({ versionKey: false, collection: 'upgrades' })
export class MigrationRecord {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  doneAt: Date;
}

export const MigrationRecordSchema = SchemaFactory.createForClass(MigrationRecord);

/** The record of migration `name` done, as Migrations writes it. */
export const migrationDone = (name: string, doneAt = new Date()): MigrationRecord => ({
  _id: name,
  doneAt,
});
