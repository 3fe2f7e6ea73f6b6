import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { isEmail } from 'class-validator';
import { type Language, MAX_QUANTITY, MIN_PASSWORD_LENGTH, TEXT_LIMITS } from '../shared/rules';
import { isCommonPassword } from './common-passwords';

/** The repository root, found from this file whether it runs from src/ or dist/. */
export const repoRoot = resolve(__dirname, '..', '..', '..');

export interface AppConfig {
  production: boolean;
  port: number;
  /**
   * The address the shop (and the metrics port) listens on; null listens on every address of
   * the machine, IPv6 and IPv4, as Node does by default.
   */
  host: string | null;
  mongodbUri: string | undefined;
  /**
   * How DatabaseEngine writes conditionally: `auto` as the server found at start serves best;
   * `mongodb` with one conditional query whatever the server, so that the embedded engine runs
   * the queries MongoDB is sent (docs/decisions/016-fuzz-and-the-mongodb-path.md).
   */
  databaseStrategy: DatabaseStrategy;
  dataDir: string;
  ferretdbBin: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  passwordHashRounds: number;
  rateLimits: RateLimits;
  graphql: {
    /** Whether the schema can be read over /graphql (the explorer and codegen from a URL need it). */
    introspection: boolean;
    /** Operation cost each client address may spend per window, without and with signing in. */
    costBudget: { anonymous: number; signedIn: number; windowMs: number };
  };
  /** Whether an empty database gets the administrator (and, with seedDemo, the demo data) at start. */
  seedOnEmpty: boolean;
  /** Whether seeding adds the demo catalogue and the demo shopper. */
  seedDemo: boolean;
  admin: SeededAccount;
  /** Seeded, and checked in production, only with seedDemo. */
  shopper: SeededAccount;
  brandName: string;
  /**
   * The brand's line and the shop's description (shop.config.json) in each language, for pages
   * crawlers read; English stands in for a Hindi one not written.
   */
  shopTexts: Record<Language, { tagline: string; description: string }>;
  /**
   * The shop's own address (`https://shop.example.in`, no trailing slash) for the absolute URLs
   * of canonical links, link previews and the sitemap; null takes each request's own.
   */
  publicUrl: string | null;
  /** Where the GraphQL schema is written at start (development only), or null. */
  schemaFile: string | null;
  /** Express's `trust proxy`: which proxies' X-Forwarded-For to believe for client addresses. */
  trustProxy: boolean | number | string;
  /** The built storefront (client/dist), served at / when it exists. */
  clientDir: string;
  /**
   * Orders left unsettled (or with stock not yet following a change) for `settleAfterMs`
   * are settled by recovery, which runs at start and every `everyMs`.
   */
  orderRecovery: { settleAfterMs: number; everyMs: number };
  /**
   * The shared change log (server/src/changes): each instance looks for other instances' writes
   * every `pollIntervalMs`, and the log keeps the latest `retain` entries.
   */
  changeLog: {
    pollIntervalMs: number;
    retain: number;
    /**
     * Tests only (CHANGE_LOG_CRASH_AFTER_WRITE, refused in production): the process kills itself
     * once a record is written and before its change is confirmed, to show no instance misses it.
     */
    crashAfterWrite: boolean;
  };
  /**
   * The catalogue's products and the order index kept in a file between starts
   * (server/src/changes/read-model-snapshots.ts), so a start reads the file and the change log
   * since, not every product and order: `file` null when off, written every `everyMs` while
   * the log moves, after a start that read everything, and at shutdown.
   */
  readModelSnapshots: { file: string | null; everyMs: number };
  /**
   * How far past its live data the server's heap may grow before a full collection, in percent
   * (V8's --heap-growing-percent); 0 leaves it to V8. See main.ts.
   */
  heapGrowthPercent: number;
  /**
   * Redis for the counters of every rate limit and budget, shared by all instances; null keeps
   * them in this process (one instance only: README, "Operations").
   */
  redisUrl: string | null;
  /** Log lines at `level` and above, as JSON or (development) readable lines. */
  logs: { level: LogLevel; format: 'json' | 'pretty' };
  /**
   * Where /metrics is served: on a port of its own (`port`), or on the shop's port to a
   * scraper with the bearer `token`; with neither, in the open outside production and not at
   * all in production. A token, when set, is asked for wherever it is served.
   */
  metrics: { port: number | null; token: string | null; served: boolean };
  /**
   * On SIGTERM: /readyz answers 503 at once and new connections are still taken for `delayMs`
   * (for a load balancer to notice), then requests under way get `graceMs` to finish.
   */
  shutdown: { delayMs: number; graceMs: number };
  /** How long the demo card processor takes to answer a charge, as a real one takes some. */
  demoCardDelayMs: number;
  /** A product with at least 1 and at most this many units is low in stock (0 turns it off). */
  lowStockThreshold: number;
  /** The payment gateway the shop speaks Razorpay's API to (README, "Payments: the gateway"). */
  paymentGateway: PaymentGatewayConfig;
  /** The demo gateway mounted at /demo-gateway, when `paymentGateway.name` is `demo`; else null. */
  demoGateway: DemoGatewayConfig | null;
  /** How the shop sends e-mail (README, "E-mail: what the shop sends, and how"). */
  mail: MailConfig;
  /** Resetting a forgotten password (README, "Accounts: a forgotten password"). */
  passwordReset: PasswordResetConfig;
}

