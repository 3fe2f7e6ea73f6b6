import type { NestExpressApplication } from '@nestjs/platform-express';
import { getConnectionToken } from '@nestjs/mongoose';
import { Connection } from 'mongoose';
import type { DestinationStream } from 'pino';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { createApp } from '../../src/app.factory';
import { AppConfig, LIMITS_OUT_OF_THE_WAY, loadConfig } from '../../src/config/config';
import { freePort } from './ports';
import { SeedService } from '../../src/seed/seed.service';
import { copyTemplate } from './template-databases';

export interface TestApp {
  app: NestExpressApplication;
  http: () => ReturnType<typeof request>;
  config: AppConfig;
  connection: Connection;
  /** The database's name, for another instance of the shop to share it. */
  database: string;
  /** Documents in each collection, to show a refused request changed nothing. */
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/**
 * What an operator must set for a production start: a secret and an administrator of their own
 * (the demo ones are refused), a payment gateway (here the demo one, said out loud) and an SMTP
 * server (here none: e-mail turned off, said out loud). With
 * SEED_DEMO=true add the shopper too.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DEMO_GATEWAY_IN_PRODUCTION: 'true',
  MAIL_OFF: 'true',
  JWT_SECRET: 'a-production-secret-that-is-at-least-32-characters',
  ADMIN_EMAIL: 'owner@bazaar.in',
  ADMIN_PASSWORD: 'Kesar-Mango-2026',
  SHOPPER_EMAIL: 'priya@bazaar.in',
  SHOPPER_PASSWORD: 'Alphonso-77',
};

export interface TestAppOptions {
  /** Share this database (another test app's) instead of a fresh one: a second instance. */
  database?: string;
  /** Called with the created app before it starts (before `onModuleInit` and start-up hooks). */
  beforeInit?: (app: NestExpressApplication) => void;
  /** Where its log lines go; the tests' shops log nothing unless LOG_LEVEL is set. */
  logs?: DestinationStream;
  /** Fills its database once the connection is open, before the app starts. */
  fill?: (connection: Connection) => Promise<void>;
}

/** A whole shop on a fresh database of the shared test server. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  // The shop listens, as the demo gateway it runs is spoken to over HTTP and sends its webhooks
  // back to it.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: tmpdir(),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-the-rules',
    PASSWORD_HASH_ROUNDS: '4',
    // Production logs by default; a test that reads the logs asks for them.
    LOG_LEVEL: 'silent',
    ...LIMITS_OUT_OF_THE_WAY,
    SEED_ON_EMPTY: 'false',
    // Set for a whole run by vitest.mongodb-path.config.mts, for every shop of it.
    DATABASE_STRATEGY: process.env.DATABASE_STRATEGY,
    ...env,
  });
  const database = options.database ?? `test_${randomBytes(6).toString('hex')}`;
  const app = await createApp(config, `${inject('mongoServerUri')}${database}`, {
    logs: options.logs,
  });
  const connection = app.get<Connection>(getConnectionToken());
  await options.fill?.(connection);
  options.beforeInit?.(app);
  await app.init();
  await app.listen(port, '127.0.0.1');
  return {
    app,
    config,
    connection,
    database,
    http: () => request(app.getHttpServer()),
    async counts() {
      const collections = ['users', 'categories', 'products', 'photo_uploads', 'orders'];
      const entries = await Promise.all(
        collections.map(async (name) => [name, await connection.collection(name).countDocuments()]),
      );
      return Object.fromEntries(entries);
    },
    async close() {
      // A test may have closed the connection itself (to see the shop without its database).
      if (connection.readyState === 1) await connection.dropDatabase();
      await app.close();
    },
  };
}

export interface Session {
  token: string;
  userId: string;
  auth: { Authorization: string };
}

export async function login(test: TestApp, email: string, password: string): Promise<Session> {
  const response = await test
    .http()
    .post('/api/v1/auth/login')
    .send({ email, password })
    .expect(200);
  return {
    token: response.body.token,
    userId: response.body.user._id,
    auth: { Authorization: response.body.token },
  };
}

const SEEDED_START_TIMEOUT_MS = 180_000;

/**
 * The settings that decide what the demo seed stores (accounts, password hashes, the change
 * log's length), and what a production shop needs to start at all (consent to the demo gateway,
 * e-mail turned off); the others leave its data alone.
 */
