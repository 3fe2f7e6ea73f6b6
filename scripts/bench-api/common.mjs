// What every job of the load benchmark shares: its log line on stderr, and the scratch
// directory (database, results) and child processes of one run, removed and killed on exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function log(message) {
  process.stderr.write(`bench:api: ${message}\n`);
}

/**
 * BENCH_API_DATA=DIR keeps the database in DIR, and a later run with the same sizes starts from
 * it instead of writing it again (at 100,000 products that takes minutes).
 */
const keptDir = process.env.BENCH_API_DATA;
export const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'shop-bench-api-'));
const children = [];

/** Kills `child` when this process exits, however it ends. */
export function track(child) {
  children.push(child);
  return child;
}

process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
});
// Interrupted: stop the server (its engine stops when it goes) and clean up as on a normal exit.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
