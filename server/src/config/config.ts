import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** The repository root, found from this file whether it runs from src/ or dist/. */
export const repoRoot = resolve(__dirname, '..', '..', '..');

export interface AppConfig {
  production: boolean;
  port: number;
  mongodbUri: string | undefined;
  dataDir: string;
  ferretdbBin: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  passwordHashRounds: number;
  authRateLimit: { max: number; windowMs: number };
  seedOnEmpty: boolean;
  admin: { email: string; password: string };
  shopper: { email: string; password: string };
  brandName: string;
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
}

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
function shopTexts(): { brand: string } {
  return JSON.parse(readFileSync(join(repoRoot, 'shop.config.json'), 'utf8')) as { brand: string };
}

/** Empty or false: no proxy; true; a number of hops; or addresses/subnets as Express reads them. */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw.trim() === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (!/^[\w.:/, -]+$/.test(raw)) throw new ConfigError(`TRUST_PROXY is not valid: "${raw}"`);
  return raw;
}

/**
 * Development keeps one generated secret under DATA_DIR so tokens survive restarts;
 * production must be given one, since a secret made up per instance would not let
 * several instances accept each other's tokens.
 */
function jwtSecret(env: Env, production: boolean, dataDir: string): string {
  const given = env.JWT_SECRET;
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
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

export function loadConfig(env: Env = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const dataDirRaw = env.DATA_DIR || 'data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(process.cwd(), dataDirRaw);
  return {
    production,
    port: integer(env, 'PORT', 8080, 0, 65535),
    mongodbUri: env.MONGODB_URI || undefined,
    dataDir,
    ferretdbBin: env.FERRETDB_BIN || join(repoRoot, '.tools', 'bin', 'ferretdb-embedded'),
    jwtSecret: jwtSecret(env, production, dataDir),
    jwtExpiresIn: env.JWT_EXPIRES_IN || '7d',
    passwordHashRounds: integer(env, 'PASSWORD_HASH_ROUNDS', 10, 4, 15),
    authRateLimit: {
      max: integer(env, 'AUTH_RATE_LIMIT_MAX', 20, 1, 1_000_000),
      windowMs: integer(env, 'AUTH_RATE_LIMIT_WINDOW_MS', 15 * 60_000, 1000, 86_400_000),
    },
    seedOnEmpty: flag(env, 'SEED_ON_EMPTY', true),
    admin: {
      email: (env.ADMIN_EMAIL || 'admin@shop.local').toLowerCase(),
      password: env.ADMIN_PASSWORD || 'admin123',
    },
    shopper: {
      email: (env.SHOPPER_EMAIL || 'shopper@shop.local').toLowerCase(),
      password: env.SHOPPER_PASSWORD || 'shopper123',
    },
    brandName: shopTexts().brand,
    trustProxy: trustProxy(env.TRUST_PROXY),
    clientDir: env.CLIENT_DIR || join(repoRoot, 'client', 'dist'),
    orderRecovery: {
      settleAfterMs: integer(env, 'ORDER_SETTLE_AFTER_MS', 2 * 60_000, 0, 86_400_000),
      everyMs: integer(env, 'ORDER_RECOVERY_INTERVAL_MS', 60_000, 100, 86_400_000),
    },
    schemaFile: production || env.NODE_ENV === 'test' ? null : join(repoRoot, 'schema.graphql'),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
