import { defineConfig } from 'vitest/config';
import { JOURNEYS_AT_ONCE } from './support/workers';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    maxWorkers: JOURNEYS_AT_ONCE,
    // A journey failing twice fails the run; once, on a busy machine, it may have waited on
    // the machine rather than the shop (see support/workers.ts).
    retry: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
