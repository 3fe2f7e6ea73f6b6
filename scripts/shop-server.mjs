// Starts the built shop (server/dist) on a free port with a fresh embedded database, exactly
// as `npm start` runs it: for the browser journeys and the contract fuzz.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** See server/src/config/config.ts; read from the build, which every caller makes first. */
export const { LIMITS_OUT_OF_THE_WAY } = require('../server/dist/config/config.js');
const { DEMO_PHOTO_DIR } = require('../server/dist/seed/demo-photo-files.js');
const { YOUNG_GENERATION_FLAG } = require('../server/dist/heap.js');

/** node's arguments for the built server, as `npm start` and the Dockerfile give them. */
export const SERVER_ARGS = [YOUNG_GENERATION_FLAG, join(root, 'server', 'dist', 'main.js')];

/**
 * The demo pictures the seed rendered, kept from one run to the next: the seed keeps them under
 * DATA_DIR (server/src/seed/demo-photo-files.ts), which every run here makes afresh, and
 * rendering them is most of a start (50 of 70 s on a busy two-core machine; 20 s with them).
 */
const demoPhotoCache = join(root, '.tools', 'cache', DEMO_PHOTO_DIR);

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the shop at `url` answers /readyz; fails if `server` exits first or time runs out. */
export async function waitUntilReady(url, deadline, server) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The shop exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The shop did not become ready at ${url}`);
}

/**
 * The environment of the built shop run in production mode on the embedded engine, with the
 * limits out of the way of a tool that sends many requests from one address on purpose (the
 * crash test, the load benchmark); `settings` adds the accounts and anything else.
 */
export function productionEnv(port, dataDir, settings) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    MONGODB_URI: '',
    // No real money moves in these runs: the demo payment gateway, said out loud.
    DEMO_GATEWAY_IN_PRODUCTION: 'true',
    // Nor any e-mail, unless the run names an SMTP server to send to.
    ...(!settings.SMTP_URL && { MAIL_OFF: 'true' }),
    ...LIMITS_OUT_OF_THE_WAY,
    ...settings,
  };
}

/**
 * The shop outside production (so it seeds the demo data and accounts) on its own data
 * directory, which is removed when it stops. `env` adds to or overrides the defaults.
 *
 * NODE_ENV=test, not development: a development server writes schema.graphql at start
 * (`schemaFile` in server/src/config/config.ts), and a test run must leave tracked files as
 * they are. `npm run schema` is what writes it.
 */
export async function startBuiltShop(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-run-'));
  const demoPhotos = join(dataDir, DEMO_PHOTO_DIR);
  if (existsSync(demoPhotoCache)) cpSync(demoPhotoCache, demoPhotos, { recursive: true });
  const server = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      MONGODB_URI: '',
      PASSWORD_HASH_ROUNDS: '4',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, Date.now() + 90_000, server);
    // The seed has run: what it rendered is kept for the next run (a file the seed cannot
    // read is rendered again, so a stale or partial copy costs only time).
    if (existsSync(demoPhotos)) cpSync(demoPhotos, demoPhotoCache, { recursive: true });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
