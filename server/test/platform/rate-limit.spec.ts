import type { Response } from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../src/common/rate-limit/rate-limiter.service';
import { ShopError } from '../../src/common/shop-error';
import { UsersService } from '../../src/users/users.service';
import {
  APPROVED_CARD,
  DECLINED_CARD,
  expectError,
  freshAddress,
  newShoppers,
  stockedProduct,
} from '../support/fixtures';
import { TestApp, useTestShop } from '../support/test-app';

/** The shipped defaults, written out so the tests show the policy they check. */
const PER_PAIR = 5;
const PER_ACCOUNT = 20;
const PER_ADDRESS = 50;
const LIMITS = {
  AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS: String(PER_PAIR),
  AUTH_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
  AUTH_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
};

const owner = {
  name: 'Meera Nair',
  email: 'meera@example.in',
  password: 'tulsi-leaf-42',
  phone: '+91 94470 00000',
  address: '3 MG Road, Kochi 682016',
  answer: 'Badminton',
};

function expectTooMany(response: Response): void {
  expectError(response, 429);
  expect(response.body.message).toMatch(/^Too many .*, please try again in \d+ minutes?$/);
  expect(response.body).not.toHaveProperty('token');
}

/**
 * A fresh shop for each test behind a trusted proxy, so X-Forwarded-For tells clients apart
 * as in production, with the owner's account in it.
 */
function useShopBehindProxy(env: Record<string, string> = {}): TestApp {
  const shop = useTestShop({ env: { TRUST_PROXY: 'loopback', ...LIMITS, ...env }, eachTest: true });
  beforeEach(async () => {
    await shop.app.get(UsersService).create(owner);
  });
  return shop;
}

const addresses = (count: number) => Array.from({ length: count }, freshAddress);

function loginFrom(shop: TestApp, from: string, email: string, password: string) {
  return shop
    .http()
    .post('/api/v1/auth/login')
    .set('X-Forwarded-For', from)
    .send({ email, password });
}

function resetFrom(shop: TestApp, from: string, answer: string, newPassword: string) {
  return shop
    .http()
    .post('/api/v1/auth/forgot-password')
    .set('X-Forwarded-For', from)
    .send({ email: owner.email, answer, newPassword });
}

/** How many of the answers were a password the server actually checked (401, not 429). */
function checkedGuesses(responses: Response[]): number {
  for (const response of responses) expect([401, 429]).toContain(response.status);
  return responses.filter((response) => response.status === 401).length;
}

describe('the lockout attack: 20 wrong passwords from each of 30 addresses', () => {
  const shop = useShopBehindProxy();

  it('lets the owner in from a clean address, and gives the 30 addresses a bounded number of guesses', async () => {
    const attackers = addresses(30);
    const answers: Response[] = [];
    for (let round = 1; round <= 20; round += 1) {
      answers.push(
        ...(await Promise.all(
          attackers.map((from) => loginFrom(shop, from, owner.email, `guess-${round}-${from}`)),
        )),
      );
    }
    // At most the account-wide limit, then one guess per address that had not yet failed.
    const checked = checkedGuesses(answers);
    expect(checked).toBeLessThanOrEqual(PER_ACCOUNT + attackers.length);
    // Every attacking address is refused now, even with the right password.
    for (const from of attackers)
      expectTooMany(await loginFrom(shop, from, owner.email, owner.password));

    const ownerLogin = await loginFrom(shop, freshAddress(), owner.email, owner.password);
    expect(ownerLogin.status).toBe(200);
    expect(typeof ownerLogin.body.token).toBe('string');
    // The e-mail counts as one account whatever its case.
    await loginFrom(shop, freshAddress(), owner.email.toUpperCase(), owner.password).expect(200);
  });

  it('checks at most 5 guesses from one address when 30 arrive at once', async () => {
    const from = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_unused, index) =>
        loginFrom(shop, from, owner.email, `parallel-guess-${index}`),
      ),
    );
    expect(checkedGuesses(answers)).toBeLessThanOrEqual(PER_PAIR);
    expectTooMany(await loginFrom(shop, from, owner.email, owner.password));
    await loginFrom(shop, freshAddress(), owner.email, owner.password).expect(200);
  });
});

