import { describe, expect, it } from 'vitest';
import { useTestShop } from '../support/test-app';

describe('health probes', () => {
  const shop = useTestShop();

  it('says the process is up', async () => {
    const response = await shop.http().get('/healthz').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('says the database answers', async () => {
    const response = await shop.http().get('/readyz').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('health probes without the database', () => {
  const shop = useTestShop();

  it('says the database is down once the connection is gone', async () => {
    await shop.connection.close();
    const response = await shop.http().get('/readyz').expect(503);
    expect(response.body.database).toBe('down');
  });
});
