/**
 * The source files of the home route's first download: those main.tsx reaches through its
 * imports, static or dynamic, except the pages the router loads on demand (app/router.tsx's
 * `import()`s). Their texts make the catalogue that comes with the first download
 * (src/locales/<language>/home.po); every other storefront text is in pages.po, fetched with the
 * first page loaded on demand. lingui.config.ts splits the catalogues by this list.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const ROUTER = join(root, 'src/app/router.tsx');

/** Relative imports of a file: `from './x'`, `import './x'` and `import('./x')`. */
const IMPORT = /(?:from\s+|import\s*\(?\s*)'(\.\.?\/[^']+)'/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => base + ending)
    .find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

export function homeRouteFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // The router's own imports are followed, its pages loaded on demand are not.
    const followed = file === ROUTER ? code.replace(/import\(\s*'[^']+'\s*\)/g, '') : code;
    for (const [, specifier] of followed.matchAll(IMPORT)) {
      const target = resolveImport(file, specifier);
      if (target) visit(target);
    }
  };
  visit(join(root, 'src/main.tsx'));
  return [...seen].map((file) => relative(root, file)).sort();
}
