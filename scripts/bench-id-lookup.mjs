// `npm run bench:engine`: findOne and updateOne by `_id` on the embedded engine (FerretDB on
// SQLite) at 100,000 documents, without and then with the launcher's index on the exact
// expression FerretDB's `_id` filters use, in one run on one database file.
// Options: --docs N (100000), --lookups N (25).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const require = createRequire(new URL('../server/package.json', import.meta.url));
const { MongoClient, ObjectId } = require('mongodb');

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '100000' },
    lookups: { type: 'string', default: '25' },
  },
});
const DOCS = Number(values.docs);
const LOOKUPS = Number(values.lookups);
const binary = new URL('../.tools/bin/ferretdb-embedded', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'shop-engine-bench-'));

function startEngine(args) {
  const child = spawn(binary, ['-dir', dir, '-listen', '127.0.0.1:0', ...args], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (uri) => resolve({ child, uri }));
    child.once('exit', (code) => reject(new Error(`engine exited with ${code}`)));
  });
}

function stopEngine(child) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.stdin.end();
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(uri, ids) {
  const client = await MongoClient.connect(uri);
  const products = client.db('bench').collection('products');
  const find = [];
  const update = [];
  for (let i = 0; i < LOOKUPS; i++) {
    const id = ids[Math.floor(Math.random() * ids.length)];
    let t = performance.now();
    const doc = await products.findOne({ _id: id });
    find.push(performance.now() - t);
    if (!doc) throw new Error(`document ${id} not found`);
    t = performance.now();
    await products.updateOne({ _id: id }, { $inc: { stock: -1 } });
    update.push(performance.now() - t);
  }
  await client.close();
  return { find: median(find), update: median(update) };
}

try {
  // Before: the launcher's index keeper off, FerretDB's own indexes only.
  let engine = await startEngine(['-index-interval', '0']);
  const client = await MongoClient.connect(engine.uri);
  const products = client.db('bench').collection('products');
  const ids = [];
  const started = performance.now();
  for (let i = 0; i < DOCS; i += 1000) {
    const batch = [];
    for (let j = i; j < Math.min(DOCS, i + 1000); j++) {
      const _id = new ObjectId();
      ids.push(_id);
      batch.push({
        _id,
        name: `Product ${j}`,
        slug: `product-${j}`,
        description: `Description of product ${j}, long enough to look like a real one.`,
        price: 100 + (j % 5000),
        stock: 1_000_000,
        category: `category-${j % 20}`,
        createdAt: new Date(),
      });
    }
    await products.insertMany(batch, { ordered: false });
  }
  const loaded = ((performance.now() - started) / 1000).toFixed(1);
  await client.close();
  const before = await measure(engine.uri, ids);
  await stopEngine(engine.child);

  // After: the launcher indexes the existing collection at start.
  const t = performance.now();
  engine = await startEngine([]);
  const startMs = performance.now() - t;
  const after = await measure(engine.uri, ids);
  await stopEngine(engine.child);

  const f = (ms) => ms.toFixed(2).padStart(9);
  console.log(
    `${DOCS.toLocaleString('en')} documents inserted in ${loaded} s; median of ${LOOKUPS} ops, ms`,
  );
  console.log(`launcher start with index creation: ${startMs.toFixed(0)} ms`);
  console.log('| operation        | FerretDB alone | with the _id expression index | speed-up |');
  console.log('| ---------------- | -------------- | ----------------------------- | -------- |');
  for (const [name, key] of [
    ['findOne by _id', 'find'],
    ['updateOne by _id', 'update'],
  ]) {
    console.log(
      `| ${name.padEnd(16)} | ${f(before[key])}      | ${f(after[key])}                     | ${(before[key] / after[key]).toFixed(0).padStart(6)}x |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