export interface PasswordResetConfig {
  /** How long an e-mailed link works. */
  linkMs: number;
  /** Links asked for, whatever the address asked about: per account and per client address a `windowMs`. */
  linksPerAccount: number;
  linksPerAddress: number;
  windowMs: number;
  /** Whether the spec's security-question reset still works (not by default in production). */
  byQuestion: boolean;
}

/**
 * `smtp`: through SMTP_URL. `catcher`: through the local mail catcher the server starts beside
 * itself (development without SMTP_URL), whose web page shows what was sent. `off`: nothing is
 * written to the outbox or sent (MAIL_OFF=true; tests unless they give SMTP_URL; development
 * without the mail catcher built).
 */
export const MAIL_TRANSPORTS = ['smtp', 'catcher', 'off'] as const;
export type MailTransport = (typeof MAIL_TRANSPORTS)[number];

export interface MailConfig {
  transport: MailTransport;
  /** With `smtp`: smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), user and password in it. */
  smtpUrl: string | null;
  /** Why e-mail is off where one would expect it on (development without the mail catcher), or null. */
  offBecause: string | null;
  /** Who the shop's e-mail comes from. */
  from: { address: string; name: string };
  /** The mail catcher (Mailpit) started in development: its binary and ports. */
  catcher: { binary: string; smtpPort: number; webPort: number };
  /**
   * The outbox's worker looks for messages due every `pollMs`; a failed send is tried again
   * after `firstRetryMs`, then twice as long each time, and is given up as failed after
   * `maxTries`. A send claimed by an instance that stopped is taken over after `leaseMs`.
   */
  outbox: { pollMs: number; firstRetryMs: number; maxTries: number; leaseMs: number };
}

