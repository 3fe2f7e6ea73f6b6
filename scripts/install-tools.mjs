// Builds the programs the shop runs beside itself into .tools/bin, when a Go toolchain is
// present and a binary is missing or older than the folder in tools/ that pins it:
//
// - the embedded database engine (FerretDB on SQLite), from tools/ferretdb;
// - the mail catcher (Mailpit), from tools/mailpit. Its Go module ships without its web UI, so
//   the module's source is copied into .tools/mailpit-build, the UI is built there with the module's
//   own package-lock.json, and the command is built against that copy. A fresh build, with
//   empty Go and npm caches, took 57 s on a two-core machine: npm ci 6 s, the UI 2 s, go build
//   48 s (its modules' downloads included). The copy, its node_modules with it, is removed once
//   the build has succeeded.
//
// Without Go it only explains the alternatives: the server can still use MONGODB_URI.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, '.tools', 'bin');
const goEnv = { ...process.env, CGO_ENABLED: '0', GOFLAGS: '-mod=readonly' };

const tools = [
  {
    label: 'embedded database',
    name: 'FerretDB',
    source: join(root, 'tools', 'ferretdb'),
    binary: join(bin, 'ferretdb-embedded'),
    withoutGo: 'Install Go and run `npm install` again, or set MONGODB_URI to a MongoDB server.',
    build: buildFerretDb,
  },
  {
    label: 'mail catcher',
    name: 'Mailpit',
    source: join(root, 'tools', 'mailpit'),
    binary: join(bin, 'mailpit'),
    withoutGo:
      'Install Go 1.26 or newer and run `npm install` again to catch the mail development sends.',
    build: buildMailpit,
  },
];

let go;
for (const tool of tools) {
  if (existsSync(tool.binary) && statSync(tool.binary).mtimeMs >= newestFile(tool.source)) {
    console.log(`${tool.label}: ${tool.binary} is up to date`);
    continue;
  }
  go ??= goToolchain();
  if (!go) {
    console.warn(
      `${tool.label}: no Go toolchain found, so ${tool.name} was not built.\n  ${tool.withoutGo}`,
    );
    continue;
  }
  const needed = /^go (\S+)$/m.exec(readFileSync(join(tool.source, 'go.mod'), 'utf8'))[1];
  if (go.local && olderThan(go.version, needed)) {
    console.warn(
      `${tool.label}: ${tool.name} needs Go ${needed} or newer, and this is ${go.version}, ` +
        `so it was not built.\n  ${tool.withoutGo}`,
    );
    continue;
  }
  console.log(`${tool.label}: building ${tool.name} with ${go.version}`);
  const started = Date.now();
  mkdirSync(bin, { recursive: true });
  tool.build(tool);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`${tool.label}: built ${tool.binary} in ${seconds} s`);
}

function buildFerretDb({ label, source, binary }) {
  run(label, 'go build', 'go', ['build', '-trimpath', '-o', binary, '.'], {
    cwd: source,
    env: goEnv,
  });
}

function buildMailpit({ label, source, binary }) {
  const modulePath = 'github.com/axllent/mailpit';
  // Checked against tools/mailpit/go.sum on the way.
  const download = run(label, 'the module source', 'go', ['mod', 'download', '-json', modulePath], {
    cwd: source,
    env: goEnv,
  });
  const { Dir: moduleDir, Version: version } = JSON.parse(download);

  const scratch = join(root, '.tools', 'mailpit-build');
  const copy = join(scratch, 'src');
  rmSync(scratch, { recursive: true, force: true });
  cpSync(moduleDir, copy, { recursive: true });
  makeWritable(copy); // the module cache's files are read-only, and so would the copy be
  withoutApiDocsViewer(copy);

  // --omit=peer leaves out what only peer dependencies bring: sass-embedded (the esbuild Sass
  // plugin's optional engine, whose locked 1.108.1 the registry no longer serves; the plugin
  // compiles with its own dependency, sass) and an ESLint parser. Nothing the UI build uses.
  run(
    label,
    `npm ci for its web UI (${version})`,
    npmCommand(),
    ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--omit=peer'],
    { cwd: copy, env: npmEnv() },
  );
  run(label, 'its web UI', process.execPath, ['esbuild.config.mjs'], {
    cwd: copy,
    env: { ...npmEnv(), MINIFY: 'true' },
  });

  // tools/mailpit's own go.mod and go.sum, with Mailpit's source taken from the copy.
  const modfile = join(scratch, 'go.mod');
  writeFileSync(
    modfile,
    `${readFileSync(join(source, 'go.mod'), 'utf8')}\nreplace ${modulePath} => ${copy}\n`,
  );
  cpSync(join(source, 'go.sum'), join(scratch, 'go.sum'));
  // Mailpit's own main sets its licence text, which its about page shows; the Go tool reads
  // -ldflags as quoted fields, so the text is quoted with a mark it does not contain.
  const licence = readFileSync(join(copy, 'LICENSE'), 'utf8');
  const quote = licence.includes("'") ? '"' : "'";
  const ldflags = [
    '-s -w',
    `-X ${modulePath}/config.Version=${version}`,
    `-X ${quote}${modulePath}/internal/licenses.Mailpit=${licence}${quote}`,
  ].join(' ');
  run(
    label,
    'go build',
    'go',
    ['build', '-modfile', modfile, '-trimpath', '-ldflags', ldflags, '-o', binary, '.'],
    { cwd: source, env: goEnv },
  );

  rmSync(scratch, { recursive: true, force: true });
}

