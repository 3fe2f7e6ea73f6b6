import { Logger } from '@nestjs/common';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How the server keeps its heap near its live data (docs/decisions/004, "Memory").
 *
 * V8 grows the heap far past what is live: by up to four times before its next full
 * collection under load, and at start by whatever the start's work left (a read of every
 * product and order, the search index's build), which it keeps while nothing asks for more.
 * At 100,000 products 495 MB was live in a heap of 696 MB once started, and the demo shop's
 * 118 MB in one of 296 MB.
 */

/**
 * Caps how far the heap may grow past its live data before a full collection, in per cent.
 * V8 reads this each time it sets the next limit, so it can be set once the process runs.
 */
export function capHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * The flag the shop's node starts with (`npm start`, the Dockerfile, the scripts that start the
 * built server): V8 sizes the young generation from the machine's memory, 64 MB a half-space
 * on a machine of 23 GB, and reads this flag only as node starts. 16 MB took about 100 MB off
 * RSS after load at 1,000 and at 100,000 products, with no loss the runs could tell from noise.
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=16';

/**
 * Whether node was started with a cap on the young generation, on its command line or in
 * NODE_OPTIONS; main.ts says so in the log when it was not.
 */
export function youngGenerationCapped(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  const flag = YOUNG_GENERATION_FLAG.split('=')[0];
  // V8 takes its flags spelt with underscores too.
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) =>
    arg.replaceAll('_', '-').startsWith(`${flag}=`),
  );
}

/** What `releaseStartUpMemory` reads and does; tests give their own. */
export interface HeapControls {
  /** CPU time the process has used, in microseconds. */
  cpuMicros(): number;
  rssBytes(): number;
  /** A full collection that gives back what it can to the system. */
  collect(): void;
  wait(ms: number): Promise<void>;
}

/** A second a sample: short enough to catch the first quiet moment, long enough to mean it. */
const SAMPLE_MS = 1_000;
/** Quiet: under a twentieth of a core over a sample. */
const QUIET_SHARE = 0.05;
/** A start still busy after this (under load from its first second) is left to V8. */
const GIVE_UP_MS = 5 * 60_000;

export interface Released {
  rssBefore: number;
  rssAfter: number;
  tookMs: number;
}

/**
 * Once the start's work is done, the first second the process is quiet, one full collection
 * that hands the heap's free pages back: at 100,000 products RSS went from 874 to 685 MB (a
 * pause of about a second, which a request arriving then waits out), the demo shop's from 423 to
 * 239 MB. Without it V8 keeps them, since an idle server asks for no memory that would make
 * it collect. Gives up, doing nothing, if no second is quiet within five minutes.
 */
export async function releaseStartUpMemory(
  controls: HeapControls = processHeapControls(),
): Promise<Released | null> {
  for (let waited = 0; waited < GIVE_UP_MS; waited += SAMPLE_MS) {
    const before = controls.cpuMicros();
    await controls.wait(SAMPLE_MS);
    const busyShare = (controls.cpuMicros() - before) / 1_000 / SAMPLE_MS;
    if (busyShare < QUIET_SHARE) {
      const rssBefore = controls.rssBytes();
      const started = performance.now();
      controls.collect();
      return { rssBefore, rssAfter: controls.rssBytes(), tookMs: performance.now() - started };
    }
  }
  return null;
}

/** `releaseStartUpMemory` for this process, its outcome logged. */
export function releaseStartUpMemoryLogged(logger: Logger): void {
  const mb = (bytes: number) => Math.round(bytes / 1e6);
  releaseStartUpMemory().then(
    (released) => {
      if (released) {
        logger.log(
          `Start-up memory released: RSS ${mb(released.rssBefore)} -> ${mb(released.rssAfter)} MB ` +
            `(${Math.round(released.tookMs)} ms)`,
        );
      }
    },
    (error: unknown) => logger.warn(`Start-up memory not released: ${String(error)}`),
  );
}

type CollectGarbage = (options: {
  type: 'major';
  execution: 'sync';
  flavor: 'last-resort';
}) => void;

/** The controls of this process's heap. */
export function processHeapControls(): HeapControls {
  let collectGarbage: CollectGarbage | undefined;
  return {
    cpuMicros: () => {
      const { user, system } = process.cpuUsage();
      return user + system;
    },
    rssBytes: () => process.memoryUsage.rss(),
    collect: () => {
      // V8's `gc` for this one call, without exposing it to the rest of the process: a flag
      // set now gives it to contexts made after, such as this one.
      if (!collectGarbage) {
        setFlagsFromString('--expose-gc');
        collectGarbage = runInNewContext('gc') as CollectGarbage;
      }
      // "last-resort" collects until nothing more is freed, compacting and shrinking the
      // young generation: what V8 does when memory runs short.
      collectGarbage({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    },
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
  };
}
