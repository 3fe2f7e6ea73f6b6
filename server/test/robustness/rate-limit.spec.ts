import type { Response } from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../src/common/rate-limit/rate-limiter.service';
import { ShopError } from '../../src/common/shop-error';
import { UsersService } from '../../src/users/users.service';
import { startTestApp, TestApp } from '../support/test-app';
import { expectError } from './helpers';

const LIMIT = 3;

const account = {
  name: 'Meera Nair',
  email: 'meera@example.in',
  password: 'secret123',
  phone: '+91 94470 00000',
  address: '3 MG Road, Kochi 682016',
  answer: 'Badminton',
};
const other = { ...account, name: 'Arjun Das', email: 'arjun@example.in' };

/** Starts a shop configured with TRUST_PROXY as a deployment would set it. */
function startBehindProxy(trustProxy: string, env: Record<string, string> = {}) {
  return startTestApp({ ...env, TRUST_PROXY: trustProxy });
}

function expectTooMany(response: Response): void {
  expectError(response, 429);
}

describe('rate limits per client address', () => {
  let test: TestApp;
  beforeEach(async () => {
    test = await startTestApp({ AUTH_RATE_LIMIT_MAX: String(LIMIT) });
    await test.app.get(UsersService).create(account);
  });
  afterEach(() => test.close());

  const login = () =>
    test
      .http()
      .post('/api/v1/auth/login')
      .send({ email: account.email, password: account.password });

  it('refuses the 4th login within the window, even with the right password', async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      const response = await login();
      expect(response.status, `attempt ${attempt}`).toBe(200);
      expect(typeof response.body.token).toBe('string');
    }
    const refused = await login();
    expectTooMany(refused);
    expect(refused.body).not.toHaveProperty('token');
    // Still refused: a refused attempt does not open the door again.
    expectTooMany(await login());
  });

  it('refuses the 4th registration within the window and saves nothing for it', async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      await test
        .http()
        .post('/api/v1/auth/register')
        .send({ ...account, email: `new-${attempt}@example.in` })
        .expect(201);
    }
    const users = (await test.counts()).users;
    const refused = await test
      .http()
      .post('/api/v1/auth/register')
      .send({ ...account, email: 'new-4@example.in' });
    expectTooMany(refused);
    expect((await test.counts()).users).toBe(users);
    expect(await test.connection.collection('users').findOne({ email: 'new-4@example.in' })).toBe(
      null,
    );
  });

  it('refuses the 4th forgot-password within the window and keeps the password', async () => {
    const reset = (answer: string, newPassword: string) =>
      test
        .http()
        .post('/api/v1/auth/forgot-password')
        .send({ email: account.email, answer, newPassword });
    expectError(await reset('chess', 'guess-1'), 400);
    expectError(await reset('carrom', 'guess-2'), 400);
    await reset(account.answer, account.password).expect(200);
    const refused = await reset(account.answer, 'taken-over');
    expectTooMany(refused);
    // The refused reset did not go through: the old password still works, the new one not.
    await login().expect(200);
    expectError(
      await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: account.email, password: 'taken-over' }),
      401,
    );
  });

  it('counts each action on its own', async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) await login().expect(200);
    expectTooMany(await login());
    // Register and forgot-password still have their own allowance.
    await test
      .http()
      .post('/api/v1/auth/register')
      .send({ ...account, email: 'fresh@example.in' })
      .expect(201);
    await test
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: account.email, answer: account.answer, newPassword: 'secret456' })
      .expect(200);
  });
});