export const PAYMENT_GATEWAYS = ['demo', 'razorpay'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

export interface PaymentGatewayConfig {
  name: PaymentGatewayName;
  /** Where Razorpay's API is, without `/v1` or a trailing slash. */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  /** Signs the webhooks the gateway sends (X-Razorpay-Signature). */
  webhookSecret: string;
  /** How long one call to the gateway may take before it is given up. */
  timeoutMs: number;
}

export interface DemoGatewayConfig {
  /** Where it sends its webhooks: the shop's own webhook route unless told otherwise. */
  webhookUrl: string;
  /** How long a refund stays `pending` before it is `processed`. */
  refundDelayMs: number;
  /**
   * How long it takes to tell a payment's state (GET /v1/payments/:id): a gateway slow to
   * confirm a card, to try a checkout waiting on it (the shutdown test does).
   */
  confirmDelayMs: number;
  /** Whether its control API (for tests: approve, expire, hold webhooks) is served; never in production. */
  control: boolean;
}

/** Where the demo gateway is served, on the shop's own port. */
export const DEMO_GATEWAY_PATH = '/demo-gateway';

/**
 * The demo gateway's keys and webhook secret unless RAZORPAY_* give others: published values,
 * which is fine for a gateway that moves no money, and lets a test or a developer sign and check
 * its requests and webhooks by hand.
 */
export const DEMO_GATEWAY_KEYS = {
  keyId: 'rzp_test_demogateway',
  keySecret: 'demo-gateway-key-secret',
  webhookSecret: 'demo-gateway-webhook-secret',
} as const;

export const RAZORPAY_API_URL = 'https://api.razorpay.com';

export const DATABASE_STRATEGIES = ['auto', 'mongodb'] as const;
export type DatabaseStrategy = (typeof DATABASE_STRATEGIES)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface SeededAccount {
  email: string;
  password: string;
  /** The security answer for the password reset. */
  answer: string;
}

/** Attempts allowed within a window; README "Production: accounts, sessions, brute force". */
export interface RateLimits {
  windowMs: number;
  /** Wrong passwords at login, and wrong answers at forgot-password, each counted apart. */
  signIn: { perAccountAndAddress: number; perAccount: number; perAddress: number };
  /** Every registration counts, successful or not. */
  registrationsPerAddress: number;
  declinedCheckouts: { perAccount: number; perAddress: number; windowMs: number };
}

/** The documented demo accounts: for trying the shop, refused in production. */
export const DEMO_ACCOUNTS = {
  ADMIN: { email: 'admin@shop.local', password: 'admin123' },
  SHOPPER: { email: 'shopper@shop.local', password: 'shopper123' },
} as const;

/** The demo accounts' security answer, documented for development only. */
export const DEMO_ANSWER = 'cricket';

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** The shop's own texts (brand, contact details), kept in one file the client reads too. */
function shopTexts(): Pick<AppConfig, 'brandName' | 'shopTexts'> {
  const texts = JSON.parse(readFileSync(join(repoRoot, 'shop.config.json'), 'utf8')) as {
    brand: string;
    tagline: string;
    taglineHi?: string;
    description: string;
    descriptionHi?: string;
  };
  return {
    brandName: texts.brand,
    shopTexts: {
      en: { tagline: texts.tagline, description: texts.description },
      hi: {
        tagline: texts.taglineHi || texts.tagline,
        description: texts.descriptionHi || texts.description,
      },
    },
  };
}

/**
 * An http(s) origin: a path would be doubled by the paths appended to it, and a query or
 * credentials have no place in a link shown to everyone.
 */
function publicUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const refused = new ConfigError(
    `PUBLIC_URL must be the shop's address, http(s) without a path or query, such as https://shop.example.in; got "${raw}"`,
  );
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refused;
  }
  const onlyOrigin =
    url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!['http:', 'https:'].includes(url.protocol) || !onlyOrigin || /[?#]/.test(raw)) {
    throw refused;
  }
  return url.origin;
}

/** Empty or false: no proxy; true; a number of hops; or addresses/subnets as Express reads them. */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw.trim() === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (!/^[\w.:/, -]+$/.test(raw)) throw new ConfigError(`TRUST_PROXY is not valid: "${raw}"`);
  return raw;
}

/** HMAC-SHA256 wants a key of at least its 256-bit output; 32 bytes is the shortest we take. */
const MIN_SECRET_BYTES = 32;
/** What a token secret must carry at least, by secretBits's estimate. */
export const MIN_SECRET_BITS = 128;

/**
 * The bits a secret carries, estimated from how often each of its characters comes in it
 * (Shannon's entropy of its characters, times its length): 32 identical characters carry 0,
 * "passwordpassword..." 88, a random `openssl rand -base64 48` about 300. An estimate from the
 * text alone, so it overrates a secret made of words, and never underrates a random one much.
 */
export function secretBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    bits -= count * Math.log2(count / characters.length);
  }
  return bits;
}

/**
 * Development keeps one generated secret under DATA_DIR so tokens survive restarts;
 * production must be given one, since a secret made up per instance would not let
 * several instances accept each other's tokens, and one that can be guessed, since whoever
 * guesses it signs tokens for any account.
 */
