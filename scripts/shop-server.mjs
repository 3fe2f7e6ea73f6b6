// Starts the built shop (server/dist) on a free port with a fresh embedded database, exactly
// as `npm start` runs it: for the browser journeys and the contract fuzz.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/**
 * Raises every per-address and per-account limit (see .env.example) out of the way of a tool
 * that sends many requests from one address on purpose: the fuzz, the crash test.
 */
export const LIMITS_OUT_OF_THE_WAY = Object.fromEntries(
  [
    'AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS',
    'AUTH_FAILURES_PER_ACCOUNT',
    'AUTH_FAILURES_PER_ADDRESS',
    'REGISTRATIONS_PER_ADDRESS',
    'DECLINED_CHECKOUTS_PER_ACCOUNT',
    'DECLINED_CHECKOUTS_PER_ADDRESS',
    'GRAPHQL_COST_BUDGET_ANONYMOUS',
    'GRAPHQL_COST_BUDGET_SIGNED_IN',
  ].map((name) => [name, '1000000']),
);

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

async function waitUntilReady(url, deadline, server) {
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
 * The shop in development mode (so it seeds the demo data and accounts) on its own data
 * directory, which is removed when it stops. `env` adds to or overrides the defaults.
 */
export async function startBuiltShop(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-run-'));
  const server = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
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
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
