// `npm run test:e2e`: builds the shop where its sources changed since the last build
// (scripts/build-if-changed.mjs), then drives it in Chromium (see vitest.config.mts).
// Arguments go to vitest, e.g. `npm run test:e2e -- catalog` runs e2e/catalog.e2e.ts alone.
import { spawnSync } from 'node:child_process';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(process.execPath, ['scripts/build-if-changed.mjs']);
run('npm', [
  'exec',
  '--',
  'vitest',
  'run',
  '--config',
  'e2e/vitest.config.mts',
  ...process.argv.slice(2),
]);
