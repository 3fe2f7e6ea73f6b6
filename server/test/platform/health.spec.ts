import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestApp } from './support/test-app';

describe('health probes', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  it('says the process is up', async () => {
    const response = await test.http().get('/healthz').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('says the database answers', async () => {
    const response = await test.http().get('/readyz').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('says the database is down once the connection is gone', async () => {
    const other = await startTestApp();
    await other.connection.close();
    const response = await other.http().get('/readyz').expect(503);
    expect(response.body.database).toBe('down');
    await other.app.close();
  });
});