describe('rate limits per account, from many addresses (behind a trusted proxy)', () => {
  let test: TestApp;
  let address = 0;
  /** A client address no request has used yet. */
  const fresh = () => `203.0.113.${(address += 1)}`;

  beforeEach(async () => {
    test = await startBehindProxy('loopback', { AUTH_RATE_LIMIT_MAX: String(LIMIT) });
    await test.app.get(UsersService).create(account);
    await test.app.get(UsersService).create(other);
  });
  afterEach(() => test.close());

  const loginFrom = (from: string, email: string, password: string) =>
    test.http().post('/api/v1/auth/login').set('X-Forwarded-For', from).send({ email, password });

  it('tells clients apart by their forwarded address', async () => {
    const first = fresh();
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      await loginFrom(first, account.email, account.password).expect(200);
    }
    expectTooMany(await loginFrom(first, account.email, account.password));
    await loginFrom(fresh(), account.email, account.password).expect(200);
  });

  it('locks an account after 3 wrong passwords, each from another address', async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      expectError(await loginFrom(fresh(), account.email, `wrong-${attempt}`), 401);
    }
    // The right password from an address never seen before is refused too.
    const locked = await loginFrom(fresh(), account.email, account.password);
    expectTooMany(locked);
    expect(locked.body).not.toHaveProperty('token');
    // The e-mail is matched whatever its case.
    expectTooMany(await loginFrom(fresh(), account.email.toUpperCase(), account.password));
    // Other accounts are not affected.
    await loginFrom(fresh(), other.email, other.password).expect(200);
  });

  it('forgives earlier failures once the right password is given', async () => {
    expectError(await loginFrom(fresh(), account.email, 'wrong-1'), 401);
    expectError(await loginFrom(fresh(), account.email, 'wrong-2'), 401);
    await loginFrom(fresh(), account.email, account.password).expect(200);
    expectError(await loginFrom(fresh(), account.email, 'wrong-3'), 401);
    expectError(await loginFrom(fresh(), account.email, 'wrong-4'), 401);
    await loginFrom(fresh(), account.email, account.password).expect(200);
  });

  it('locks password resets of an account after 3 wrong answers from 3 addresses', async () => {
    const resetFrom = (from: string, answer: string, newPassword: string) =>
      test
        .http()
        .post('/api/v1/auth/forgot-password')
        .set('X-Forwarded-For', from)
        .send({ email: account.email, answer, newPassword });
    for (const answer of ['chess', 'carrom', 'kabaddi']) {
      expectError(await resetFrom(fresh(), answer, 'taken-over'), 400);
    }
    expectTooMany(await resetFrom(fresh(), account.answer, 'taken-over'));
    // The password did not change, and logging in is a separate limit that still works.
    await loginFrom(fresh(), account.email, account.password).expect(200);
  });

  it('checks at most 3 wrong passwords of one account when guesses arrive all at once', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_unused, index) =>
        loginFrom(fresh(), account.email, `parallel-guess-${index}`),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    for (const response of guesses) expect([401, 429]).toContain(response.status);
    // Every 401 is a password the server actually tried: no more than the limit.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LIMIT);
    expectTooMany(await loginFrom(fresh(), account.email, account.password));
  });
});

describe('the RateLimiter service', () => {
  let test: TestApp;
  let limiter: RateLimiter;
  beforeEach(async () => {
    test = await startTestApp({
      AUTH_RATE_LIMIT_MAX: String(LIMIT),
      AUTH_RATE_LIMIT_WINDOW_MS: '60000',
    });
    limiter = test.app.get(RateLimiter);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await test.close();
  });

  const refusal = (promise: Promise<void>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('allows 3 attempts per address and refuses the 4th with TOO_MANY_REQUESTS', async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      await limiter.attempt('login', '10.0.0.1');
    }
    const error = await refusal(limiter.attempt('login', '10.0.0.1'));
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({ kind: 'TOO_MANY_REQUESTS' });
    expect((error as ShopError).message).not.toBe('');
    // Another address, and another action from the same address, are not limited.
    await limiter.attempt('login', '10.0.0.2');
    await limiter.attempt('forgot-password', '10.0.0.1');
  });

  it('locks an account after 3 attempts without a success, from different addresses', async () => {
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      await limiter.attempt('login', `10.0.1.${attempt}`, 'asha@example.in');
    }
    const error = await refusal(limiter.attempt('login', '10.0.1.99', 'ASHA@example.in'));
    expect(error).toMatchObject({ kind: 'TOO_MANY_REQUESTS' });
    await limiter.attempt('login', '10.0.1.98', 'someone-else@example.in');
    // A success resets the account's count.
    await limiter.succeeded('login', 'asha@example.in');
    await limiter.attempt('login', '10.0.1.97', 'asha@example.in');
  });

  it('lifts the limit once the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-01-01T10:00:00Z') });
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      await limiter.attempt('login', '10.0.2.1', 'ravi@example.in');
    }
    expect(await refusal(limiter.attempt('login', '10.0.2.1'))).toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
    });
    expect(await refusal(limiter.attempt('login', '10.0.2.2', 'ravi@example.in'))).toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
    });
    vi.setSystemTime(new Date('2025-01-01T10:01:01Z'));
    expect(await refusal(limiter.attempt('login', '10.0.2.1', 'ravi@example.in'))).toBe(null);
  });
});

describe('TRUST_PROXY as .env.example documents it', () => {
  it('starts with TRUST_PROXY left empty', async () => {
    const test = await startBehindProxy('');
    await test.http().get('/healthz').expect(200);
    await test.close();
  });

  it('with TRUST_PROXY=1 (one hop) counts clients behind the proxy apart', async () => {
    const test = await startBehindProxy('1', { AUTH_RATE_LIMIT_MAX: String(LIMIT) });
    try {
      await test.app.get(UsersService).create(account);
      const loginFrom = (from: string) =>
        test
          .http()
          .post('/api/v1/auth/login')
          .set('X-Forwarded-For', from)
          .send({ email: account.email, password: account.password });
      for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
        await loginFrom('198.51.100.1').expect(200);
      }
      expectTooMany(await loginFrom('198.51.100.1'));
      await loginFrom('198.51.100.2').expect(200);
    } finally {
      await test.close();
    }
  });
});
