// Part of `npm run test:crash`: runs the built server (server/dist) on a fresh embedded database
// and imports 2,000 new products through REST, three times: once to the end, watching that the
// storefront shows none of them until it shows all; then killed with SIGKILL while the job
// writes, and again while it applies (shows its products). After each kill the server is
// started again, and the job must end done with all 2,000 products or undone with none: in its
// outcome (GET /api/v1/product/imports/:id), on the storefront and in the database, where no
// product may be left hidden or with changes beside it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, productionEnv, SERVER_ARGS, waitUntilReady } from './shop-server.mjs';

const require = createRequire(new URL('../server/package.json', import.meta.url));
const { loadConfig } = require('./dist/config/config.js');
const { startFerretDb } = require('./dist/database/embedded-database.js');
const { PRODUCT_CSV_COLUMNS } = require('./dist/shared/rules.js');
const mongoose = require('mongoose');

const ROWS = 1_000;
/** Imports tried, at most, to catch one in the state to kill it in. */
const ATTEMPTS = 3;
/** How long recovery may take after a restart: a job left writing waits to fall silent (10 s). */
const OUTCOME_WITHIN_MS = 60_000;

const dataDir = mkdtempSync(join(tmpdir(), 'shop-import-crash-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = productionEnv(port, dataDir, {
  JWT_SECRET: 'import-crash-test-secret-that-is-long-enough',
  ADMIN_EMAIL: 'import-admin@shop.local',
  ADMIN_PASSWORD: 'admin-import-123',
  SEED_DEMO: 'false',
});
const config = loadConfig(env);
let server;
const outcomes = [];

try {
  server = await startServer();
  let admin = await login();

  // 1. To the end: the storefront shows none of the products, then all of them.
  const whole = await newCategory(admin, 'Whole');
  const seen = new Set();
  const importing = importFile(admin, whole, 'whole');
  let answered = false;
  const stopWatching = () => (answered = true);
  importing.then(stopWatching, stopWatching);
  while (!answered) {
    seen.add(await listed(whole));
    await sleep(100);
  }
  const done = await importing;
  if (done.result?.job?.state !== 'done')
    throw new Error(`import answered ${JSON.stringify(done)}`);
  const counts = [...seen].sort((a, b) => a - b);
  if (counts.some((count) => count !== 0 && count !== ROWS) || !seen.has(0)) {
    throw new Error(`while importing, the storefront showed ${counts.join(', ')} of its products`);
  }
  if ((await listed(whole)) !== ROWS) throw new Error('after the import, not every product shows');
  console.log(`whole import: the storefront showed ${counts.join(' then ')} of ${ROWS} products`);

  // 2. and 3. Killed while writing, then while applying.
  for (const killedIn of ['writing', 'applying']) {
    let category;
    let lost;
    let job;
    // A poll may miss the moment: the job is then done, and another import is tried.
    let attempt = 0;
    while (!job && attempt < ATTEMPTS) {
      attempt += 1;
      await lost;
      category = await newCategory(admin, killedIn);
      lost = importFile(admin, category, `${killedIn}-${attempt}`).catch(() => 'cut off');
      job = await jobOnceIn(admin, killedIn);
    }
    if (!job) throw new Error(`no import was seen ${killedIn} in ${ATTEMPTS} attempts`);
    if (killedIn === 'writing') {
      await sleep(1000 + Math.random() * 2000);
      if ((await listed(category)) !== 0) throw new Error('a job still writing shows products');
    }
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    await lost;
    server = await startServer();
    admin = await login();
    const outcome = await outcomeOf(admin, job);
    const shown = await listed(category);
    const expected = outcome.state === 'done' ? ROWS : 0;
    if (shown !== expected) {
      throw new Error(`job ${job} ended ${outcome.state}, and the storefront shows ${shown}`);
    }
    outcomes.push({ killedIn, attempt, job, category, outcome });
    console.log(
      `killed while ${killedIn}: after the restart the job is ${outcome.state}, ${shown} shown`,
    );
  }

  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await checkStored();
  console.log(
    `import crash test passed: ${outcomes.map((o) => `killed while ${o.killedIn} -> ${o.outcome.state}`).join('; ')}`,
  );
} catch (error) {
  console.error(`import crash test FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

async function startServer() {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => process.stderr.write(chunk));
  try {
    await waitUntilReady(base, Date.now() + 90_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

async function api(method, path, token, body) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(token && { Authorization: token }),
      ...(body && !(body instanceof FormData) && { 'Content-Type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body && JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function login() {
  const { email, password } = config.admin;
  const { status, body } = await api('POST', '/auth/login', undefined, { email, password });
  if (status !== 200) throw new Error(`login answered ${status}`);
  return body.token;
}

async function newCategory(admin, name) {
  const { status, body } = await api('POST', '/category/create-category', admin, {
    name: `Kites ${name} ${Date.now()}`,
  });
  if (status !== 201) throw new Error(`create-category answered ${status}`);
  return body.category;
}

/** Sends 2,000 new products of `category` to the import; its answer's body. */
async function importFile(admin, category, tag) {
  const lines = [PRODUCT_CSV_COLUMNS.join(',')];
  for (let at = 0; at < ROWS; at += 1) {
    lines.push(`kite-${tag}-${at},Patang ${tag} ${at},Paper and bamboo,60,${category.slug},10,no`);
  }
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), `${tag}.csv`);
  const { status, body } = await api('POST', '/product/import', admin, form);
  if (status !== 200) throw new Error(`import answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** How many products of `category` the storefront lists. */
async function listed(category) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: 'query ($ids: [ID!]) { products(filter: { categoryIds: $ids }) { total } }',
      variables: { ids: [category._id] },
    }),
  });
  const { data, errors } = await response.json();
  if (errors) throw new Error(`products answered ${JSON.stringify(errors)}`);
  return data.products.total;
}

