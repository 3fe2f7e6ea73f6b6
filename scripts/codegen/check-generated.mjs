// Fails when client/src/gql differs from what `npm run codegen` makes of the committed
// schema.graphql and the client's operations: generated code must never go stale.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const committed = join(root, 'client', 'src', 'gql');
const scratch = mkdtempSync(join(tmpdir(), 'shop-codegen-'));

try {
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules', '@graphql-codegen', 'cli', 'cjs', 'bin.js'),
      '--config',
      'codegen.ts',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CODEGEN_OUT: scratch },
    },
  );
  const names = new Set([...readdirSync(committed), ...readdirSync(scratch)]);
  const stale = [...names].filter((name) => {
    const read = (dir) => {
      try {
        return readFileSync(join(dir, name), 'utf8');
      } catch {
        return null;
      }
    };
    return read(committed) !== read(scratch);
  });
  if (stale.length > 0) {
    console.error(
      `client/src/gql is stale (${stale.join(', ')}): run \`npm run codegen\` and commit.`,
    );
    process.exit(1);
  }
  console.log('client/src/gql matches schema.graphql and the client operations');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
