import { createRequire } from 'node:module';
import swc from 'unplugin-swc';
import { configDefaults, defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/** Run apart, each in a process of its own (vitest.own-process.config.mts says why). */
export const OWN_PROCESS = ['test/products/product-import-files.spec.ts'];

export default defineConfig({
  // Nest needs decorator metadata, which only swc emits among the fast transpilers.
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: {
    // Vite would pick graphql's ESM build for test files while Nest loads the CommonJS
    // one; two copies of graphql refuse each other's types.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    exclude: [...configDefaults.exclude, ...OWN_PROCESS],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/each-file.ts'],
    // The tests mostly wait on the database and on HTTP, so more files run at once than there
    // are cores; and a worker imports the shop's modules once for all its files, not per file
    // (see test/README.md, "How the suite runs").
    maxWorkers: 4,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
