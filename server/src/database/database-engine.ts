import { Global, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { Connection, Model, QueryFilter, Types, UpdateQuery } from 'mongoose';
import sift from 'sift';
import { APP_CONFIG, AppConfig } from '../config/config';

/**
 * What the database behind the connection serves well, found once at start. The embedded
 * engine (FerretDB 1.24 on SQLite) sends to SQL only a filter that is exactly `{_id}`: any
 * other condition reads the whole collection, and even a conditional update is an unlocked
 * read-modify-write (docs/decisions/002-embedded-engine-indexes.md). MongoDB serves both from
 * indexes, atomically.
 */
export class DatabaseEngine {
  constructor(readonly idFiltersOnly: boolean) {}

  /**
   * Writes `update` to the document `_id` if it matches `condition`; true when it did. On
   * MongoDB one conditional update, atomic across instances. On the embedded engine the same
   * guarantee it gives costs a read by `_id`, the condition checked here with sift (MongoDB's
   * query semantics) and a write by `_id`, instead of two reads of the whole collection.
   * Callers hold the document's KeyedMutex, so nothing in this process comes in between.
   */
  async updateIf<T>(
    model: Model<T>,
    _id: Types.ObjectId | string,
    condition: QueryFilter<T>,
    update: UpdateQuery<T>,
  ): Promise<boolean> {
    if (!this.idFiltersOnly) {
      return (await model.updateOne({ _id, ...condition }, update)).modifiedCount === 1;
    }
    if (!(await this.matches(model, _id, condition))) return false;
    return (await model.updateOne({ _id }, update)).modifiedCount === 1;
  }

  /**
   * Deletes the document `_id` if it matches `condition`; true when it did. The same trade as
   * updateIf: one conditional delete on MongoDB; on the embedded engine, where `{_id, ...}`
   * would read the whole collection, a read by `_id`, the check here and a delete by `_id`,
   * under the document's KeyedMutex held by the caller.
   */
  async deleteIf<T>(
    model: Model<T>,
    _id: Types.ObjectId | string,
    condition: QueryFilter<T>,
  ): Promise<boolean> {
    if (!this.idFiltersOnly) {
      return (await model.deleteOne({ _id, ...condition })).deletedCount === 1;
    }
    if (!(await this.matches(model, _id, condition))) return false;
    return (await model.deleteOne({ _id })).deletedCount === 1;
  }

  /** Whether the document `_id` exists and matches `condition`, read by `_id` alone. */
  private async matches<T>(
    model: Model<T>,
    _id: Types.ObjectId | string,
    condition: QueryFilter<T>,
  ): Promise<boolean> {
    // '+' also brings fields the schema hides (select: false) that the condition reads; a
    // path into an array (`variants.2.quantity`) brings the whole array, which sift then reads.
    const fields = [...new Set(Object.keys(condition).map((field) => `+${field.split('.')[0]}`))];
    const current = await model.findById(_id).select(fields).lean();
    return !!current && sift(condition as object)(current);
  }
}

@Global()
@Module({
  providers: [
    {
      provide: DatabaseEngine,
      inject: [getConnectionToken(), APP_CONFIG],
      useFactory: async (connection: Connection, config: AppConfig) => {
        // Forced, the MongoDB way runs on any engine: on the embedded one, within one process
        // (callers hold the document's lock), it is slower but as right.
        if (config.databaseStrategy === 'mongodb') return new DatabaseEngine(false);
        await connection.asPromise();
        const info = await connection.db!.admin().command({ buildInfo: 1 });
        return new DatabaseEngine('ferretdbVersion' in info);
      },
    },
  ],
  exports: [DatabaseEngine],
})
export class DatabaseEngineModule {}
