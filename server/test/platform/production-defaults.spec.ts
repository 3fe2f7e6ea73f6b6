import { describe, expect, it } from 'vitest';
import { DEMO_ANSWER } from '../../src/config/config';
import { seededAccountLines } from '../../src/seed/seed.service';
import { PRODUCTION_ENV, TestApp, useTestShop } from '../support/test-app';
import { expectError } from '../support/fixtures';

const PRODUCTION = { ...PRODUCTION_ENV, SEED_ON_EMPTY: 'true' };

const loginAs = (shop: TestApp, email: string, password: string) =>
  shop.http().post('/api/v1/auth/login').send({ email, password });

describe('a production shop on its first start', () => {
  const shop = useTestShop({ env: PRODUCTION, eachTest: true });

  it('refuses the admin takeover with the published answer "cricket"', async () => {
    const takeover = await shop
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: PRODUCTION.ADMIN_EMAIL, answer: 'cricket', newPassword: 'taken-over-1' });
    expectError(takeover, 400);
    await loginAs(shop, PRODUCTION.ADMIN_EMAIL, PRODUCTION.ADMIN_PASSWORD).expect(200);
    expectError(await loginAs(shop, PRODUCTION.ADMIN_EMAIL, 'taken-over-1'), 401);
  });

  it('has only the configured administrator: no demo accounts, no demo catalogue', async () => {
    expect(await shop.counts()).toMatchObject({ users: 1, categories: 0, products: 0 });
    expectError(await loginAs(shop, 'admin@shop.local', 'admin123'), 401);
    expectError(await loginAs(shop, 'shopper@shop.local', 'shopper123'), 401);
    const admin = await loginAs(shop, PRODUCTION.ADMIN_EMAIL, PRODUCTION.ADMIN_PASSWORD).expect(
      200,
    );
    expect(admin.body.user.role).toBe(1);
    expect(seededAccountLines(shop.config)).toEqual([]);
  });
});

describe('a production shop with ADMIN_ANSWER set', () => {
  const shop = useTestShop({ env: { ...PRODUCTION, ADMIN_ANSWER: 'Gulmohar' } });

  it('takes the administrator’s answer from ADMIN_ANSWER', async () => {
    await shop
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: PRODUCTION.ADMIN_EMAIL, answer: 'gulmohar', newPassword: 'Neem-Tree-2026' })
      .expect(200);
    await loginAs(shop, PRODUCTION.ADMIN_EMAIL, 'Neem-Tree-2026').expect(200);
  });
});

describe('a production shop with SEED_DEMO=true', () => {
  const shop = useTestShop({ env: { ...PRODUCTION, SEED_DEMO: 'true' } });

  it('adds the demo catalogue and shopper only with SEED_DEMO=true, never with the demo answer', async () => {
    const counts = await shop.counts();
    expect(counts.users).toBe(2);
    expect(counts.products).toBeGreaterThan(0);
    await loginAs(shop, PRODUCTION.SHOPPER_EMAIL, PRODUCTION.SHOPPER_PASSWORD).expect(200);
    expectError(
      await shop.http().post('/api/v1/auth/forgot-password').send({
        email: PRODUCTION.SHOPPER_EMAIL,
        answer: DEMO_ANSWER,
        newPassword: 'taken-over-2',
      }),
      400,
    );
  });
});

describe('a development shop on its first start', () => {
  const shop = useTestShop({ env: { NODE_ENV: 'development', SEED_ON_EMPTY: 'true' } });

  it('keeps the one-command demo: both accounts, the catalogue, the answer shown', async () => {
    const counts = await shop.counts();
    expect(counts.users).toBe(2);
    expect(counts.products).toBeGreaterThan(0);
    await shop
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: 'shopper@shop.local', answer: DEMO_ANSWER, newPassword: 'shopper456' })
      .expect(200);
    const lines = seededAccountLines(shop.config);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('admin@shop.local / admin123');
    expect(lines[1]).toContain(`security answer: ${DEMO_ANSWER}`);
  });
});
