import { defineConfig } from 'vitest/config';
import base, { OWN_PROCESS } from './vitest.config.mts';

/**
 * Tests that measure the process itself (how long the event loop is held while an import
 * runs), each file in a fresh process: in the main run a worker's heap holds what many files
 * left behind, and one full garbage collection of it held the loop 580 ms, a pause no shop
 * process of its own sees.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [...OWN_PROCESS],
    exclude: [],
    isolate: true,
  },
});
