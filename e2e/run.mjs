// `npm run test:e2e`: builds the shop, then drives it in Chromium (see vitest.config.mts).
// Arguments go to vitest, e.g. `npm run test:e2e -- catalog` runs e2e/catalog.e2e.ts alone.
import { spawnSync } from 'node:child_process';

const run = (args) => {
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(['run', 'build']);
run(['exec', '--', 'vitest', 'run', '--config', 'e2e/vitest.config.mts', ...process.argv.slice(2)]);
