// The processes the load benchmark measures: the built server (server/dist) in production mode
// and the raw node:http baseline, started and stopped, and the memory of the server and engine.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort, productionEnv, SERVER_ARGS, waitUntilReady } from '../shop-server.mjs';
import { dataDir, log, track } from './common.mjs';

const repoRoot = new URL('../..', import.meta.url).pathname;
let stopping = false;

/** The server's environment on a free port and the scratch directory, its limits raised. */
export async function serverEnv() {
  const port = await freePort();
  return productionEnv(port, dataDir, {
    JWT_SECRET: 'bench-api-secret-that-is-long-enough-for-production',
    ADMIN_EMAIL: 'admin@bench.local',
    ADMIN_PASSWORD: 'bench-admin-123',
    ADMIN_ANSWER: 'bench',
    SEED_ON_EMPTY: 'false',
    SEED_DEMO: 'false',
    GRAPHQL_COST_BUDGET_WINDOW_MS: '1000',
  });
}

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/** The engine's process: the server's child running the launcher. */
function engineChildOf(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return children.find((c) => {
      try {
        return readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('ferretdb-embedded');
      } catch {
        return false;
      }
    });
  } catch {
    return undefined;
  }
}

/** The RSS in MB of the server and of its engine (NaN where unknown). */
export function memoryOf(server) {
  return {
    server: rssMb(server.child.pid),
    engine: server.enginePid ? rssMb(server.enginePid) : NaN,
  };
}

/** The CPU seconds `pid` has used so far (user and system), 0 where unknown. */
function cpuSecondsOf(pid) {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** How little CPU the server and its engine may use over QUIET_WINDOW_MS to count as idle. */
const QUIET_SHARE = 0.05;
const QUIET_WINDOW_MS = 500;
const QUIET_AT_MOST_MS = 60_000;

/**
 * Waits until the server and its engine are idle (under 5% of a core over half a second), at
 * most a minute; gives how long it waited. After a start the server still builds its search
 * index, and writes the file of its read models: work that would slow whichever workload ran
 * beside it, the category list every other is compared with among them.
 */
export async function quietOf(server) {
  const started = performance.now();
  const pids = [server.child.pid, server.enginePid].filter(Boolean);
  const used = () => pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  while (performance.now() - started < QUIET_AT_MOST_MS) {
    const before = used();
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    if (used() - before <= (QUIET_SHARE * QUIET_WINDOW_MS) / 1000) break;
  }
  return performance.now() - started;
}

/**
 * The memory of the server and its engine at rest: once the start's work is done (quietOf) and
 * the server has had the quiet second in which it hands back what that work left
 * (server/src/heap.ts), and the collection that does it is over.
 */
export async function idleMemoryOf(server) {
  await quietOf(server);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await quietOf(server);
  return memoryOf(server);
}

/**
 * Starts server/dist/main.js with `env` and resolves once it is ready, with how long that took
 * (`startedInMs`, from the process's spawn to /readyz answering 200); the run ends if the
 * server exits before it is stopped. `cpuProfileDir` writes a CPU profile of it there.
 */
export async function startServer(env, cpuProfileDir) {
  const spawned = performance.now();
  const profile = cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir] : [];
  const child = spawn(process.execPath, [...profile, ...SERVER_ARGS], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  track(child);
  const stderr = [];
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr.push(chunk);
    if (stderr.length > 40) stderr.shift();
  });
  child.once('exit', (code) => {
    if (!stopping) {
      process.stderr.write(stderr.join(''));
      log(`the server exited with ${code}`);
      process.exit(1);
    }
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  // Generous: at 100,000 products on a busy two-core machine the read models take minutes to load.
  await waitUntilReady(base, Date.now() + 600_000, child);
  const startedInMs = performance.now() - spawned;
  return { child, base, enginePid: engineChildOf(child.pid), startedInMs };
}

/** A node:http server in its own process answering one JSON body from memory. */
export async function startBaseline(body) {
  const port = await freePort();
  const source = `
    const body = Buffer.from(process.env.BODY);
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  track(child);
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { child, base: `http://127.0.0.1:${port}` };
}

/** How many products the server lists: the same after a restart, or the restart lost some. */
export async function productCountOf(server) {
  const response = await fetch(`${server.base}/api/v1/product/product-count`);
  return (await response.json()).total;
}

/**
 * Starts the server again on what it kept as it stopped (its read models, docs/decisions/034),
 * the start an operator meets every time after the first: how long it took to be ready, and how
 * many products it lists then. Stops it again.
 */
export async function restartServer(env) {
  stopping = false;
  const server = await startServer(env);
  const products = await productCountOf(server);
  stopping = true;
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  return { startedInMs: server.startedInMs, products };
}

/** Stops the server and the baseline; resolves once the server (and so its engine) is gone. */
export async function stopServers(server, baseline) {
  stopping = true;
  server.child.kill('SIGTERM');
  baseline.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}