function jwtSecret(env: Env, production: boolean, dataDir: string): string {
  const given = env.JWT_SECRET;
  if (given) {
    if (Buffer.byteLength(given) < MIN_SECRET_BYTES) {
      throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes`);
    }
    const bits = secretBits(given);
    if (production && bits < MIN_SECRET_BITS) {
      throw new ConfigError(
        `JWT_SECRET is too easily guessed: its characters carry about ${Math.floor(bits)} bits, ` +
          `at least ${MIN_SECRET_BITS} are needed (NODE_ENV=production). Make one with ` +
          '`openssl rand -base64 48`',
      );
    }
    return given;
  }
  if (production) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * An account the seed creates from `<ROLE>_EMAIL`, `<ROLE>_PASSWORD` and `<ROLE>_ANSWER`.
 * Development falls back to the documented demo account; production insists on the
 * operator's own, since the demo values are published and would hand the account over.
 * A production account without an answer gets a random one: nobody can reset it by answer.
 */
function seededAccount(env: Env, role: keyof typeof DEMO_ACCOUNTS, production: boolean) {
  const demo = DEMO_ACCOUNTS[role];
  const [emailVar, passwordVar, answerVar] = ['EMAIL', 'PASSWORD', 'ANSWER'].map(
    (field) => `${role}_${field}`,
  );
  const email = (env[emailVar] ?? '').trim().toLowerCase();
  const password = env[passwordVar] ?? '';
  const answer = (env[answerVar] ?? '').trim();
  const refuse = (message: string) => new ConfigError(`${message} (NODE_ENV=production)`);

  if (production && !email) throw refuse(`Set ${emailVar} to the account's own e-mail address`);
  if (production && email === demo.email) {
    throw refuse(`Set ${emailVar} to an address of your own, not the demo ${demo.email}`);
  }
  if (email && (!isEmail(email) || email.length > TEXT_LIMITS.email)) {
    throw new ConfigError(`${emailVar} must be an e-mail address, got "${email}"`);
  }
  if (production && !password) throw refuse(`Set ${passwordVar} to the account's password`);
  if (production && password === demo.password) {
    throw refuse(`Set ${passwordVar} to a password of your own, not the demo one`);
  }
  // The demo passwords are common ones; development keeps them.
  if (production && isCommonPassword(password)) {
    throw refuse(
      `${passwordVar} is among the 100,000 most common passwords, which are guessed first: set one of your own`,
    );
  }
  if (
    password &&
    (password.length < MIN_PASSWORD_LENGTH || password.length > TEXT_LIMITS.password)
  ) {
    throw new ConfigError(
      `${passwordVar} must be ${MIN_PASSWORD_LENGTH} to ${TEXT_LIMITS.password} characters long`,
    );
  }
  if (production && answer.toLowerCase() === DEMO_ANSWER) {
    throw refuse(`Set ${answerVar} to an answer of your own, or leave it empty for a random one`);
  }
  return {
    email: email || demo.email,
    password: password || demo.password,
    answer: answer || (production ? randomBytes(24).toString('base64url') : DEMO_ANSWER),
  };
}

const MAX_ATTEMPT_LIMIT = 1_000_000;
const MAX_COST_BUDGET = 1_000_000_000;

/**
 * Every per-address and per-account limit raised as far as it goes, for the tests and tools
 * that send many requests from one address on purpose (a test that checks a limit sets it lower).
 */
export const LIMITS_OUT_OF_THE_WAY: Record<string, string> = {
  ...Object.fromEntries(
    [
      'AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS',
      'AUTH_FAILURES_PER_ACCOUNT',
      'AUTH_FAILURES_PER_ADDRESS',
      'REGISTRATIONS_PER_ADDRESS',
      'DECLINED_CHECKOUTS_PER_ACCOUNT',
      'DECLINED_CHECKOUTS_PER_ADDRESS',
    ].map((name) => [name, String(MAX_ATTEMPT_LIMIT)]),
  ),
  GRAPHQL_COST_BUDGET_ANONYMOUS: String(MAX_COST_BUDGET),
  GRAPHQL_COST_BUDGET_SIGNED_IN: String(MAX_COST_BUDGET),
};

function rateLimits(env: Env): RateLimits {
  const count = (name: string, fallback: number) =>
    integer(env, name, fallback, 1, MAX_ATTEMPT_LIMIT);
  const window = (name: string, fallback: number) => integer(env, name, fallback, 1000, 86_400_000);
  return {
    windowMs: window('AUTH_RATE_LIMIT_WINDOW_MS', 15 * 60_000),
    signIn: {
      perAccountAndAddress: count('AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS', 5),
      perAccount: count('AUTH_FAILURES_PER_ACCOUNT', 20),
      perAddress: count('AUTH_FAILURES_PER_ADDRESS', 50),
    },
    registrationsPerAddress: count('REGISTRATIONS_PER_ADDRESS', 20),
    declinedCheckouts: {
      perAccount: count('DECLINED_CHECKOUTS_PER_ACCOUNT', 5),
      perAddress: count('DECLINED_CHECKOUTS_PER_ADDRESS', 10),
      windowMs: window('DECLINED_CHECKOUTS_WINDOW_MS', 60 * 60_000),
    },
  };
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** A crash on purpose, for the change log's fault tests; a production process never takes it. */
function crashAfterWrite(env: Env, production: boolean): boolean {
  const crash = flag(env, 'CHANGE_LOG_CRASH_AFTER_WRITE', false);
  if (crash && production) {
    throw new ConfigError('CHANGE_LOG_CRASH_AFTER_WRITE is for tests only; unset it in production');
  }
  return crash;
}

/** Tests are quiet unless asked; a person at a development server reads lines, not JSON. */
function logs(env: Env, production: boolean): AppConfig['logs'] {
  const development = !production && env.NODE_ENV !== 'test';
  return {
    level: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, env.NODE_ENV === 'test' ? 'silent' : 'info'),
    format: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'], development ? 'pretty' : 'json'),
  };
}

function metrics(env: Env, production: boolean): AppConfig['metrics'] {
  const port = env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 1, 65535) : null;
  const token = env.METRICS_TOKEN || null;
  if (token !== null && token.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  }
  return { port, token, served: port !== null || token !== null || !production };
}

/** The shop's own address as a person types it, for the log: localhost when it listens on all. */
export function localUrl(config: Pick<AppConfig, 'host' | 'port'>, path = ''): string {
  const everywhere = config.host === null || ['0.0.0.0', '::'].includes(config.host);
  const host = everywhere ? 'localhost' : config.host!;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${config.port}${path}`;
}

/** The shop's own address for the links of its e-mail: PUBLIC_URL, else where this server listens. */
export const shopOrigin = (config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>): string =>
  config.publicUrl ?? localUrl(config);

/** An IP address or a host name, without a port: what Node's listen takes as its host. */
function listenHost(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const given = raw.trim();
  if (
    isIP(given) === 0 &&
    !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(given)
  ) {
    throw new ConfigError(
      `HOST must be an address to listen on, such as 127.0.0.1, ::1, 0.0.0.0 or localhost (no port); got "${raw}"`,
    );
  }
  return given;
}

function redisUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (!/^rediss?:\/\/\S+$/.test(raw.trim())) {
    // Not echoed: the URL may hold the password.
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  }
  return raw.trim();
}

/** An http(s) base URL without query or fragment, its trailing slashes dropped. */
function baseUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // refused below
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    throw new ConfigError(`${name} must be an http(s) URL without a query, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * The shop's own address as seen from this machine, for calls it makes to itself (the demo
 * gateway's API and its webhooks): 127.0.0.1 when it listens on every address.
 */
export function ownUrl(config: Pick<AppConfig, 'host' | 'port'>, path = ''): string {
  const everywhere = config.host === null || ['0.0.0.0', '::'].includes(config.host);
  const host = everywhere ? '127.0.0.1' : config.host!;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${config.port}${path}`;
}

const RAZORPAY_SECRETS = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'];

/**
 * Razorpay needs all three of its secrets wherever it runs: a shop that could take a payment
 * but not hear of it (no webhook secret) would leave orders unsettled. Production takes the demo
 * gateway, which moves no money, only when told so (DEMO_GATEWAY_IN_PRODUCTION=true), so that a
 * shop never goes live taking orders nobody pays for.
 */
function paymentGateway(
  env: Env,
  production: boolean,
  own: Pick<AppConfig, 'host' | 'port'>,
): PaymentGatewayConfig {
  const name = oneOf(env, 'PAYMENT_GATEWAY', PAYMENT_GATEWAYS, 'demo');
  const timeoutMs = integer(env, 'RAZORPAY_TIMEOUT_MS', 15_000, 100, 120_000);
  if (name === 'razorpay') {
    const missing = RAZORPAY_SECRETS.filter((variable) => !env[variable]?.trim());
    if (missing.length > 0) {
      throw new ConfigError(
        `PAYMENT_GATEWAY=razorpay needs ${RAZORPAY_SECRETS.join(', ')}; ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set`,
      );
    }
    const keyId = env.RAZORPAY_KEY_ID!.trim();
    if (!/^rzp_(live|test)_\w+$/.test(keyId)) {
      throw new ConfigError(
        `RAZORPAY_KEY_ID must be a Razorpay key id (rzp_live_... or rzp_test_...), got "${keyId}"`,
      );
    }
    return {
      name,
      apiUrl: baseUrl(env, 'RAZORPAY_API_URL', RAZORPAY_API_URL),
      keyId,
      keySecret: env.RAZORPAY_KEY_SECRET!.trim(),
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!.trim(),
      timeoutMs,
    };
  }
  if (production && !flag(env, 'DEMO_GATEWAY_IN_PRODUCTION', false)) {
    throw new ConfigError(
      'The demo payment gateway takes no real money: set PAYMENT_GATEWAY=razorpay with ' +
        `${RAZORPAY_SECRETS.join(', ')}, or DEMO_GATEWAY_IN_PRODUCTION=true for a demonstration ` +
        '(NODE_ENV=production)',
    );
  }
  return {
    name,
    apiUrl: baseUrl(env, 'RAZORPAY_API_URL', ownUrl(own, DEMO_GATEWAY_PATH)),
    keyId: env.RAZORPAY_KEY_ID?.trim() || DEMO_GATEWAY_KEYS.keyId,
    keySecret: env.RAZORPAY_KEY_SECRET?.trim() || DEMO_GATEWAY_KEYS.keySecret,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET?.trim() || DEMO_GATEWAY_KEYS.webhookSecret,
    timeoutMs,
  };
}

/** The shop's webhook route, where the demo gateway posts unless DEMO_GATEWAY_WEBHOOK_URL says. */
export const PAYMENT_WEBHOOK_PATH = '/api/v1/payments/webhook';

function demoGateway(
  env: Env,
  production: boolean,
  gateway: PaymentGatewayConfig,
  own: Pick<AppConfig, 'host' | 'port'>,
): DemoGatewayConfig | null {
  if (gateway.name !== 'demo') {
    // Honoured by the demo gateway alone: a shop on real keys is never slowed on purpose.
    if (env.DEMO_GATEWAY_DELAY_MS?.trim()) {
      throw new ConfigError('DEMO_GATEWAY_DELAY_MS is for the demo gateway only; unset it');
    }
    return null;
  }
  return {
    webhookUrl: baseUrl(env, 'DEMO_GATEWAY_WEBHOOK_URL', ownUrl(own, PAYMENT_WEBHOOK_PATH)),
    refundDelayMs: integer(env, 'DEMO_GATEWAY_REFUND_DELAY_MS', 1000, 0, 600_000),
    confirmDelayMs: integer(env, 'DEMO_GATEWAY_DELAY_MS', 0, 0, 60_000),
    control: !production,
  };
}

/** Where `npm install` builds the mail catcher (scripts/install-tools.mjs). */
export const MAIL_CATCHER_BIN = join(repoRoot, '.tools', 'bin', 'mailpit');

/** Where the shop's e-mail comes from when MAIL_FROM does not say (development and tests). */
export const DEVELOPMENT_MAIL_FROM = 'orders@shop.local';

function mail(env: Env, production: boolean, brandName: string): MailConfig {
  const off = flag(env, 'MAIL_OFF', false);
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (off && smtpUrl) throw new ConfigError('MAIL_OFF=true and SMTP_URL are both set: unset one');
  if (smtpUrl) {
    let url: URL | null = null;
    try {
      url = new URL(smtpUrl);
    } catch {
      // refused just below
    }
    if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
      throw new ConfigError(
        'SMTP_URL must be an smtp:// or smtps:// address, such as smtps://user:password@smtp.example.in:465',
      );
    }
  }
  if (production && !off && !smtpUrl) {
    throw new ConfigError(
      "Set SMTP_URL to the shop's SMTP server (smtps://user:password@smtp.example.in:465), or " +
        'MAIL_OFF=true to send no e-mail at all (NODE_ENV=production)',
    );
  }
  const fromAddress = env.MAIL_FROM?.trim();
  if (production && smtpUrl && !fromAddress) {
    throw new ConfigError(
      "Set MAIL_FROM to the address the shop's e-mail comes from, one the SMTP server may send as (NODE_ENV=production)",
    );
  }
  if (fromAddress && !isEmail(fromAddress)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address, got "${fromAddress}"`);
  }
  const test = env.NODE_ENV === 'test';
  const catcherBinary = env.MAIL_CATCHER_BIN || MAIL_CATCHER_BIN;
  // Development without a mail catcher (no Go to build it) sends nothing, as the start says.
  const catcher = !off && !test && !production && existsSync(catcherBinary);
  return {
    transport: smtpUrl ? 'smtp' : catcher ? 'catcher' : 'off',
    smtpUrl,
    offBecause:
      smtpUrl || catcher || off || test || production
        ? null
        : `no mail catcher at ${catcherBinary}: npm install builds it when Go 1.26 or newer is installed; or set SMTP_URL`,
    from: {
      address: fromAddress || DEVELOPMENT_MAIL_FROM,
      name: env.MAIL_FROM_NAME?.trim() || brandName,
    },
    catcher: {
      binary: catcherBinary,
      smtpPort: integer(env, 'MAIL_CATCHER_SMTP_PORT', 1025, 0, 65535),
      webPort: integer(env, 'MAIL_CATCHER_WEB_PORT', 8025, 0, 65535),
    },
    outbox: {
      pollMs: integer(env, 'OUTBOX_POLL_MS', 2000, 10, 600_000),
      firstRetryMs: integer(env, 'OUTBOX_FIRST_RETRY_MS', 30_000, 10, 86_400_000),
      maxTries: integer(env, 'OUTBOX_MAX_TRIES', 8, 1, 100),
      leaseMs: integer(env, 'OUTBOX_LEASE_MS', 120_000, 100, 86_400_000),
    },
  };
}

