import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import client from '../client/vite.config';
import { JOURNEYS_AT_ONCE } from './support/workers';

export default defineConfig({
  // The journeys word their expectations with the storefront's own helpers (headings, stock
  // words), whose texts are Lingui macros: transformed as the client's build does.
  plugins: [
    lingui({
      macroTransform: true,
      configPath: fileURLToPath(new URL('../client/lingui.config.ts', import.meta.url)),
    }),
  ],
  // The client's names for the rules it shares with the server (`@shop/rules`...).
  resolve: client.resolve,
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/english.ts'],
    maxWorkers: JOURNEYS_AT_ONCE,
    // A journey failing twice fails the run; once, on a busy machine, it may have waited on
    // the machine rather than the shop (see support/workers.ts).
    retry: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
