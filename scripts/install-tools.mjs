// Builds the embedded database engine (FerretDB on SQLite) into .tools/bin when a Go
// toolchain is present and the binary is missing or older than its sources.
// Without Go it only explains the alternatives: the server can still use MONGODB_URI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'tools', 'ferretdb');
const binary = join(root, '.tools', 'bin', 'ferretdb-embedded');

function newestSource() {
  return Math.max(...readdirSync(source).map((name) => statSync(join(source, name)).mtimeMs));
}

if (existsSync(binary) && statSync(binary).mtimeMs >= newestSource()) {
  console.log(`embedded database: ${binary} is up to date`);
  process.exit(0);
}

const go = spawnSync('go', ['version'], { encoding: 'utf8' });
if (go.status !== 0) {
  console.warn(
    'embedded database: no Go toolchain found, so FerretDB was not built.\n' +
      '  Install Go and run `npm install` again, or set MONGODB_URI to a MongoDB server.',
  );
  process.exit(0);
}

console.log(
  `embedded database: building FerretDB with ${go.stdout.trim()} (first time takes a few minutes)`,
);
mkdirSync(dirname(binary), { recursive: true });
const build = spawnSync('go', ['build', '-trimpath', '-o', binary, '.'], {
  cwd: source,
  stdio: 'inherit',
  env: { ...process.env, CGO_ENABLED: '0', GOFLAGS: '-mod=readonly' },
});
if (build.status !== 0) {
  console.error('embedded database: building FerretDB failed (see above).');
  process.exit(1);
}
console.log(`embedded database: built ${binary}`);