/**
 * Mailpit's lock pins rapidoc 12.1.0, which draws its API documentation page (/api/v1/) and which
 * the npm registry does not serve, so `npm ci` would fail on it. The copy leaves it out: the
 * page says where the API is described instead, and the rest of the UI is built from the lock
 * as it is.
 */
function withoutApiDocsViewer(copy) {
  const edit = (file, change) => {
    const path = join(copy, file);
    const json = JSON.parse(readFileSync(path, 'utf8'));
    change(json);
    writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
  };
  edit('package.json', (pkg) => delete pkg.dependencies.rapidoc);
  edit('package-lock.json', (lock) => {
    delete lock.packages[''].dependencies.rapidoc;
    delete lock.packages['node_modules/rapidoc'];
  });
  writeFileSync(
    join(copy, 'server', 'ui-src', 'docs.js'),
    `document.addEventListener('DOMContentLoaded', () => {
  const note = document.createElement('p');
  note.innerHTML = 'This build of Mailpit has no API documentation viewer: the API is described in <a href="swagger.json">swagger.json</a> and at https://mailpit.axllent.org/docs/api-v1/.';
  document.body.prepend(note);
});
`,
  );
}

/** Runs a step on one line of output, with the seconds it took; its own output only if it fails. */
function run(label, step, command, args, options) {
  process.stdout.write(`${label}: ${step}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    ...options,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  console.log(` (${Math.round((Date.now() - started) / 1000)} s)`);
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error(`${label}: ${step} failed${result.error ? `: ${result.error.message}` : ''}.`);
    process.exit(1);
  }
  return result.stdout;
}

/** The Go toolchain here, and whether it may not fetch a newer one that a go.mod asks for. */
function goToolchain() {
  const env = spawnSync('go', ['env', 'GOVERSION', 'GOTOOLCHAIN'], { encoding: 'utf8' });
  if (env.status !== 0) return undefined;
  const [version, toolchain = ''] = env.stdout.trim().split('\n');
  // Before Go 1.21 there is no GOTOOLCHAIN, and no fetching of a newer toolchain.
  return { version, local: toolchain === 'local' || toolchain === '' };
}

/** Whether Go `version` (go1.24.3) is older than `needed` (1.26 or 1.26.0). */
function olderThan(version, needed) {
  const parts = (text) => text.replace(/^go/, '').split('.').map(Number);
  const [have, want] = [parts(version), parts(needed)];
  for (let i = 0; i < 3; i += 1) {
    if ((have[i] ?? 0) !== (want[i] ?? 0)) return (have[i] ?? 0) < (want[i] ?? 0);
  }
  return false;
}

function newestFile(dir) {
  return Math.max(...readdirSync(dir).map((name) => statSync(join(dir, name)).mtimeMs));
}

function makeWritable(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(path);
    else chmodSync(path, 0o644);
  }
}

function npmCommand() {
  return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/**
 * The environment without the settings of the `npm install` this script runs under (such as
 * --omit=dev or --workspaces), which would change what the UI's own install does; the
 * registry, proxy, cache and credentials settings are kept.
 */
function npmEnv() {
  const kept = /registry|_auth|token|proxy|cafile|^npm_config_(ca|cache|strict_ssl|userconfig)$/i;
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name) || kept.test(name)),
  );
}
