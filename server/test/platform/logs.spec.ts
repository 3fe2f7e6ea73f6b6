import { randomUUID } from 'node:crypto';
import { Logger } from 'nestjs-pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalogue } from '../../src/catalogue/read-model/catalogue';
import { withoutSecrets } from '../../src/observability/logging';
import { registration, stockedProduct } from '../support/fixtures';
import { codesOf, gql } from '../support/gql';
import { PLACE_ORDER } from '../orders/operations';
import { PRODUCTION_ENV, seeded, startTestApp, TestApp } from '../support/test-app';

/** One log line as the shop writes it in production: a JSON object. */
type Line = Record<string, unknown>;

const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123' };
const CARD_DIGITS = '4242424242424242';

describe('logs in production, captured through a whole journey', () => {
  const written: string[] = [];
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(
      { ...PRODUCTION_ENV, SEED_DEMO: 'true', SECURITY_QUESTION_RESET: 'true', LOG_LEVEL: 'info' },
      { logs: { write: (chunk: string) => written.push(chunk) } },
    );
  });
  afterAll(() => shop?.close());

  const lines = (): Line[] =>
    written.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((text) => JSON.parse(text));
  const linesOf = (requestId: string) => lines().filter((line) => line.requestId === requestId);

  it('writes every line as JSON, with no token, password, answer or card number in any', async () => {
    const { shopper } = await seeded(shop);
    const newcomer = registration(`newcomer-${randomUUID()}@example.in`, {
      password: 'Jaggery-Tamarind-41',
      answer: 'Kho-kho in Pune',
    });
    await shop.http().post('/api/v1/auth/register').send(newcomer).expect(201);
    const login = await gql<{ login: { token: string } }>(
      shop,
      'mutation ($input: LoginInput!) { login(input: $input) { token } }',
      { input: { email: newcomer.email, password: newcomer.password } },
    );
    expect(codesOf(login)).toEqual([]);
    const token = login.data!.login.token;
    const product = await stockedProduct(shop, 2);

    const checkoutId = `checkout-${randomUUID()}`;
    const checkout = await shop
      .http()
      .post('/api/v1/product/checkout')
      .set({ Authorization: `Bearer ${token}`, 'X-Request-Id': checkoutId })
      .send({ lines: [{ productId: String(product._id), quantity: 1 }], card: CARD });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
    expect(checkout.headers['x-request-id']).toBe(checkoutId);

    const placed = await gql(
      shop,
      PLACE_ORDER,
      { input: { lines: [{ productId: String(product._id), quantity: 1 }], card: CARD } },
      shopper,
    );
    expect(codesOf(placed)).toEqual([]);
    await shop
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: newcomer.email, answer: newcomer.answer, newPassword: 'Saffron-Cardamom-7' })
      .expect(200);
    // Code logging an object with secrets in it, on purpose: redaction still hides them.
    shop.app.get(Logger).log({ user: { email: newcomer.email, password: newcomer.password } });

    const text = written.join('');
    expect(lines().length).toBeGreaterThan(10);
    for (const secret of [
      token,
      shopper.token,
      newcomer.password,
      newcomer.answer,
      'Saffron-Cardamom-7',
      shop.config.admin.password,
      shop.config.shopper.password,
      CARD.number,
      CARD_DIGITS,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');

    const [line] = linesOf(checkoutId);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      requestId: checkoutId,
      method: 'POST',
      route: '/api/v1/product/checkout',
      path: '/api/v1/product/checkout',
      status: 201,
    });
    expect(line.latencyMs).toEqual(expect.any(Number));
    expect(new Date(String(line.time)).getTime()).toBeGreaterThan(Date.now() - 60_000);
  }, 60_000); // a whole journey in production settings: slower than one call on a busy machine

  it('makes up its own id when the one sent is not acceptable, and answers with it', async () => {
    const route = '/api/v1/category/get-category';
    for (const sent of ['has spaces in it', 'x'.repeat(129), 'quote"and\\slash', '']) {
      const answer = await shop.http().get(route).set('X-Request-Id', sent).expect(200);
      const id = answer.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(id)).toMatchObject([{ route, status: 200 }]);
    }
  });

  it('logs a passing health probe at debug level, below the usual info', async () => {
    for (const probe of ['/healthz', '/readyz']) {
      const passed = await shop.http().get(probe).expect(200);
      expect(linesOf(passed.headers['x-request-id'])).toEqual([]);
    }
  });

  it('carries the id into lines logged while the request runs, and into GraphQL errors', async () => {
    // A fault of ours: a stored price no Float can represent, which the GraphQL layer logs.
    const row = await shop.connection.collection('products').findOne({}, { sort: { _id: -1 } });
    await shop.connection
      .collection('products')
      .updateOne({ _id: row!._id }, { $set: { price: 'about a thousand' } });
    await shop.app.get(Catalogue).productChanged(String(row!._id));
    const requestId = `fault-${randomUUID()}`;
    const answer = await gql(
      shop,
      'query ProductPage($slug: String!) { product(slug: $slug) { price } }',
      { slug: row!.slug },
      null,
      { 'X-Request-Id': requestId },
    );
    expect(codesOf(answer)).toEqual(['INTERNAL_SERVER_ERROR']);
    expect(answer.errors?.[0].extensions?.requestId).toBe(requestId);
    const logged = linesOf(requestId);
    expect(logged).toEqual([
      expect.objectContaining({ level: 50, context: 'GraphQL', requestId }),
      expect.objectContaining({
        msg: 'request completed',
        route: '/graphql',
        operation: 'ProductPage',
        status: 200,
      }),
    ]);
  });
});

describe('withoutSecrets, which every logged object goes through', () => {
  it('hides a secret field at any of the first levels, in objects and lists, leaving the rest', () => {
    const logged = {
      route: '/api/v1/auth/login',
      user: { email: 'asha@example.in', password: 'Jaggery-Tamarind-41' },
      lines: [{ card: { number: '4242' }, quantity: 1 }],
      deep: { a: { b: { token: 'abc' } } },
    };
    const before = structuredClone(logged);
    expect(withoutSecrets(logged)).toEqual({
      route: '/api/v1/auth/login',
      user: { email: 'asha@example.in', password: '[redacted]' },
      lines: [{ card: '[redacted]', quantity: 1 }],
      deep: { a: { b: { token: '[redacted]' } } },
    });
    // Copied where it hid something: what the caller logged is left as it was.
    expect(logged).toEqual(before);
  });

  it('gives back the very object when it holds no secret', () => {
    const logged = { method: 'GET', route: '/', status: 200, at: new Date(), list: [1, 2] };
    expect(withoutSecrets(logged)).toBe(logged);
  });

  it("keeps an error's message and stack and hides its secret fields", () => {
    const error = Object.assign(new Error('declined'), { cvv: '123', code: 'CARD' });
    const hidden = withoutSecrets({ err: error }).err as unknown as Record<string, unknown>;
    expect(hidden).toMatchObject({ message: 'declined', cvv: '[redacted]', code: 'CARD' });
    expect(hidden.stack).toContain('declined');
  });

  it('reads what JSON would write of an object that says so (a stored document)', () => {
    const document = { $internal: 1, toJSON: () => ({ email: 'a@b.in', answer: 'Pune' }) };
    expect(withoutSecrets({ user: document })).toEqual({
      user: { email: 'a@b.in', answer: '[redacted]' },
    });
  });
});