const SEEDING_SETTINGS =
  /^(NODE_ENV|JWT_SECRET|SEED_DEMO|PASSWORD_HASH_ROUNDS|ADMIN_|SHOPPER_|CHANGE_LOG_RETAIN|DEMO_GATEWAY_IN_PRODUCTION|MAIL_OFF)/;

/**
 * Fills a fresh database with what the demo seed stores under these settings: a copy of a
 * database seeded once per run by a shop of its own (then stopped), so the shop starting on it
 * finds the demo data as after a restart, and `seeded` has nothing left to add.
 */
function copyDemoData(env: Record<string, string> = {}) {
  const seeding = Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => SEEDING_SETTINGS.test(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const key = createHash('sha256').update(JSON.stringify(seeding)).digest('hex').slice(0, 12);
  return (connection: Connection) =>
    copyTemplate(connection, `demo_${key}`, async (database) => {
      const builder = await startTestApp(seeding, { database });
      try {
        await builder.app.get(SeedService).seed();
      } finally {
        await builder.app.close();
      }
    });
}

/** The demo data plus signed-in sessions of the admin and the shopper. */
export async function seeded(test: TestApp): Promise<{ admin: Session; shopper: Session }> {
  await test.app.get(SeedService).seed();
  const [admin, shopper] = await Promise.all([
    login(test, test.config.admin.email, test.config.admin.password),
    login(test, test.config.shopper.email, test.config.shopper.password),
  ]);
  return { admin, shopper };
}

export interface TestShopOptions {
  /** Settings on top of the test defaults of `startTestApp`. */
  env?: Record<string, string>;
  /** Load the demo catalogue and accounts, and sign in the admin and the shopper. */
  seed?: boolean;
  /** Work on this (already started) shop's database: a second instance of the same shop. */
  sharing?: TestApp;
  /** Called with the created app before it starts (before `onModuleInit` and start-up hooks). */
  beforeInit?: (app: NestExpressApplication) => void;
  /** A fresh shop for every test of the suite, instead of one shop for all of them. */
  eachTest?: boolean;
}

/** A test app that `useTestShop` starts and stops; seeded, it knows the demo sessions. */
export interface TestShop extends TestApp {
  /** The demo administrator, signed in (with `seed: true`). */
  readonly admin: Session;
  /** The demo shopper, signed in (with `seed: true`). */
  readonly shopper: Session;
}

/**
 * A shop for the tests of the surrounding suite: started before them (`beforeAll`, or
 * `beforeEach` with `eachTest`) and closed, its database dropped, after them. Its members
 * are read when a test or hook runs, so the returned object can be kept in a `const` at the
 * top of the suite and passed wherever a `TestApp` goes.
 */
export function useTestShop(options: TestShopOptions = {}): TestShop {
  let running: TestApp | undefined;
  let sessions: { admin: Session; shopper: Session } | undefined;

  const current = (): TestApp => {
    if (!running)
      throw new Error('The test shop runs only while a test or a hook of its suite runs');
    return running;
  };
  const signedIn = (who: 'admin' | 'shopper'): Session => {
    if (!sessions) throw new Error(`No ${who} session: useTestShop({ seed: true }) signs one in`);
    return sessions[who];
  };
  const start = async () => {
    running = await startTestApp(options.env, {
      database: options.sharing?.database,
      beforeInit: options.beforeInit,
      fill: options.seed && !options.sharing ? copyDemoData(options.env) : undefined,
    });
    if (options.seed) sessions = await seeded(running);
  };
  const stop = async () => {
    const stopping = running;
    running = undefined;
    sessions = undefined;
    await stopping?.close();
  };

  // The first seeded shop of a run may wait for the demo data to be made, pictures and all:
  // on a machine that has not yet kept their resized files, that takes a minute or more.
  const startTimeout = options.seed ? SEEDED_START_TIMEOUT_MS : undefined;
  if (options.eachTest) {
    beforeEach(start, startTimeout);
    afterEach(stop);
  } else {
    beforeAll(start, startTimeout);
    afterAll(stop);
  }

  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get connection() {
      return current().connection;
    },
    get database() {
      return current().database;
    },
    http: () => current().http(),
    counts: () => current().counts(),
    close: stop,
    get admin() {
      return signedIn('admin');
    },
    get shopper() {
      return signedIn('shopper');
    },
  };
}
