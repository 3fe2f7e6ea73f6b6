import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS_OUT_OF_THE_WAY } from '../../src/config/config';
import { APPROVED_CARD } from '../support/fixtures';
import { PRODUCTION_ENV } from '../support/test-app';
import { freePort } from '../support/ports';
import { buildServer, builtServer, repoRoot } from '../support/built-server';

/**
 * The demo gateway takes this long to confirm the card, so the checkout is under way when
 * SIGTERM comes: its last call to the gateway (the shop's own, over HTTP) already sent, as the
 * listener's closing would refuse a new one.
 */
const CONFIRM_MS = 4000;
const DELAY_MS = 1000;

/** A request's status, or `refused` when no connection could be made or it was cut. */
async function statusOf(url: string): Promise<number | 'refused'> {
  try {
    return (await fetch(url, { headers: { Connection: 'close' } })).status;
  } catch {
    return 'refused';
  }
}

/**
 * The built server (server/dist, as `npm start` and the Dockerfile run it) in production on a
 * fresh embedded database, stopped with SIGTERM while a checkout is under way.
 */
describe('graceful shutdown of the built server', () => {
  let server: ChildProcess;
  let base: string;
  let dataDir: string;
  const lines: Record<string, unknown>[] = [];
  const events: string[] = [];

  beforeAll(async () => {
    await buildServer();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'shop-shutdown-'));
    // The demo pictures' resized files as the tests' shops keep them (their DATA_DIR is the
    // temporary directory), so the seed stores them without resizing all 50 again.
    const rendered = join(tmpdir(), 'demo-photo-files');
    if (existsSync(rendered))
      cpSync(rendered, join(dataDir, 'demo-photo-files'), { recursive: true });
    server = spawn(process.execPath, [builtServer], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...PRODUCTION_ENV,
        ...LIMITS_OUT_OF_THE_WAY,
        SEED_DEMO: 'true',
        PORT: String(port),
        DATA_DIR: dataDir,
        MONGODB_URI: '',
        PASSWORD_HASH_ROUNDS: '4',
        LOG_LEVEL: 'info',
        SHUTDOWN_DELAY_MS: String(DELAY_MS),
        SHUTDOWN_GRACE_MS: '20000',
        DEMO_GATEWAY_DELAY_MS: String(CONFIRM_MS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    createInterface({ input: server.stdout! }).on('line', (line) => {
      try {
        lines.push(JSON.parse(line));
      } catch {
        lines.push({ msg: line });
      }
    });
    const deadline = Date.now() + 90_000;
    while ((await statusOf(`${base}/readyz`)) !== 200) {
      if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
      if (Date.now() > deadline) throw new Error('The server did not become ready');
      await sleep(250);
    }
  }, 150_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await once(server, 'exit');
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a checkout under way with 201, answers /readyz 503 meanwhile, then exits 0', async () => {
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: PRODUCTION_ENV.SHOPPER_EMAIL,
        password: PRODUCTION_ENV.SHOPPER_PASSWORD,
      }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const list = (await (await fetch(`${base}/api/v1/product/product-list/1`)).json()) as {
      products: { _id: string; quantity: number }[];
    };
    const product = list.products.find((candidate) => candidate.quantity > 0)!;
    const exited = once(server, 'exit') as Promise<[number | null, string | null]>;

    const requestId = `checkout-${randomUUID()}`;
    const checkout = fetch(`${base}/api/v1/product/checkout`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: token,
        'X-Request-Id': requestId,
      },
      body: JSON.stringify({
        lines: [{ productId: product._id, quantity: 1 }],
        card: APPROVED_CARD,
        idempotencyKey: randomUUID(),
      }),
    }).then(async (answer) => {
      events.push('checkout answered');
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    });
    await sleep(500);
    server.kill('SIGTERM');
    const signalled = Date.now();

    // Draining: new connections are still taken for the delay, and told not ready.
    await sleep(200);
    const ready = await fetch(`${base}/readyz`, { headers: { Connection: 'close' } });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining', database: 'up' });
    await sleep(Math.max(0, signalled + DELAY_MS + 700 - Date.now()));
    // Then the listener is closed while the gateway is still confirming the card.
    expect(events).toEqual([]);
    expect(await statusOf(`${base}/healthz`)).toBe('refused');

    const answered = await checkout;
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(answered.body).toMatchObject({ success: true, order: { payment: { success: true } } });
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });

    const messages = lines.map((line) => String(line.msg));
    const completed = lines.findIndex((line) => line.requestId === requestId);
    expect(lines[completed]).toMatchObject({ route: '/api/v1/product/checkout', status: 201 });
    const draining = messages.findIndex((msg) => msg.startsWith('Draining'));
    const closing = messages.findIndex((msg) => msg.startsWith('Requests finished'));
    expect(draining).toBeGreaterThanOrEqual(0);
    expect(draining).toBeLessThan(completed);
    expect(closing).toBeGreaterThan(completed);
  });
});
