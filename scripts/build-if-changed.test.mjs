// Part of `npm test` (node's test runner): scripts/build-if-changed.mjs rebuilds whenever an input
// changed, and only then, and never takes a failed build for a finished one. The builds here are
// stand-ins that write a file and count their runs, in a temporary folder.
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { buildIfChanged, inputsHash, STAMP, staleness, targetHash } from './build-if-changed.mjs';

let root;
const write = (path, text) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'shop-build-if-changed-'));
  write('src/a.ts', 'export const a = 1;\n');
  write('src/deep/b.ts', 'export const b = 2;\n');
  write('config.json', '{}\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('inputsHash', () => {
  const inputs = ['src', 'config.json', 'optional.env'];
  const hash = () => inputsHash(root, inputs, ['node v0']);

  it('is the same for the same files, whatever their times', () => {
    const before = hash();
    utimesSync(join(root, 'src/a.ts'), new Date(), new Date(Date.now() + 60_000));
    assert.equal(hash(), before);
  });

  it('changes with any content, name, new or deleted file, or extra line', () => {
    const seen = new Set([hash()]);
    const changed = (what) => {
      const now = hash();
      assert.ok(!seen.has(now), `${what} left the hash as it was`);
      seen.add(now);
    };
    write('src/deep/b.ts', 'export const b = 3;\n');
    changed('a change deep in a folder');
    write('src/c.ts', '');
    changed('a new empty file');
    renameSync(join(root, 'src/c.ts'), join(root, 'src/d.ts'));
    changed('a renamed file');
    write('optional.env', 'VITE_X=1\n');
    changed('a file named in the inputs that did not exist');
    rmSync(join(root, 'src/a.ts'));
    changed('a deleted file');
    assert.notEqual(inputsHash(root, inputs, ['node v1']), hash(), 'another Node version');
  });
});

describe('buildIfChanged', () => {
  // Counts its runs in builds.log, writes out/main.js, and fails when a file named fail exists.
  const build = `
    const fs = require('node:fs');
    fs.appendFileSync('builds.log', 'x');
    fs.mkdirSync('out', { recursive: true });
    fs.writeFileSync('out/main.js', fs.readFileSync('src/a.ts'));
    if (fs.existsSync('fail')) process.exit(1);`;
  const target = {
    inputs: ['src', 'config.json'],
    output: 'out',
    entry: 'main.js',
    command: [process.execPath, '-e', build],
  };
  const quiet = { log: () => {} };
  const builds = () =>
    existsSync(join(root, 'builds.log'))
      ? readFileSync(join(root, 'builds.log'), 'utf8').length
      : 0;
  const run = (options) => buildIfChanged(root, 'test', target, { ...quiet, ...options });

  it('builds the first time, then not until an input changes', () => {
    assert.equal(run(), true);
    assert.equal(builds(), 1);
    assert.equal(readFileSync(join(root, 'out', STAMP), 'utf8').trim(), targetHash(root, target));
    assert.equal(run(), true);
    assert.equal(builds(), 1);
    write('config.json', '{ "strict": true }\n');
    assert.equal(staleness(root, target, targetHash(root, target)), 'inputs changed');
    run();
    assert.equal(builds(), 2);
    run();
    assert.equal(builds(), 2);
  });

  it('builds again when asked to, or when the output is gone or was written by another build', () => {
    run();
    run({ force: true });
    assert.equal(builds(), 2);
    rmSync(join(root, 'out'), { recursive: true });
    run();
    assert.equal(builds(), 3);
    rmSync(join(root, 'out/main.js'));
    run();
    assert.equal(builds(), 4);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'out/main.js'), later, later);
    run();
    assert.equal(builds(), 5);
  });

  it('never counts a failed build as finished', () => {
    run();
    write('src/a.ts', 'export const a = "half-built";\n');
    write('fail', '');
    assert.equal(run(), false);
    assert.equal(existsSync(join(root, 'out', STAMP)), false);
    // Back to the sources of the last good build: the output is the failed build's, so it builds.
    write('src/a.ts', 'export const a = 1;\n');
    rmSync(join(root, 'fail'));
    assert.equal(run(), true);
    assert.equal(builds(), 3);
    assert.equal(readFileSync(join(root, 'out/main.js'), 'utf8'), 'export const a = 1;\n');
  });
});
