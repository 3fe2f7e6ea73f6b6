import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ANSWER } from '../../src/config/config';
import { seededAccountLines } from '../../src/database/seed/seed.service';
import { PRODUCTION_ENV, startTestApp, TestApp } from '../support/test-app';
import { expectError } from './helpers';

const PRODUCTION = { ...PRODUCTION_ENV, SEED_ON_EMPTY: 'true' };

describe('a production shop on its first start', () => {
  let test: TestApp;
  afterEach(() => test.close());

  const loginAs = (email: string, password: string) =>
    test.http().post('/api/v1/auth/login').send({ email, password });

  it('refuses the admin takeover with the published answer "cricket"', async () => {
    test = await startTestApp(PRODUCTION);
    const takeover = await test
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: PRODUCTION.ADMIN_EMAIL, answer: 'cricket', newPassword: 'taken-over-1' });
    expectError(takeover, 400);
    await loginAs(PRODUCTION.ADMIN_EMAIL, PRODUCTION.ADMIN_PASSWORD).expect(200);
    expectError(await loginAs(PRODUCTION.ADMIN_EMAIL, 'taken-over-1'), 401);
  });

  it('has only the configured administrator: no demo accounts, no demo catalogue', async () => {
    test = await startTestApp(PRODUCTION);
    expect(await test.counts()).toMatchObject({ users: 1, categories: 0, products: 0 });
    expectError(await loginAs('admin@shop.local', 'admin123'), 401);
    expectError(await loginAs('shopper@shop.local', 'shopper123'), 401);
    const admin = await loginAs(PRODUCTION.ADMIN_EMAIL, PRODUCTION.ADMIN_PASSWORD).expect(200);
    expect(admin.body.user.role).toBe(1);
    expect(seededAccountLines(test.config)).toEqual([]);
  });

  it('takes the administrator’s answer from ADMIN_ANSWER', async () => {
    test = await startTestApp({ ...PRODUCTION, ADMIN_ANSWER: 'Gulmohar' });
    await test
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: PRODUCTION.ADMIN_EMAIL, answer: 'gulmohar', newPassword: 'Neem-Tree-2026' })
      .expect(200);
    await loginAs(PRODUCTION.ADMIN_EMAIL, 'Neem-Tree-2026').expect(200);
  });

  it('adds the demo catalogue and shopper only with SEED_DEMO=true, never with the demo answer', async () => {
    test = await startTestApp({ ...PRODUCTION, SEED_DEMO: 'true' });
    const counts = await test.counts();
    expect(counts.users).toBe(2);
    expect(counts.products).toBeGreaterThan(0);
    await loginAs(PRODUCTION.SHOPPER_EMAIL, PRODUCTION.SHOPPER_PASSWORD).expect(200);
    expectError(
      await test.http().post('/api/v1/auth/forgot-password').send({
        email: PRODUCTION.SHOPPER_EMAIL,
        answer: DEMO_ANSWER,
        newPassword: 'taken-over-2',
      }),
      400,
    );
  });
});

describe('a development shop on its first start', () => {
  it('keeps the one-command demo: both accounts, the catalogue, the answer shown', async () => {
    const test = await startTestApp({ NODE_ENV: 'development', SEED_ON_EMPTY: 'true' });
    try {
      const counts = await test.counts();
      expect(counts.users).toBe(2);
      expect(counts.products).toBeGreaterThan(0);
      await test
        .http()
        .post('/api/v1/auth/forgot-password')
        .send({ email: 'shopper@shop.local', answer: DEMO_ANSWER, newPassword: 'shopper456' })
        .expect(200);
      const lines = seededAccountLines(test.config);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain('admin@shop.local / admin123');
      expect(lines[1]).toContain(`security answer: ${DEMO_ANSWER}`);
    } finally {
      await test.close();
    }
  });
});
