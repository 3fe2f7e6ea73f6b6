import { defineConfig } from 'vitest/config';
import { JOURNEYS_AT_ONCE } from './support/workers';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    maxWorkers: JOURNEYS_AT_ONCE,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
