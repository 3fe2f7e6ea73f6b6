import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QUESTION_RESET_OFF } from '../../src/auth/auth.service';
import { DEMO_ANSWER } from '../../src/config/config';
import { seededAccountLines } from '../../src/seed/seed.service';
import { PRODUCTION_ENV, TestApp, useTestShop } from '../support/test-app';
import { expectError } from '../support/fixtures';

const PRODUCTION = { ...PRODUCTION_ENV, SEED_ON_EMPTY: 'true' };

const loginAs = (shop: TestApp, email: string, password: string) =>
  shop.http().post('/api/v1/auth/login').send({ email, password });

describe('a production shop on its first start', () => {
  const shop = useTestShop({ env: PRODUCTION, eachTest: true });

  it('takes no security answer at all: the reset by question is off', async () => {
    const takeover = await shop
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: PRODUCTION.ADMIN_EMAIL, answer: 'cricket', newPassword: 'taken-over-1' });
    expectError(takeover, 404, QUESTION_RESET_OFF);
    await loginAs(shop, PRODUCTION.ADMIN_EMAIL, PRODUCTION.ADMIN_PASSWORD).expect(200);
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

/** Production keeping the spec's security question, as an operator may choose. */
const WITH_QUESTION = { ...PRODUCTION, SECURITY_QUESTION_RESET: 'true' };

describe('a production shop that keeps the security question', () => {
  const shop = useTestShop({ env: WITH_QUESTION });

  it('refuses the admin takeover with the published answer "cricket"', async () => {
    const takeover = await shop
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: PRODUCTION.ADMIN_EMAIL, answer: 'cricket', newPassword: 'taken-over-1' });
    expectError(takeover, 400);
    await loginAs(shop, PRODUCTION.ADMIN_EMAIL, PRODUCTION.ADMIN_PASSWORD).expect(200);
    expectError(await loginAs(shop, PRODUCTION.ADMIN_EMAIL, 'taken-over-1'), 401);
  });
});

describe('a production shop with ADMIN_ANSWER set', () => {
  const shop = useTestShop({ env: { ...WITH_QUESTION, ADMIN_ANSWER: 'Gulmohar' } });

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
  const shop = useTestShop({ env: { ...WITH_QUESTION, SEED_DEMO: 'true' } });

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

/** A built storefront of one page and a script whose build left its source map beside it. */
function storefrontWithSourceMap(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-maps-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Shop</title>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":[]}');
  return dir;
}

describe('source maps', () => {
  const clientDir = storefrontWithSourceMap();
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
  const MAPS = [
    '/api/docs/swagger-ui-bundle.js.map',
    '/api/docs/swagger-ui-standalone-preset.js.map',
    '/api/docs/swagger-ui.css.map',
    '/assets/index-abc123.js.map',
  ];

  describe('in production', () => {
    const shop = useTestShop({ env: { ...PRODUCTION_ENV, CLIENT_DIR: clientDir } });

    it('serves none, Swagger UI’s or the storefront’s, but the bundles themselves', async () => {
      for (const path of MAPS) {
        const response = await shop.http().get(path);
        expect(response.status, path).toBe(404);
        expect(response.text, path).not.toContain('"version":3');
      }
      await shop.http().get('/api/docs/swagger-ui-bundle.js').expect(200);
      await shop.http().get('/assets/index-abc123.js').expect(200);
    });
  });

  describe('in development', () => {
    const shop = useTestShop({ env: { NODE_ENV: 'development', CLIENT_DIR: clientDir } });

    it('still serves them, for debugging', async () => {
      for (const path of MAPS) await shop.http().get(path).expect(200);
    });
  });
});
