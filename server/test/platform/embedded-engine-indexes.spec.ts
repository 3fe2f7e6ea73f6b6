import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The embedded engine's launcher indexes the exact expression FerretDB's `_id` filters use
 * (docs/decisions/002-embedded-engine-indexes.md), also for collections made while it runs.
 * FerretDB's explain reports SQLite's plan for the SQL it emits.
 */
describe.skipIf(Boolean(process.env.MONGODB_URI))('embedded engine: _id lookups', () => {
  let connection: mongoose.Connection;
  beforeAll(async () => {
    connection = await mongoose
      .createConnection(`${inject('mongoServerUri')}engine-${randomUUID().slice(0, 8)}`)
      .asPromise();
  });
  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('are index searches in a collection created while the engine runs', async () => {
    const collection = connection.collection('things');
    const _id = new mongoose.Types.ObjectId();
    await collection.insertMany([{ _id, name: 'kettle' }, { name: 'lamp' }]);

    let plan = '';
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      // A query first, so that FerretDB's connection has loaded the current schema: SQLite
      // does not check it for EXPLAIN QUERY PLAN, which it only prepares.
      await collection.findOne({ _id });
      const explained = await connection.db!.command({
        explain: { find: 'things', filter: { _id } },
      });
      expect(explained.filterPushdown).toBe(true);
      plan = String(explained.queryPlanner.Plan);
      if (plan.includes('USING INDEX')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(plan).toMatch(/SEARCH \S+ USING INDEX bazaar_id_path_things_/);
    expect(await collection.findOne({ _id })).toMatchObject({ name: 'kettle' });
  });
});
