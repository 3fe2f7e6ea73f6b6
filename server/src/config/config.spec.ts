import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEMO_ANSWER,
  DEMO_GATEWAY_KEYS,
  loadConfig,
  localUrl,
  MIN_SECRET_BITS,
  secretBits,
} from './config';

/** What an operator sets for a safe production start; each test spoils one thing. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DEMO_GATEWAY_IN_PRODUCTION: 'true',
  MAIL_OFF: 'true',
  DATA_DIR: tmpdir(),
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  ADMIN_EMAIL: 'owner@bazaar.in',
  ADMIN_PASSWORD: 'Kesar-Mango-2026',
};

const DEVELOPMENT = { NODE_ENV: 'development', DATA_DIR: tmpdir() };

function refusal(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('loadConfig in production', () => {
  it('starts with the operator’s own administrator and no demo data', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.admin).toMatchObject({ email: 'owner@bazaar.in', password: 'Kesar-Mango-2026' });
    expect(config.seedDemo).toBe(false);
  });

  it('gives the administrator a random security answer unless one is set', () => {
    const first = loadConfig(PRODUCTION).admin.answer;
    const second = loadConfig(PRODUCTION).admin.answer;
    expect(first).not.toBe(DEMO_ANSWER);
    expect(first.length).toBeGreaterThanOrEqual(24);
    expect(second).not.toBe(first);
    expect(loadConfig({ ...PRODUCTION, ADMIN_ANSWER: ' Kabaddi ' }).admin.answer).toBe('Kabaddi');
  });

  it.each([
    ['ADMIN_EMAIL unset', { ADMIN_EMAIL: undefined }, 'ADMIN_EMAIL'],
    ['ADMIN_EMAIL empty', { ADMIN_EMAIL: '' }, 'ADMIN_EMAIL'],
    ['ADMIN_EMAIL the demo one', { ADMIN_EMAIL: 'Admin@Shop.Local' }, 'ADMIN_EMAIL'],
    ['ADMIN_EMAIL not an address', { ADMIN_EMAIL: 'owner' }, 'ADMIN_EMAIL'],
    ['ADMIN_PASSWORD unset', { ADMIN_PASSWORD: undefined }, 'ADMIN_PASSWORD'],
    ['ADMIN_PASSWORD the demo one', { ADMIN_PASSWORD: 'admin123' }, 'ADMIN_PASSWORD'],
    [
      'ADMIN_PASSWORD shorter than the register rule',
      { ADMIN_PASSWORD: 'abc12' },
      'ADMIN_PASSWORD',
    ],
    [
      'ADMIN_PASSWORD longer than the register rule',
      { ADMIN_PASSWORD: 'x'.repeat(129) },
      'ADMIN_PASSWORD',
    ],
    ['ADMIN_ANSWER the demo one', { ADMIN_ANSWER: ' Cricket' }, 'ADMIN_ANSWER'],
    [
      'ADMIN_PASSWORD=password, among the most common',
      { ADMIN_PASSWORD: 'password' },
      'ADMIN_PASSWORD',
    ],
    ['ADMIN_PASSWORD a common one capitalised', { ADMIN_PASSWORD: 'Sunshine1' }, 'ADMIN_PASSWORD'],
    ['JWT_SECRET unset', { JWT_SECRET: undefined }, 'JWT_SECRET'],
    ['JWT_SECRET of 31 bytes', { JWT_SECRET: 'k7#Qz9!mB2$vL8@pX4&nR6*tY1^wE3%' }, 'JWT_SECRET'],
    ['JWT_SECRET of 32 identical characters', { JWT_SECRET: 'a'.repeat(32) }, 'JWT_SECRET'],
    ['JWT_SECRET of a word repeated', { JWT_SECRET: 'password'.repeat(4) }, 'JWT_SECRET'],
    ['JWT_SECRET of two characters in turn', { JWT_SECRET: 'ab'.repeat(40) }, 'JWT_SECRET'],
    ['JWT_SECRET of a short run repeated', { JWT_SECRET: 'abcd1234'.repeat(4) }, 'JWT_SECRET'],
  ])('refuses to start with %s, naming %s', (_case, change, variable) => {
    const error = refusal({ ...PRODUCTION, ...change });
    expect(error.message).toContain(variable);
  });

  it('says how much a weak JWT_SECRET carries, what is needed and how to make one', () => {
    expect(refusal({ ...PRODUCTION, JWT_SECRET: 'x'.repeat(32) }).message).toBe(
      'JWT_SECRET is too easily guessed: its characters carry about 0 bits, at least 128 are ' +
        'needed (NODE_ENV=production). Make one with `openssl rand -base64 48`',
    );
    expect(refusal({ ...PRODUCTION, ADMIN_PASSWORD: 'password' }).message).toBe(
      'ADMIN_PASSWORD is among the 100,000 most common passwords, which are guessed first: set ' +
        'one of your own (NODE_ENV=production)',
    );
  });

  it.each([
    ['openssl rand -base64 48', randomBytes(48).toString('base64')],
    ['openssl rand -hex 32', randomBytes(32).toString('hex')],
    ['a long phrase of its own', 'Kesar mango lassi at the Chandni Chowk corner, 7 pm sharp!'],
  ])('takes a JWT_SECRET made by %s', (_case, secret) => {
    expect(loadConfig({ ...PRODUCTION, JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('estimates a secret’s bits from how often each character comes in it', () => {
    expect(secretBits('a'.repeat(32))).toBe(0);
    expect(secretBits('ab'.repeat(16))).toBe(32);
    expect(secretBits('0123456789abcdef'.repeat(2))).toBe(128);
    // The shortest secret taken: 32 characters, all different, carry 160 bits.
    expect(secretBits('0123456789abcdefghijklmnopqrstuv')).toBe(160);
    // Random secrets of the recommended kinds clear the bar whatever they come out as.
    for (let run = 0; run < 200; run += 1) {
      expect(secretBits(randomBytes(48).toString('base64'))).toBeGreaterThan(MIN_SECRET_BITS * 2);
      expect(secretBits(randomBytes(32).toString('hex'))).toBeGreaterThan(MIN_SECRET_BITS);
    }
  });

  it('keeps a weak JWT_SECRET of 32 bytes or more outside production', () => {
    expect(loadConfig({ ...DEVELOPMENT, JWT_SECRET: 'a'.repeat(32) }).jwtSecret).toBe(
      'a'.repeat(32),
    );
    expect(refusal({ ...DEVELOPMENT, JWT_SECRET: 'a'.repeat(31) }).message).toContain('32 bytes');
  });

  it('ignores the shopper unless the demo is to be seeded', () => {
    expect(() => loadConfig({ ...PRODUCTION, SHOPPER_PASSWORD: 'shopper123' })).not.toThrow();
  });

  it.each([
    ['SHOPPER_EMAIL unset', {}, 'SHOPPER_EMAIL'],
    [
      'SHOPPER_PASSWORD the demo one',
      { SHOPPER_EMAIL: 'priya@bazaar.in', SHOPPER_PASSWORD: 'shopper123' },
      'SHOPPER_PASSWORD',
    ],
    [
      'SHOPPER_PASSWORD too short',
      { SHOPPER_EMAIL: 'priya@bazaar.in', SHOPPER_PASSWORD: 'pri' },
      'SHOPPER_PASSWORD',
    ],
    [
      'SHOPPER_ANSWER the demo one',
      {
        SHOPPER_EMAIL: 'priya@bazaar.in',
        SHOPPER_PASSWORD: 'Alphonso-77',
        SHOPPER_ANSWER: 'cricket',
      },
      'SHOPPER_ANSWER',
    ],
  ])('with SEED_DEMO=true refuses %s, naming %s', (_case, change, variable) => {
    const error = refusal({ ...PRODUCTION, SEED_DEMO: 'true', ...change });
    expect(error.message).toContain(variable);
  });

  it('seeds the demo with SEED_DEMO=true and a shopper of the operator’s own', () => {
    const config = loadConfig({
      ...PRODUCTION,
      SEED_DEMO: 'true',
      SHOPPER_EMAIL: 'priya@bazaar.in',
      SHOPPER_PASSWORD: 'Alphonso-77',
    });
    expect(config.seedDemo).toBe(true);
    expect(config.shopper.email).toBe('priya@bazaar.in');
    expect(config.shopper.answer).not.toBe(DEMO_ANSWER);
  });
});

describe('loadConfig in development', () => {
  it('keeps the documented demo accounts and answer, and seeds the demo', () => {
    const config = loadConfig(DEVELOPMENT);
    expect(config.seedDemo).toBe(true);
    expect(config.admin).toEqual({
      email: 'admin@shop.local',
      password: 'admin123',
      answer: DEMO_ANSWER,
    });
    expect(config.shopper).toEqual({
      email: 'shopper@shop.local',
      password: 'shopper123',
      answer: DEMO_ANSWER,
    });
  });

  it('takes accounts from the environment, and still refuses a password the shop would not', () => {
    const config = loadConfig({
      ...DEVELOPMENT,
      ADMIN_EMAIL: 'Me@Example.in',
      ADMIN_ANSWER: 'chess',
    });
    expect(config.admin).toMatchObject({ email: 'me@example.in', answer: 'chess' });
    expect(refusal({ ...DEVELOPMENT, SHOPPER_PASSWORD: 'short' }).message).toContain(
      'SHOPPER_PASSWORD',
    );
  });
});

describe('loadConfig rate limits', () => {
  it('has bounded defaults: a small pair limit under a larger account limit', () => {
    const { rateLimits } = loadConfig(DEVELOPMENT);
    expect(rateLimits.signIn.perAccountAndAddress).toBe(5);
    expect(rateLimits.signIn.perAccount).toBe(20);
    expect(rateLimits.signIn.perAddress).toBe(50);
    expect(rateLimits.windowMs).toBe(15 * 60_000);
    expect(rateLimits.declinedCheckouts).toEqual({
      perAccount: 5,
      perAddress: 10,
      windowMs: 3_600_000,
    });
  });

  it('reads each limit from its variable and refuses nonsense', () => {
    const { rateLimits } = loadConfig({
      ...DEVELOPMENT,
      AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3',
      DECLINED_CHECKOUTS_PER_ADDRESS: '7',
    });
    expect(rateLimits.signIn.perAccountAndAddress).toBe(3);
    expect(rateLimits.declinedCheckouts.perAddress).toBe(7);
    expect(refusal({ ...DEVELOPMENT, AUTH_FAILURES_PER_ACCOUNT: '0' }).message).toContain(
      'AUTH_FAILURES_PER_ACCOUNT',
    );
    expect(refusal({ ...DEVELOPMENT, REGISTRATIONS_PER_ADDRESS: 'many' }).message).toContain(
      'REGISTRATIONS_PER_ADDRESS',
    );
  });
});

describe('loadConfig read model snapshots', () => {
  it('keeps them under DATA_DIR on the embedded engine, every 10 minutes', () => {
    expect(loadConfig(DEVELOPMENT).readModelSnapshots).toEqual({
      file: join(tmpdir(), 'read-models.snapshot'),
      everyMs: 600_000,
    });
  });

  it('keeps none on MongoDB or in tests unless READ_MODEL_SNAPSHOTS asks', () => {
    const mongo = { ...DEVELOPMENT, MONGODB_URI: 'mongodb://db/shop' };
    expect(loadConfig(mongo).readModelSnapshots.file).toBeNull();
    expect(loadConfig({ ...DEVELOPMENT, NODE_ENV: 'test' }).readModelSnapshots.file).toBeNull();
    expect(
      loadConfig({ ...mongo, READ_MODEL_SNAPSHOTS: 'true' }).readModelSnapshots.file,
    ).toContain('read-models.snapshot');
    expect(
      loadConfig({ ...DEVELOPMENT, READ_MODEL_SNAPSHOTS: 'false' }).readModelSnapshots.file,
    ).toBeNull();
  });

  it('refuses an interval under a second', () => {
    expect(refusal({ ...DEVELOPMENT, READ_MODEL_SNAPSHOT_EVERY_MS: '999' }).message).toContain(
      'READ_MODEL_SNAPSHOT_EVERY_MS',
    );
  });
});

describe('loadConfig change log', () => {
  it('looks for other instances’ changes every 250 ms and keeps the latest 1,000', () => {
    expect(loadConfig(DEVELOPMENT).changeLog).toEqual({
      pollIntervalMs: 250,
      retain: 1000,
      crashAfterWrite: false,
    });
  });

  it('reads CHANGE_POLL_INTERVAL_MS and CHANGE_LOG_RETAIN, refusing values out of range', () => {
    const { changeLog } = loadConfig({
      ...DEVELOPMENT,
      CHANGE_POLL_INTERVAL_MS: '100',
      CHANGE_LOG_RETAIN: '50',
    });
    expect(changeLog).toEqual({ pollIntervalMs: 100, retain: 50, crashAfterWrite: false });
    for (const interval of ['0', '1001', 'soon']) {
      expect(refusal({ ...DEVELOPMENT, CHANGE_POLL_INTERVAL_MS: interval }).message).toContain(
        'CHANGE_POLL_INTERVAL_MS',
      );
    }
    expect(refusal({ ...DEVELOPMENT, CHANGE_LOG_RETAIN: '9' }).message).toContain(
      'CHANGE_LOG_RETAIN',
    );
  });

  it('takes the crash of the fault tests outside production only, and refuses it there', () => {
    const crash = { CHANGE_LOG_CRASH_AFTER_WRITE: 'true' };
    expect(loadConfig({ ...DEVELOPMENT, ...crash }).changeLog.crashAfterWrite).toBe(true);
    expect(refusal({ ...PRODUCTION, ...crash }).message).toBe(
      'CHANGE_LOG_CRASH_AFTER_WRITE is for tests only; unset it in production',
    );
  });
});

describe('loadConfig heap growth', () => {
  it('lets the heap grow 20% past its live data unless HEAP_GROWTH_PERCENT says otherwise', () => {
    expect(loadConfig(DEVELOPMENT).heapGrowthPercent).toBe(20);
    expect(loadConfig({ ...DEVELOPMENT, HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    for (const percent of ['-1', '1001', 'lots']) {
      expect(refusal({ ...DEVELOPMENT, HEAP_GROWTH_PERCENT: percent }).message).toContain(
        'HEAP_GROWTH_PERCENT',
      );
    }
  });
});

describe('loadConfig low stock threshold', () => {
  it('calls 1 to 5 units low in stock unless LOW_STOCK_THRESHOLD says otherwise', () => {
    expect(loadConfig(DEVELOPMENT).lowStockThreshold).toBe(5);
    expect(loadConfig({ ...DEVELOPMENT, LOW_STOCK_THRESHOLD: '12' }).lowStockThreshold).toBe(12);
    expect(loadConfig({ ...DEVELOPMENT, LOW_STOCK_THRESHOLD: '0' }).lowStockThreshold).toBe(0);
  });

  it.each(['-1', '2.5', 'few', '1000001'])(
    'refuses to start with LOW_STOCK_THRESHOLD=%s',
    (given) => {
      expect(refusal({ ...DEVELOPMENT, LOW_STOCK_THRESHOLD: given }).message).toContain(
        'LOW_STOCK_THRESHOLD',
      );
    },
  );
});

describe('loadConfig password reset', () => {
  it('keeps the security question outside production and not in it, unless told', () => {
    expect(loadConfig(DEVELOPMENT).passwordReset.byQuestion).toBe(true);
    expect(loadConfig(PRODUCTION).passwordReset.byQuestion).toBe(false);
    const kept = loadConfig({ ...PRODUCTION, SECURITY_QUESTION_RESET: 'true' });
    expect(kept.passwordReset.byQuestion).toBe(true);
    const dropped = loadConfig({ ...DEVELOPMENT, SECURITY_QUESTION_RESET: 'false' });
    expect(dropped.passwordReset.byQuestion).toBe(false);
  });

  it('makes links work 30 minutes, 3 an hour per account and 20 per client address', () => {
    expect(loadConfig(DEVELOPMENT).passwordReset).toMatchObject({
      linkMs: 30 * 60_000,
      linksPerAccount: 3,
      linksPerAddress: 20,
      windowMs: 60 * 60_000,
    });
    const longer = loadConfig({ ...DEVELOPMENT, PASSWORD_RESET_LINK_MINUTES: '60' });
    expect(longer.passwordReset.linkMs).toBe(60 * 60_000);
  });

  it.each([
    ['PASSWORD_RESET_LINK_MINUTES', '4'],
    ['PASSWORD_RESET_LINK_MINUTES', '1441'],
    ['PASSWORD_RESET_LINKS_PER_ACCOUNT', '0'],
    ['SECURITY_QUESTION_RESET', 'perhaps'],
  ])('refuses to start with %s=%s', (name, given) => {
    expect(refusal({ ...DEVELOPMENT, [name]: given }).message).toContain(name);
  });
});

describe('loadConfig public URL', () => {
  it('is unset unless PUBLIC_URL is given: links take each request’s own host', () => {
    expect(loadConfig(DEVELOPMENT).publicUrl).toBeNull();
    expect(loadConfig({ ...DEVELOPMENT, PUBLIC_URL: ' ' }).publicUrl).toBeNull();
  });

  it.each([
    ['https://shop.example.in', 'https://shop.example.in'],
    ['https://shop.example.in/', 'https://shop.example.in'],
    ['HTTPS://Shop.Example.IN:443/', 'https://shop.example.in'],
    ['http://localhost:8080', 'http://localhost:8080'],
  ])('keeps %s as the origin %s', (given, origin) => {
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: given }).publicUrl).toBe(origin);
  });

  it.each([
    'shop.example.in',
    'ftp://shop.example.in',
    'https://shop.example.in/shop',
    'https://shop.example.in/?ref=1',
    'https://shop.example.in/#top',
    'https://owner:secret@shop.example.in',
    'https://',
  ])('refuses to start with PUBLIC_URL=%s', (given) => {
    const error = refusal({ ...PRODUCTION, PUBLIC_URL: given });
    expect(error.message).toContain('PUBLIC_URL');
    expect(error.message).toContain('https://shop.example.in');
  });
});

describe('loadConfig listen address', () => {
  it('listens on every address unless HOST is set, as before', () => {
    expect(loadConfig(DEVELOPMENT).host).toBeNull();
    expect(loadConfig({ ...DEVELOPMENT, HOST: ' ' }).host).toBeNull();
    expect(localUrl(loadConfig(DEVELOPMENT))).toBe('http://localhost:8080');
  });

  it.each([
    ['127.0.0.1', 'http://127.0.0.1:8080'],
    ['::1', 'http://[::1]:8080'],
    ['0.0.0.0', 'http://localhost:8080'],
    ['::', 'http://localhost:8080'],
    ['localhost', 'http://localhost:8080'],
    ['shop-1.internal', 'http://shop-1.internal:8080'],
  ])('takes HOST=%s, shown in the log as %s', (given, url) => {
    const config = loadConfig({ ...PRODUCTION, HOST: given });
    expect(config.host).toBe(given);
    expect(localUrl(config)).toBe(url);
  });

  it.each(['127.0.0.1:8080', 'http://localhost', 'shop example', '-shop', '[::1]'])(
    'refuses to start with HOST=%s, naming HOST',
    (given) => {
      const error = refusal({ ...DEVELOPMENT, HOST: given });
      expect(error.message).toContain('HOST');
      expect(error.message).toContain('127.0.0.1');
    },
  );
});

describe('loadConfig payment gateway', () => {
  const RAZORPAY = {
    PAYMENT_GATEWAY: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_live_Abc123Def456Gh',
    RAZORPAY_KEY_SECRET: 'a-razorpay-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret',
  };

  it('is the demo gateway on the shop’s own port outside production, with its published keys', () => {
    const config = loadConfig({ ...DEVELOPMENT, PORT: '9123' });
    expect(config.paymentGateway).toEqual({
      name: 'demo',
      apiUrl: 'http://127.0.0.1:9123/demo-gateway',
      ...DEMO_GATEWAY_KEYS,
      timeoutMs: 15_000,
    });
    expect(config.demoGateway).toEqual({
      webhookUrl: 'http://127.0.0.1:9123/api/v1/payments/webhook',
      refundDelayMs: 1000,
      confirmDelayMs: 0,
      control: true,
    });
  });

  it('calls the demo gateway on the address the shop listens on, and takes settings for it', () => {
    const config = loadConfig({
      ...DEVELOPMENT,
      HOST: '::1',
      PORT: '9124',
      RAZORPAY_WEBHOOK_SECRET: 'my-own-demo-secret',
      DEMO_GATEWAY_WEBHOOK_URL: 'http://127.0.0.1:5000/hooks/',
      DEMO_GATEWAY_REFUND_DELAY_MS: '0',
      DEMO_GATEWAY_DELAY_MS: '250',
    });
    expect(config.paymentGateway.apiUrl).toBe('http://[::1]:9124/demo-gateway');
    expect(config.paymentGateway.webhookSecret).toBe('my-own-demo-secret');
    expect(config.demoGateway).toMatchObject({
      webhookUrl: 'http://127.0.0.1:5000/hooks',
      refundDelayMs: 0,
      confirmDelayMs: 250,
    });
  });

  it('slows the demo gateway by DEMO_GATEWAY_DELAY_MS up to a minute, and refuses it with Razorpay', () => {
    for (const wrong of ['-1', '60001', 'soon']) {
      expect(refusal({ ...DEVELOPMENT, DEMO_GATEWAY_DELAY_MS: wrong }).message).toContain(
        'DEMO_GATEWAY_DELAY_MS',
      );
    }
    const error = refusal({
      ...PRODUCTION,
      ...RAZORPAY,
      DEMO_GATEWAY_IN_PRODUCTION: undefined,
      DEMO_GATEWAY_DELAY_MS: '4000',
    });
    expect(error.message).toContain('DEMO_GATEWAY_DELAY_MS');
  });

  it('speaks to Razorpay with its keys, and serves no demo gateway', () => {
    const config = loadConfig({
      ...PRODUCTION,
      ...RAZORPAY,
      DEMO_GATEWAY_IN_PRODUCTION: undefined,
    });
    expect(config.paymentGateway).toEqual({
      name: 'razorpay',
      apiUrl: 'https://api.razorpay.com',
      keyId: RAZORPAY.RAZORPAY_KEY_ID,
      keySecret: RAZORPAY.RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY.RAZORPAY_WEBHOOK_SECRET,
      timeoutMs: 15_000,
    });
    expect(config.demoGateway).toBeNull();
    const elsewhere = loadConfig({
      ...DEVELOPMENT,
      ...RAZORPAY,
      RAZORPAY_API_URL: 'http://x.test/',
    });
    expect(elsewhere.paymentGateway.apiUrl).toBe('http://x.test');
  });

  it('refuses the demo gateway in production unless DEMO_GATEWAY_IN_PRODUCTION=true', () => {
    for (const unset of [undefined, '', 'false']) {
      const error = refusal({ ...PRODUCTION, DEMO_GATEWAY_IN_PRODUCTION: unset });
      expect(error.message).toContain('DEMO_GATEWAY_IN_PRODUCTION=true');
      expect(error.message).toContain('PAYMENT_GATEWAY=razorpay');
    }
    const demo = loadConfig(PRODUCTION);
    expect(demo.paymentGateway.name).toBe('demo');
    // A demonstration in production: the payer page, but never the control API.
    expect(demo.demoGateway).toMatchObject({ control: false });
  });

  it.each(['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'])(
    'refuses Razorpay without %s, in production and out of it',
    (name) => {
      for (const base of [PRODUCTION, DEVELOPMENT]) {
        for (const missing of [undefined, '', '  ']) {
          const error = refusal({ ...base, ...RAZORPAY, [name]: missing });
          expect(error.message).toContain(`${name} is not set`);
        }
      }
    },
  );

  it('names every secret missing at once', () => {
    const error = refusal({ ...PRODUCTION, PAYMENT_GATEWAY: 'razorpay' });
    expect(error.message).toContain(
      'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET are not set',
    );
  });

  it.each([
    [{ PAYMENT_GATEWAY: 'stripe' }, 'PAYMENT_GATEWAY'],
    [{ ...RAZORPAY, RAZORPAY_KEY_ID: 'a-key-secret-by-mistake' }, 'RAZORPAY_KEY_ID'],
    [{ ...RAZORPAY, RAZORPAY_API_URL: 'api.razorpay.com' }, 'RAZORPAY_API_URL'],
    [{ ...RAZORPAY, RAZORPAY_API_URL: 'ftp://api.razorpay.com' }, 'RAZORPAY_API_URL'],
    [{ RAZORPAY_TIMEOUT_MS: '0' }, 'RAZORPAY_TIMEOUT_MS'],
    [{ DEMO_GATEWAY_WEBHOOK_URL: 'http://x.test/?a=1' }, 'DEMO_GATEWAY_WEBHOOK_URL'],
    [{ DEMO_GATEWAY_REFUND_DELAY_MS: 'soon' }, 'DEMO_GATEWAY_REFUND_DELAY_MS'],
  ])('refuses %o, naming %s', (given, name) => {
    expect(refusal({ ...DEVELOPMENT, ...given }).message).toContain(name);
  });
});

describe('e-mail settings', () => {
  const SMTP = {
    SMTP_URL: 'smtps://shop:secret@smtp.example.in:465',
    MAIL_FROM: 'orders@bazaar.in',
  };
  const noCatcher = { MAIL_CATCHER_BIN: join(tmpdir(), 'no-mail-catcher-here') };

  it('refuses production without an SMTP server unless e-mail is turned off, naming both', () => {
    const error = refusal({ ...PRODUCTION, MAIL_OFF: undefined });
    expect(error.message).toContain('SMTP_URL');
    expect(error.message).toContain('MAIL_OFF=true');
    expect(loadConfig(PRODUCTION).mail.transport).toBe('off');
    const sending = loadConfig({ ...PRODUCTION, MAIL_OFF: undefined, ...SMTP }).mail;
    expect(sending).toMatchObject({
      transport: 'smtp',
      smtpUrl: SMTP.SMTP_URL,
      from: { address: 'orders@bazaar.in', name: 'Bazaar' },
    });
  });

  it('refuses production SMTP without MAIL_FROM, and a MAIL_FROM that is no address anywhere', () => {
    const withoutFrom = { ...PRODUCTION, MAIL_OFF: undefined, SMTP_URL: SMTP.SMTP_URL };
    expect(refusal(withoutFrom).message).toContain('MAIL_FROM');
    expect(refusal({ ...DEVELOPMENT, MAIL_FROM: 'orders' }).message).toContain('MAIL_FROM');
  });

  it.each(['mail.example.in', 'http://mail.example.in', 'smtp://', 'not a url'])(
    'refuses SMTP_URL %s',
    (url) => {
      expect(refusal({ ...DEVELOPMENT, SMTP_URL: url }).message).toContain('smtp:// or smtps://');
    },
  );

  it('refuses MAIL_OFF=true with SMTP_URL: one of them is a mistake', () => {
    expect(refusal({ ...DEVELOPMENT, ...SMTP, MAIL_OFF: 'true' }).message).toContain('unset one');
  });

  it('sends to the mail catcher in development when it is built, and nothing in tests', () => {
    // Any file that exists stands for a built one.
    const built = process.execPath;
    expect(loadConfig({ ...DEVELOPMENT, MAIL_CATCHER_BIN: built }).mail).toMatchObject({
      transport: 'catcher',
      catcher: { binary: built, smtpPort: 1025, webPort: 8025 },
    });
    // Said at start: e-mail is off, and why.
    expect(loadConfig({ ...DEVELOPMENT, ...noCatcher }).mail).toMatchObject({
      transport: 'off',
      offBecause: expect.stringContaining('npm install builds it'),
    });
    expect(
      loadConfig({ ...DEVELOPMENT, MAIL_CATCHER_BIN: built, MAIL_OFF: 'true' }).mail.transport,
    ).toBe('off');
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), MAIL_CATCHER_BIN: built }).mail.transport,
    ).toBe('off');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), ...SMTP }).mail.transport).toBe(
      'smtp',
    );
  });
});
