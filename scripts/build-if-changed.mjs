// Builds the server and/or the client only when what goes into their build changed since their
// last successful build. `npm start`, `npm run seed` and the scripts that run the built shop use
// it; `npm run build` passes --force and builds both whatever the stamps say.
//
//   node scripts/build-if-changed.mjs [server] [client] [--force]   (no name: both)
//
// A build's inputs (its source folders, configuration files, the lockfile, the Node version) are
// hashed, file names and contents, into one SHA-256. The hash of the inputs a build started from
// is written to a stamp inside its output folder once the build has succeeded, and only then:
// the stamp is removed before building, so a failed or interrupted build leaves none and the next
// run builds again. A target is up to date when its stamp holds the inputs' hash, its entry file
// is there and no file in the output folder is newer than the stamp (an output written by another
// command, such as `npm run build -w server`, makes it rebuild). Deleting the output folder
// deletes the stamp with it. If a file changes while a build runs, the stamp keeps the hash from
// before, which no longer matches, so the next run builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The stamp's name inside an output folder (a dotfile: the server does not serve it). */
export const STAMP = '.build-inputs';

/** What each build reads, relative to the repository; folders are read whole. */
export const TARGETS = {
  server: {
    inputs: [
      'server/src',
      'server/tsconfig.json',
      'server/tsconfig.build.json',
      'server/package.json',
      'tsconfig.json',
      'package-lock.json',
    ],
    output: 'server/dist',
    entry: 'main.js',
    command: ['npm', 'run', 'build', '-w', 'server'],
  },
  client: {
    inputs: [
      'client/src',
      'client/public',
      'client/index.html',
      'client/vite.config.ts',
      'client/postcss.config.cjs',
      // How the texts are split into catalogues (home.po and pages.po).
      'client/lingui.config.ts',
      'client/home-route.ts',
      'client/tsconfig.json',
      'client/package.json',
      'tsconfig.json',
      // The limits and messages the client imports as @shop/rules, @shop/indian-states,
      // @shop/payment-rules, @shop/banner-rules, @shop/offer-rules, @shop/tax-rules,
      // @shop/gstin, @shop/form-rules and @shop/refusals (client/vite.config.ts).
      'server/src/shared/rules.ts',
      'server/src/shared/indian-states.ts',
      'server/src/shared/payment-rules.ts',
      'server/src/shared/banner-rules.ts',
      'server/src/shared/offer-rules.ts',
      'server/src/shared/tax-rules.ts',
      'server/src/shared/gstin.ts',
      'server/src/shared/form-rules.ts',
      'server/src/shared/refusals.ts',
      'schema.graphql',
      'package-lock.json',
      // Vite reads .env files from the client's folder.
      ...dotenvFiles('client'),
    ],
    // Vite also takes VITE_* variables from the environment, and NODE_ENV sets its mode.
    env: (env) => Object.keys(env).filter((name) => name === 'NODE_ENV' || /^VITE_/.test(name)),
    output: 'client/dist',
    entry: 'index.html',
    command: ['npm', 'run', 'build', '-w', 'client'],
  },
};

function dotenvFiles(folder) {
  const dir = join(ROOT, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith('.env'))
    .map((name) => `${folder}/${name}`);
}

/** Every file under `path` (itself, if it is a file), sorted, as paths relative to `root`. */
function filesUnder(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true })
    .map((name) => join(path, name))
    .filter((file) => statSync(join(root, file)).isFile())
    .sort();
}

/**
 * One SHA-256 over the names and contents of every file the inputs name (a missing one counts as
 * missing, so creating it changes the hash), and over `extra` (the Node version, variables).
 */
export function inputsHash(root, inputs, extra = []) {
  const hash = createHash('sha256');
  for (const line of extra) hash.update(`${line}\n`);
  for (const input of inputs) {
    const files = filesUnder(root, input);
    if (files.length === 0) hash.update(`${input}: none\n`);
    for (const file of files) {
      const content = createHash('sha256').update(readFileSync(join(root, file)));
      hash.update(`${file.split(sep).join('/')}: ${content.digest('hex')}\n`);
    }
  }
  return hash.digest('hex');
}

/** The hash a target's build would be stamped with now. */
export function targetHash(root, target, env = process.env) {
  const variables = (target.env?.(env) ?? []).sort().map((name) => `${name}=${env[name]}`);
  return inputsHash(root, target.inputs, [`node ${process.version}`, ...variables]);
}

/** Why the target needs building, or null when its stamped build is up to date. */
export function staleness(root, target, hash) {
  const output = join(root, target.output);
  const stamp = join(output, STAMP);
  if (!existsSync(stamp)) return 'no finished build';
  if (readFileSync(stamp, 'utf8').trim() !== hash) return 'inputs changed';
  if (!existsSync(join(output, target.entry))) return `${target.entry} is missing`;
  const stamped = statSync(stamp).mtimeMs;
  const newer = readdirSync(output, { recursive: true }).find(
    (name) => statSync(join(output, name)).mtimeMs > stamped,
  );
  if (newer) return `${relative(root, join(output, newer))} was written after the stamp`;
  return null;
}

/** Builds the target unless it is up to date (or `force`); true when it is built afterwards. */
export function buildIfChanged(root, name, target, { force = false, log = console.log } = {}) {
  const hash = targetHash(root, target);
  const reason = force ? 'full build asked for' : staleness(root, target, hash);
  if (reason === null) {
    log(`${name}: up to date (inputs unchanged since its last build), not rebuilt`);
    return true;
  }
  log(`${name}: building (${reason})`);
  rmSync(join(root, target.output, STAMP), { force: true });
  const [command, ...args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    log(`${name}: build failed${result.error ? ` (${result.error.message})` : ''}`);
    return false;
  }
  writeFileSync(join(root, target.output, STAMP), `${hash}\n`);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const names = args.filter((arg) => arg !== '--force');
  const unknown = names.filter((name) => !(name in TARGETS));
  if (unknown.length > 0) {
    console.error(`Unknown build target ${unknown.join(', ')}: use server, client or neither.`);
    process.exit(2);
  }
  for (const name of names.length > 0 ? names : Object.keys(TARGETS)) {
    if (!buildIfChanged(ROOT, name, TARGETS[name], { force })) process.exit(1);
  }
}
