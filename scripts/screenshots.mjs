// `npm run screenshots`: builds the shop and takes the README's pictures again, into
// docs/screenshots, with the journeys of e2e/screenshots.e2e.ts on a freshly seeded shop.
// The only command that writes there: `npm run test:e2e` takes them to a temporary folder.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const result = spawnSync(process.execPath, [join(root, 'e2e', 'run.mjs'), 'screenshots.e2e.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SCREENSHOTS_DIR: join(root, 'docs', 'screenshots') },
});
process.exit(result.status ?? 1);
