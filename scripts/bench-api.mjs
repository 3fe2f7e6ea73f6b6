// `npm run bench:api`: load benchmark of the built server (server/dist) on the embedded engine.
//
// Generates a catalogue straight into a fresh embedded database (FerretDB on SQLite, the same
// launcher the server uses), starts the real server on it in production mode with the rate
// limits raised, and drives each workload with autocannon, beside a raw node:http server that
// answers the same product-list JSON from memory. Prints req/s, p50 and p99 per workload, the
// ratios to the app's category list and to the raw baseline, and the RSS of the server and of
// the engine, idle (once the start's work is done and the server has handed back what it left)
// and after load, and how long the server took to start (spawn to /readyz
// answering 200), then how long it takes to start again on the read models it kept as it stopped
// (docs/decisions/034), checking it lists as many products as before. Columns besides those: "server RSS MB", the server's RSS
// after the workload; "alone ms", one request of the workload with the server otherwise idle,
// made first to check it answers as expected (a GraphQL one: its data too); "answers",
// responses within the run; "wrong status", answers with another status than the workload
// expects (exit code 1); "timeouts", requests not answered within 10 s, or errors.
// A workload slower than its duration shows no answers and no latency.
//
// With no size given it runs twice, each in a process of its own: 1,000 products (and users and
// orders), then 100,000; then it prints how the second compares with the first and with the
// targets of issue 16 (each catalogue workload at >= 0.7x the category list and >= 5% of raw at
// 100,000 products, p50 at most 1.5x its 1,000-product p50, RSS after load at most 600 MB).
// "GraphQL search (uncached)" is shown beside them without a target: at 100,000 products
// hardly any of its searches is asked twice, so it shows what a search costs unkept.
//
// Options:
//   --products N     one run with N products; users and orders default to 1000 each, or to N when N >= 100000
//   --users N, --orders N
//   --duration S     seconds per workload (10)
//   --connections N  concurrent connections (20)
//   --quick          1,000 products, 1 s per workload: what CI runs so the harness cannot rot
//   --only a,b       run only these workloads (names as printed)
//   --cpu-prof DIR   writes a CPU profile of the server into DIR (open it in Chrome's DevTools)
//
// BENCH_API_DATA=DIR keeps the generated database in DIR (DIR/1000 and DIR/100000 when both
// sizes run), and a later run with the same sizes measures on it again instead of writing it anew.
//
// This file reads the options and runs the jobs in order; each job is a module of bench-api/:
// data.mjs writes the database, server.mjs starts and stops the server, load.mjs runs the
// workloads, report.mjs prints the tables; server-modules.mjs is all it takes from server/dist.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dataDir, log, track } from './bench-api/common.mjs';
import { generate } from './bench-api/data.mjs';
import { runWorkloads } from './bench-api/load.mjs';
import { printComparison, printRun } from './bench-api/report.mjs';
import {
  idleMemoryOf,
  memoryOf,
  productCountOf,
  restartServer,
  serverEnv,
  startServer,
  stopServers,
} from './bench-api/server.mjs';
import { loadConfig } from './bench-api/server-modules.mjs';

const { values: args } = parseArgs({
  strict: true,
  options: {
    products: { type: 'string' },
    users: { type: 'string' },
    orders: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '20' },
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    json: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const products = Number(args.products ?? 1000);
const large = products >= 100_000;
const options = {
  products,
  users: Number(args.users ?? (large ? products : 1000)),
  orders: Number(args.orders ?? (large ? products : 1000)),
  duration: Number(args.duration ?? (args.quick ? 1 : 10)),
  connections: Number(args.connections),
  only: args.only,
};

/** One run at one size: data, server, load, report; `--json` keeps the figures for a comparison. */
async function main() {
  const env = await serverEnv();
  const data = await generate(loadConfig(env), options);

  // A kept database may hold the read models its last server kept as it stopped.
  const keptModels = existsSync(join(dataDir, 'read-models.snapshot'));
  const server = await startServer(env, args['cpu-prof']);
  const idle = await idleMemoryOf(server);
  const { results, baseline } = await runWorkloads(server, env, data, options);
  const after = memoryOf(server);
  const listed = await productCountOf(server);
  await stopServers(server, baseline);
  const restarted = await restartServer(env);
  if (restarted.products !== listed) {
    log(`restarted, the server lists ${restarted.products} products, not ${listed}`);
    process.exitCode = 1;
  }

  const started = {
    startedInMs: server.startedInMs,
    keptModels,
    restartedInMs: restarted.startedInMs,
  };
  printRun({ results, idle, after, ...started }, options);
  if (args.json) {
    writeFileSync(args.json, JSON.stringify({ products, results, idle, after, ...started }));
  }
  // Slowness is what this measures; a wrong answer is a broken harness or server.
  const failed = results.filter((r) => r.wrong > 0);
  if (failed.length > 0) {
    log(`answers with another status than expected in: ${failed.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}

/** Runs this script for each size in a child process, then compares the two. */
async function compareSizes(sizes) {
  const runs = [];
  for (const size of sizes) {
    const json = join(dataDir, `results-${size}.json`);
    const extra = process.argv.slice(2);
    const code = await new Promise((resolve) => {
      // A kept database per size: the sizes' databases would otherwise be written into one.
      const kept = process.env.BENCH_API_DATA;
      const child = spawn(
        process.execPath,
        [new URL(import.meta.url).pathname, '--products', String(size), '--json', json, ...extra],
        {
          stdio: 'inherit',
          env: { ...process.env, ...(kept && { BENCH_API_DATA: join(kept, String(size)) }) },
        },
      );
      track(child);
      child.once('exit', resolve);
    });
    if (code !== 0) process.exit(code ?? 1);
    runs.push(JSON.parse(readFileSync(json, 'utf8')));
  }
  printComparison(...runs);
}

const sizeGiven = args.products !== undefined || args.quick;
(sizeGiven ? main() : compareSizes([1000, 100_000])).catch((error) => {
  console.error(error);
  process.exit(1);
});
