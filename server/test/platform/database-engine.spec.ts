import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { DatabaseEngine } from '../../src/database/database-engine';
import { Order } from '../../src/orders/order.schema';
import { countQueries, notByIdOnly } from '../support/query-count';
import { useTestShop } from '../support/test-app';

describe('Conditional deletes by _id', () => {
  const shop = useTestShop();
  let model: Model<Order>;

  beforeAll(() => {
    model = shop.app.get<Model<Order>>(getModelToken(Order.name));
  });

  const insert = async (settled: boolean) =>
    (await shop.connection.collection('orders').insertOne({ settled, status: 'Not Processed' }))
      .insertedId;
  const exists = async (_id: Types.ObjectId) =>
    (await shop.connection.collection('orders').countDocuments({ _id })) === 1;

  // Both ways against the same database: the embedded engine's (read, check, delete by _id)
  // and MongoDB's (one conditional delete), which the embedded engine also serves, slowly.
  it.each([
    ['checked here, deleted by _id', true],
    ['one conditional delete', false],
  ])('%s: deletes only when the condition holds', async (_, idOnly) => {
    const engine = new DatabaseEngine(idOnly);
    const settled = await insert(true);
    const unsettled = await insert(false);
    expect(await engine.deleteIf(model, settled, { settled: false })).toBe(false);
    expect(await exists(settled)).toBe(true);
    const { operations } = await countQueries(async () => {
      expect(await engine.deleteIf(model, unsettled, { settled: false })).toBe(true);
    });
    expect(await exists(unsettled)).toBe(false);
    expect(await engine.deleteIf(model, unsettled, { settled: false })).toBe(false);
    expect(await engine.deleteIf(model, new Types.ObjectId(), {})).toBe(false);
    // What makes it cheap on the embedded engine: nothing but `{_id}` is sent.
    expect(notByIdOnly(operations, ['orders'])).toEqual(idOnly ? [] : [expect.any(String)]);
  });
});

describe('DATABASE_STRATEGY', () => {
  it('refuses a value it does not know', () => {
    expect(() => loadConfig({ DATABASE_STRATEGY: 'postgres' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_STRATEGY: 'postgres' })).toThrow(
      'DATABASE_STRATEGY must be one of auto, mongodb, got "postgres"',
    );
  });

  // auto: as the server serves best (the embedded engine, unless MONGODB_URI names another);
  // mongodb: one conditional query on any engine, the embedded one included.
  describe.each([
    ['auto', !process.env.MONGODB_URI],
    ['mongodb', false],
  ])('%s', (strategy, idFiltersOnly) => {
    const shop = useTestShop({ env: { DATABASE_STRATEGY: strategy } });

    it(`writes conditionally ${idFiltersOnly ? 'by _id, checked here' : 'in one query'}`, () => {
      expect(shop.app.get(DatabaseEngine).idFiltersOnly).toBe(idFiltersOnly);
    });
  });
});
