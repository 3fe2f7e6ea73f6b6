import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const serverDir = join(__dirname, '..', '..');
export const repoRoot = join(serverDir, '..');
/** The built server's entry, as `npm start` and the Dockerfile run it. */
export const builtServer = join(serverDir, 'dist', 'main.js');

/** Longer than any build: a lock older than this was left by a run that died. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Builds server/dist if its sources changed (scripts/build-if-changed.mjs), one test file at a
 * time: the files run in parallel, and one starting the server while another rewrites it would
 * load half-written files.
 */
export async function buildServer(): Promise<void> {
  const lock = join(
    tmpdir(),
    `shop-build-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}.lock`,
  );
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
    }
  }
  try {
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-if-changed.mjs'), 'server'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
