// Part of `npm run lint`: every file a comment or a document names must be in the repository,
// so that a reader who has only the repository can follow every pointer. It checks the paths
// that start at the repository's root (docs/, server/, client/, e2e/, scripts/, tools/) and any
// named Markdown file; a decision record may be named by its number alone (docs/decisions/004).
// What a build or an install writes (server/dist, .tools) is git-ignored and absent from a fresh
// clone: a path git ignores names output, not a missing file.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(md|ts|tsx|mjs|cjs|js|graphql|yml|yaml)$/.test(file))
  .filter((file) => !file.startsWith('client/src/gql/') && existsSync(join(root, file)));

const ROOTED = /(?<![\w@./-])((?:docs|server|client|e2e|scripts|tools)\/[\w./-]*[\w-])/g;
const MARKDOWN = /(?<![\w/.-])([\w-]+\.md)\b/g;

const markdownNames = new Set(
  tracked.filter((file) => file.endsWith('.md')).map((f) => basename(f)),
);

/** Files whose paths are made up on purpose: the lint test's imagined sources. */
const IMAGINED = new Set(['client/src/test/layers.test.ts']);

/** Whether git ignores `path` as a file or as a folder: build output such as server/dist. */
function ignored(path) {
  return [path, `${path}/`].some((candidate) => {
    try {
      execFileSync('git', ['check-ignore', '-q', candidate], { cwd: root });
      return true;
    } catch {
      return false;
    }
  });
}

function exists(path) {
  // Imports leave out the extension.
  if (['', '.ts', '.tsx', '.mjs'].some((ending) => existsSync(join(root, path + ending)))) {
    return true;
  }
  // docs/decisions/004 names 004-catalogue-read-model.md.
  const folder = join(root, dirname(path));
  return (
    (existsSync(folder) &&
      readdirSync(folder).some((entry) => entry.startsWith(`${basename(path)}-`))) ||
    ignored(path)
  );
}

const problems = [];
for (const file of tracked.filter((name) => !IMAGINED.has(name))) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const [, path] of line.matchAll(ROOTED)) {
      // A glob or a placeholder (docs/screenshots/*.png, server/test/<domain>) names no one file.
      if (/[*<>{}]/.test(line.slice(line.indexOf(path), line.indexOf(path) + path.length + 1)))
        continue;
      if (!exists(path.replace(/\/$/, ''))) problems.push(`${file}:${index + 1}: ${path}`);
    }
    for (const [, name] of line.matchAll(MARKDOWN)) {
      if (!markdownNames.has(name)) problems.push(`${file}:${index + 1}: ${name}`);
    }
  });
}

if (problems.length > 0) {
  console.error('These name files that are not in the repository:');
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`References: every file named in ${tracked.length} files exists.`);
