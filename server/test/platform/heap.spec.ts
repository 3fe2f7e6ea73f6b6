import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type HeapControls,
  processHeapControls,
  releaseStartUpMemory,
  YOUNG_GENERATION_FLAG,
  youngGenerationCapped,
} from '../../src/heap';
import { repoRoot } from '../support/built-server';

/**
 * A process whose CPU use each second is given: `busySeconds` of a whole core, then quiet (a
 * hundredth of a core). Counts the collections and the seconds waited.
 */
function processBusyFor(busySeconds: number) {
  let cpuMicros = 0;
  let second = 0;
  let rss = 900e6;
  const seen = { collections: 0, seconds: 0 };
  const controls: HeapControls = {
    cpuMicros: () => cpuMicros,
    rssBytes: () => rss,
    collect: () => {
      seen.collections += 1;
      rss = 700e6;
    },
    wait: (ms) => {
      cpuMicros += second < busySeconds ? ms * 1_000 : ms * 10;
      second += ms / 1_000;
      seen.seconds = second;
      return Promise.resolve();
    },
  };
  return { controls, seen };
}

describe('Memory released once the start is done', () => {
  it('collects once, at the first quiet second after the start’s busy ones', async () => {
    const { controls, seen } = processBusyFor(12);
    const released = await releaseStartUpMemory(controls);
    expect(seen).toEqual({ collections: 1, seconds: 13 });
    expect(released).toMatchObject({ rssBefore: 900e6, rssAfter: 700e6 });
  });

  it('leaves a process busy for five minutes to V8', async () => {
    const { controls, seen } = processBusyFor(24 * 60 * 60);
    expect(await releaseStartUpMemory(controls)).toBeNull();
    expect(seen).toEqual({ collections: 0, seconds: 300 });
  });

  it('collects this process’s heap, giving back the pages of what died', async () => {
    /** Grows the heap with objects dead once it returns. */
    const heapGrownByGarbage = () => {
      const garbage = Array.from({ length: 300_000 }, (_, n) => ({ n, text: `item ${n}` }));
      return garbage.length > 0 ? process.memoryUsage().heapTotal : 0;
    };
    const grown = heapGrownByGarbage();
    // This process's own controls, but quiet at once: the test's worker may be busy.
    const released = await releaseStartUpMemory({ ...processHeapControls(), cpuMicros: () => 0 });
    expect(released?.rssAfter).toBeGreaterThan(0);
    expect(process.memoryUsage().heapTotal).toBeLessThan(grown);
  });
});

describe('The young generation capped as node starts', () => {
  it('is capped where npm start and the Dockerfile start the server', () => {
    const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain(`node ${YOUNG_GENERATION_FLAG} server/dist/main.js`);
    const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`CMD ["node", "${YOUNG_GENERATION_FLAG}", "server/dist/main.js"]`);
  });

  it('tells a cap on the command line or in NODE_OPTIONS, spelt either way, from none', () => {
    expect(youngGenerationCapped(['--max-semi-space-size=16'], '')).toBe(true);
    expect(youngGenerationCapped([], '--enable-source-maps --max_semi_space_size=8')).toBe(true);
    expect(youngGenerationCapped(['--max-old-space-size=512'], '')).toBe(false);
    expect(youngGenerationCapped([], '--max-semi-space-size')).toBe(false);
  });
});