describe('sign-in limits per account and address, per address, per account', () => {
  const shop = useShopBehindProxy();

  it('refuses an address after 5 wrong passwords for one account, and only that pair', async () => {
    const from = freshAddress();
    for (let attempt = 1; attempt <= PER_PAIR; attempt += 1) {
      expectError(await loginFrom(shop, from, owner.email, `wrong-${attempt}`), 401);
    }
    expectTooMany(await loginFrom(shop, from, owner.email, owner.password));
    await loginFrom(shop, freshAddress(), owner.email, owner.password).expect(200);
  });

  it('forgives the pair’s failures once the right password is given', async () => {
    const from = freshAddress();
    for (let round = 1; round <= 3; round += 1) {
      for (let attempt = 1; attempt < PER_PAIR; attempt += 1) {
        expectError(await loginFrom(shop, from, owner.email, `wrong-${round}-${attempt}`), 401);
      }
      await loginFrom(shop, from, owner.email, owner.password).expect(200);
    }
  });

  it('refuses an address after 50 wrong passwords sprayed over many accounts', async () => {
    const from = freshAddress();
    for (let attempt = 1; attempt <= PER_ADDRESS; attempt += 1) {
      expectError(
        await loginFrom(shop, from, `someone-${attempt}@example.in`, 'tulsi-leaf-42'),
        401,
      );
    }
    expectTooMany(await loginFrom(shop, from, owner.email, owner.password));
    await loginFrom(shop, freshAddress(), owner.email, owner.password).expect(200);
  });

  it('never refuses successful logins from one address, as behind an office NAT', async () => {
    const office = freshAddress();
    const colleagues = [owner, ...(await createColleagues(shop, 3))];
    for (let login = 1; login <= 30; login += 1) {
      const colleague = colleagues[login % colleagues.length];
      await loginFrom(shop, office, colleague.email, colleague.password).expect(200);
    }
    // A typo now and then among them still leaves the office well inside its limit.
    expectError(await loginFrom(shop, office, owner.email, 'typo'), 401);
    await loginFrom(shop, office, owner.email, owner.password).expect(200);
  });
});

async function createColleagues(shop: TestApp, count: number) {
  const users = shop.app.get(UsersService);
  const colleagues = Array.from({ length: count }, (_unused, index) => ({
    ...owner,
    email: `colleague-${index}@example.in`,
  }));
  for (const colleague of colleagues) await users.create(colleague);
  return colleagues;
}

describe('forgot-password answers: the same policy', () => {
  const shop = useShopBehindProxy();

  it('refuses an address after 5 wrong answers and keeps the password', async () => {
    const from = freshAddress();
    for (const answer of ['chess', 'carrom', 'kabaddi', 'kho-kho', 'polo']) {
      expectError(await resetFrom(shop, from, answer, 'taken-over'), 400);
    }
    expectTooMany(await resetFrom(shop, from, owner.answer, 'taken-over'));
    await loginFrom(shop, freshAddress(), owner.email, owner.password).expect(200);
    expectError(await loginFrom(shop, freshAddress(), owner.email, 'taken-over'), 401);
  });

  it('lets the owner reset from a clean address while 30 addresses guess answers', async () => {
    const attackers = addresses(30);
    const answers: Response[] = [];
    for (let round = 1; round <= 5; round += 1) {
      answers.push(
        ...(await Promise.all(
          attackers.map((from) => resetFrom(shop, from, `guess-${round}`, 'taken-over')),
        )),
      );
    }
    for (const response of answers) expect([400, 429]).toContain(response.status);
    const checked = answers.filter((response) => response.status === 400).length;
    expect(checked).toBeLessThanOrEqual(PER_ACCOUNT + attackers.length);
    await resetFrom(shop, freshAddress(), owner.answer, 'my-new-secret').expect(200);
    await loginFrom(shop, freshAddress(), owner.email, 'my-new-secret').expect(200);
  });

  it('counts apart from logins', async () => {
    const from = freshAddress();
    for (let attempt = 1; attempt <= PER_PAIR; attempt += 1) {
      expectError(await loginFrom(shop, from, owner.email, `wrong-${attempt}`), 401);
    }
    await resetFrom(shop, from, owner.answer, 'secret456').expect(200);
  });
});

describe('registrations per address', () => {
  const shop = useTestShop({ env: { REGISTRATIONS_PER_ADDRESS: '3' } });

  it('refuses the 4th registration within the window and saves nothing for it', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await shop
        .http()
        .post('/api/v1/auth/register')
        .send({ ...owner, email: `new-${attempt}@example.in` })
        .expect(201);
    }
    const before = await shop.counts();
    const refused = await shop
      .http()
      .post('/api/v1/auth/register')
      .send({ ...owner, email: 'new-4@example.in' });
    expectTooMany(refused);
    expect(await shop.counts()).toEqual(before);
  });
});