/** The id of the newest job once it is in `state`; null if it ended before a poll saw it so. */
async function jobOnceIn(admin, state) {
  const deadline = Date.now() + OUTCOME_WITHIN_MS;
  let started = false;
  while (Date.now() < deadline) {
    const { body } = await api('GET', '/product/imports', admin);
    const [newest] = body.imports;
    if (newest?.state === state) return newest._id;
    if (newest && !['done', 'undone'].includes(newest.state)) started = true;
    else if (started) return null;
    await sleep(state === 'applying' ? 20 : 100);
  }
  throw new Error(`no job came to be ${state}`);
}

/** The job once recovery has ended it. */
async function outcomeOf(admin, job) {
  const deadline = Date.now() + OUTCOME_WITHIN_MS;
  while (Date.now() < deadline) {
    const { body } = await api('GET', `/product/imports/${job}`, admin);
    if (['done', 'undone'].includes(body.import.state)) return body.import;
    await sleep(250);
  }
  throw new Error(`job ${job} was neither finished nor undone after the restart`);
}

/** In the database: each killed job's products all there or none, none hidden or half changed. */
async function checkStored() {
  const database = await startFerretDb(config.ferretdbBin, join(dataDir, 'ferretdb'));
  const connection = await mongoose
    .createConnection(`${database.serverUri.replace(/\/?$/, '/')}shop`)
    .asPromise();
  try {
    const products = await connection
      .collection('products')
      .find({}, { projection: { slug: 1, importJob: 1, importPending: 1 } })
      .toArray();
    const marked = products.filter((product) => product.importJob || product.importPending);
    if (marked.length > 0) throw new Error(`${marked.length} products are left hidden or changed`);
    for (const { killedIn, attempt, outcome } of outcomes) {
      const stored = products.filter((product) =>
        product.slug.startsWith(`kite-${killedIn}-${attempt}-`),
      );
      const expected = outcome.state === 'done' ? ROWS : 0;
      if (stored.length !== expected) {
        throw new Error(
          `killed while ${killedIn}: ${stored.length} products stored, not ${expected}`,
        );
      }
    }
  } finally {
    await connection.close();
    await database.stop();
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