export function loadConfig(env: Env = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const dataDirRaw = env.DATA_DIR || 'data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(process.cwd(), dataDirRaw);
  const seedDemo = flag(env, 'SEED_DEMO', !production);
  const own = { port: integer(env, 'PORT', 8080, 0, 65535), host: listenHost(env.HOST) };
  const gateway = paymentGateway(env, production, own);
  const texts = shopTexts();
  return {
    production,
    ...own,
    mongodbUri: env.MONGODB_URI || undefined,
    databaseStrategy: oneOf(env, 'DATABASE_STRATEGY', DATABASE_STRATEGIES, 'auto'),
    dataDir,
    ferretdbBin: env.FERRETDB_BIN || join(repoRoot, '.tools', 'bin', 'ferretdb-embedded'),
    jwtSecret: jwtSecret(env, production, dataDir),
    jwtExpiresIn: env.JWT_EXPIRES_IN || '7d',
    passwordHashRounds: integer(env, 'PASSWORD_HASH_ROUNDS', 10, 4, 15),
    rateLimits: rateLimits(env),
    graphql: {
      introspection: flag(env, 'GRAPHQL_INTROSPECTION', true),
      costBudget: {
        anonymous: integer(env, 'GRAPHQL_COST_BUDGET_ANONYMOUS', 100_000, 1, MAX_COST_BUDGET),
        signedIn: integer(env, 'GRAPHQL_COST_BUDGET_SIGNED_IN', 300_000, 1, MAX_COST_BUDGET),
        windowMs: integer(env, 'GRAPHQL_COST_BUDGET_WINDOW_MS', 60_000, 1000, 86_400_000),
      },
    },
    seedOnEmpty: flag(env, 'SEED_ON_EMPTY', true),
    seedDemo,
    admin: seededAccount(env, 'ADMIN', production),
    // Production checks the shopper only when it is to be seeded.
    shopper: seededAccount(env, 'SHOPPER', production && seedDemo),
    ...texts,
    publicUrl: publicUrl(env.PUBLIC_URL),
    trustProxy: trustProxy(env.TRUST_PROXY),
    clientDir: env.CLIENT_DIR || join(repoRoot, 'client', 'dist'),
    orderRecovery: {
      settleAfterMs: integer(env, 'ORDER_SETTLE_AFTER_MS', 2 * 60_000, 0, 86_400_000),
      everyMs: integer(env, 'ORDER_RECOVERY_INTERVAL_MS', 60_000, 100, 86_400_000),
    },
    changeLog: {
      // At most 1 s, so another instance's write is served everywhere well within 2 s.
      pollIntervalMs: integer(env, 'CHANGE_POLL_INTERVAL_MS', 250, 10, 1000),
      // Far more than the writes all instances can have under way at once (change-log.service.ts).
      retain: integer(env, 'CHANGE_LOG_RETAIN', 1000, 10, 1_000_000),
      crashAfterWrite: crashAfterWrite(env, production),
    },
    readModelSnapshots: {
      // On by default for the embedded engine, whose full read of 100,000 products takes most of
      // a minute; MongoDB reads them in a second or two, and is where writes by hand are likelier.
      file: flag(env, 'READ_MODEL_SNAPSHOTS', !env.MONGODB_URI && env.NODE_ENV !== 'test')
        ? join(dataDir, 'read-models.snapshot')
        : null,
      everyMs: integer(env, 'READ_MODEL_SNAPSHOT_EVERY_MS', 10 * 60_000, 1000, 86_400_000),
    },
    heapGrowthPercent: integer(env, 'HEAP_GROWTH_PERCENT', 20, 0, 1000),
    redisUrl: redisUrl(env.REDIS_URL),
    logs: logs(env, production),
    metrics: metrics(env, production),
    shutdown: {
      delayMs: integer(env, 'SHUTDOWN_DELAY_MS', 0, 0, 600_000),
      graceMs: integer(env, 'SHUTDOWN_GRACE_MS', 25_000, 0, 600_000),
    },
    demoCardDelayMs: integer(env, 'DEMO_CARD_DELAY_MS', 0, 0, 600_000),
    lowStockThreshold: integer(env, 'LOW_STOCK_THRESHOLD', 5, 0, MAX_QUANTITY),
    schemaFile: production || env.NODE_ENV === 'test' ? null : join(repoRoot, 'schema.graphql'),
    paymentGateway: gateway,
    demoGateway: demoGateway(env, production, gateway, own),
    mail: mail(env, production, texts.brandName),
    passwordReset: {
      linkMs: integer(env, 'PASSWORD_RESET_LINK_MINUTES', 30, 5, 24 * 60) * 60_000,
      linksPerAccount: integer(env, 'PASSWORD_RESET_LINKS_PER_ACCOUNT', 3, 1, MAX_ATTEMPT_LIMIT),
      linksPerAddress: integer(env, 'PASSWORD_RESET_LINKS_PER_ADDRESS', 20, 1, MAX_ATTEMPT_LIMIT),
      windowMs: integer(env, 'PASSWORD_RESET_WINDOW_MS', 60 * 60_000, 1000, 86_400_000),
      byQuestion: flag(env, 'SECURITY_QUESTION_RESET', !production),
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