// Each test makes a product and a checkout per attempt, up to 60 requests: room for a busy machine.
describe('declined checkouts', { timeout: 60_000 }, () => {
  const shop = useTestShop({
    env: {
      TRUST_PROXY: 'loopback',
      DECLINED_CHECKOUTS_PER_ACCOUNT: '5',
      DECLINED_CHECKOUTS_PER_ADDRESS: '10',
    },
    seed: true,
    eachTest: true,
  });

  const checkoutFrom = async (
    from: string,
    auth: { Authorization: string },
    card = DECLINED_CARD,
  ) => {
    const product = await stockedProduct(shop, 1);
    return shop
      .http()
      .post('/api/v1/product/checkout')
      .set('X-Forwarded-For', from)
      .set(auth)
      .send({ lines: [{ productId: String(product._id), quantity: 1 }], card });
  };

  it('caps 30 declined card attempts of one shopper at 5, with 429 and no order stored', async () => {
    const [buyer] = await newShoppers(shop, 1);
    const answers: Response[] = [];
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      answers.push(await checkoutFrom(freshAddress(), buyer.auth));
    }
    const statuses = answers.map((response) => response.status);
    expect(statuses.slice(0, 5)).toEqual([402, 402, 402, 402, 402]);
    for (const response of answers.slice(5)) {
      expectTooMany(response);
      expect(response.body.message).toMatch(/^Too many declined payments/);
    }
    expect((await shop.counts()).orders).toBe(5);
  });

  it('caps declines from one address over several shoppers at 10', async () => {
    const from = freshAddress();
    const shoppers = await newShoppers(shop, 3);
    const statuses: number[] = [];
    for (const buyer of shoppers) {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        statuses.push((await checkoutFrom(from, buyer.auth)).status);
      }
    }
    expect(statuses.filter((status) => status === 402)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
  });

  it('does not count paid checkouts', async () => {
    // More than both limits, all paid.
    const from = freshAddress();
    const [buyer] = await newShoppers(shop, 1);
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      expect((await checkoutFrom(from, buyer.auth, APPROVED_CARD)).status).toBe(201);
    }
  });
});

describe('the RateLimiter service', () => {
  const shop = useTestShop({
    env: { AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3', AUTH_RATE_LIMIT_WINDOW_MS: '60000' },
    eachTest: true,
  });
  let limiter: RateLimiter;
  beforeEach(() => {
    limiter = shop.app.get(RateLimiter);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const who = { account: 'ravi@example.in', address: '10.0.2.1' };
  const fail = () =>
    limiter
      .signIn('login', who, async () => null)
      .then(
        () => null,
        (error: unknown) => error,
      );

  it('lifts the limit once the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-01-01T10:00:00Z') });
    for (let attempt = 1; attempt <= 3; attempt += 1) expect(await fail()).toBe(null);
    const refused = await fail();
    expect(refused).toBeInstanceOf(ShopError);
    expect(refused).toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
      message: 'Too many failed attempts, please try again in 1 minute',
    });
    vi.setSystemTime(new Date('2025-01-01T10:01:01Z'));
    expect(await fail()).toBe(null);
  });

  it('gives the points back when the check itself breaks down', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await expect(
        limiter.signIn('login', who, () => Promise.reject(new Error('database down'))),
      ).rejects.toThrow('database down');
    }
    expect(await fail()).toBe(null);
  });
});

describe('TRUST_PROXY as .env.example documents it: left empty', () => {
  const shop = useTestShop({ env: { TRUST_PROXY: '' } });

  it('starts with TRUST_PROXY left empty', async () => {
    await shop.http().get('/healthz').expect(200);
  });
});

describe('TRUST_PROXY as .env.example documents it: one hop', () => {
  const shop = useShopBehindProxy({ TRUST_PROXY: '1' });

  it('with TRUST_PROXY=1 (one hop) counts clients behind the proxy apart', async () => {
    for (let attempt = 1; attempt <= PER_PAIR; attempt += 1) {
      expectError(await loginFrom(shop, '198.51.100.1', owner.email, `wrong-${attempt}`), 401);
    }
    expectTooMany(await loginFrom(shop, '198.51.100.1', owner.email, owner.password));
    await loginFrom(shop, '198.51.100.2', owner.email, owner.password).expect(200);
  });
});
