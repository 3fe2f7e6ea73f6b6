// `npm run bench:import`: how the built shop answers /healthz while it reads and imports a 1 MB
// CSV, against /healthz with nothing else to do, in the same run. On a fresh embedded database
// it asks /healthz every 10 ms, one request after the other: first alone, then during the
// preview and the import of 2,000 products (1 MB), then during the refusal of a 1 MB file of
// one-letter lines (past the 2,000-product limit), and prints p50, p99 and the slowest answer.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, productionEnv, SERVER_ARGS, waitUntilReady } from './shop-server.mjs';

const require = createRequire(new URL('../server/package.json', import.meta.url));
const { loadConfig } = require('./dist/config/config.js');
const { PRODUCT_CSV_COLUMNS, PRODUCT_IMPORT_LIMITS } = require('./dist/shared/rules.js');

const ALONE_MS = 5_000;
const EVERY_MS = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-import-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = productionEnv(port, dataDir, {
  JWT_SECRET: 'bench-import-secret-that-is-long-enough',
  ADMIN_EMAIL: 'bench-admin@shop.local',
  ADMIN_PASSWORD: 'admin-bench-123',
  SEED_DEMO: 'false',
});
const config = loadConfig(env);
const server = spawn(process.execPath, SERVER_ARGS, {
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitUntilReady(base, Date.now() + 90_000, server);
  const admin = await login();
  const category = await newCategory(admin);
  const products = productsFile(category);
  const letters = Buffer.from(
    `${PRODUCT_CSV_COLUMNS.join(',')}\n${'a\n'.repeat((PRODUCT_IMPORT_LIMITS.maxBytes - 100) / 2)}`,
  );
  // The first calls compile what they run (multer, csv-parse, the form's checks): once, not measured.
  await healthDuring(() => send(admin, 'import-preview', products.subarray(0, 20_000)));

  const rows = [
    ['nothing else', await healthDuring(() => sleep(ALONE_MS))],
    [
      `preview, 2,000 products (${kb(products)})`,
      await healthDuring(() => send(admin, 'import-preview', products)),
    ],
    [
      `import, 2,000 products (${kb(products)})`,
      await healthDuring(() => send(admin, 'import', products)),
    ],
    [
      `import refused, one-letter lines (${kb(letters)})`,
      await healthDuring(() => send(admin, 'import', letters, 400)),
    ],
  ];
  console.log(`/healthz every ${EVERY_MS} ms, one at a time, in ms:`);
  console.table(
    Object.fromEntries(
      rows.map(([during, { times, took }]) => [
        during,
        {
          answers: times.length,
          p50: percentile(times, 50),
          p99: percentile(times, 99),
          slowest: percentile(times, 100),
          'work took': Math.round(took),
        },
      ]),
    ),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

/** /healthz answer times while `work` runs, and how long it took. */
async function healthDuring(work) {
  const times = [];
  let running = true;
  const probing = (async () => {
    while (running) {
      const sent = performance.now();
      const response = await fetch(`${base}/healthz`);
      await response.arrayBuffer();
      times.push(performance.now() - sent);
      await sleep(EVERY_MS);
    }
  })();
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  running = false;
  await probing;
  return { times, took };
}

async function send(admin, path, bytes, status = 200) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), 'products.csv');
  const response = await fetch(`${base}/api/v1/product/${path}`, {
    method: 'POST',
    headers: { Authorization: admin },
    body: form,
  });
  const body = await response.json();
  if (response.status !== status)
    throw new Error(`${path} answered ${response.status}: ${body.message}`);
}

async function login() {
  const { email, password } = config.admin;
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return (await response.json()).token;
}

async function newCategory(admin) {
  const response = await fetch(`${base}/api/v1/category/create-category`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: admin },
    body: JSON.stringify({ name: 'Handloom' }),
  });
  return (await response.json()).category;
}

/** 2,000 new products, just under 1 MB. */
function productsFile(category) {
  const description = 'Hand-woven cotton, dyed with indigo. '.repeat(11);
  const lines = [PRODUCT_CSV_COLUMNS.join(',')];
  for (let at = 0; at < PRODUCT_IMPORT_LIMITS.maxRows; at += 1) {
    lines.push(`loom-${at},Loom Throw ${at},"${description}",499.50,${category.slug},3,yes`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function percentile(times, p) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, at)] * 10) / 10;
}

function kb(bytes) {
  return `${Math.round(bytes.length / 1000)} KB`;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
