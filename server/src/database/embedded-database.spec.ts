import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFerretDb } from './embedded-database';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in for the engine's binary: prints an address, then runs `then` (shell). */
function engineThat(then: string): { binary: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'engine-exit-'));
  dirs.push(dir);
  const binary = join(dir, 'engine');
  writeFileSync(binary, `#!/bin/sh\necho mongodb://127.0.0.1:1/\n${then}\n`);
  chmodSync(binary, 0o755);
  return { binary, dir };
}

/** Time for a message the engine's exit would write, had it been asked not to. */
const exited = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the embedded engine ending', () => {
  it('says so on stderr, with its last output, when it ends unasked', async () => {
    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { binary, dir } = engineThat('echo "disk I/O error" >&2; sleep 0.1; exit 3');
    const database = await startFerretDb(binary, join(dir, 'data'));
    // Waited for rather than timed: on a busy machine the script may take longer to end, and
    // its message would then land in the next test.
    await vi.waitFor(
      () => {
        const said = written.mock.calls.map(([text]) => String(text)).join('');
        expect(said).toContain('FerretDB exited with code 3');
        expect(said).toContain('disk I/O error');
      },
      { timeout: 10_000, interval: 50 },
    );
    await database.stop();
  });

  it('says nothing when it is stopped', async () => {
    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { binary, dir } = engineThat('sleep 5');
    const database = await startFerretDb(binary, join(dir, 'data'));
    await database.stop();
    await exited();
    expect(written.mock.calls.map(([text]) => String(text)).join('')).not.toContain('FerretDB');
  });
});
