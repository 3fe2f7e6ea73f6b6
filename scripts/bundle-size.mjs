// `npm run bench`: the JavaScript a first visit to the home page downloads, gzipped,
// against the 250 KB budget, and against the baseline of the same build shipped
// without route splitting (every chunk at once), measured in this run.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Only the home page is in the first download; the pages most often opened from it are fetched
// when the browser is idle (client/src/app/router.tsx, prefetchLikelyPages).
const BUDGET_KB = 250;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'client', 'dist');

let html;
try {
  html = readFileSync(join(dist, 'index.html'), 'utf8');
} catch {
  console.error('No client build: run `npm run build` first.');
  process.exit(1);
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
  (match) => match[1],
);
const everything = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`);

const initialKb = initial.reduce((sum, file) => sum + gzipKb(file), 0);
const allKb = everything.reduce((sum, file) => sum + gzipKb(file), 0);

console.log(
  `home route, initial JS (gzip):        ${initialKb.toFixed(1)} KB in ${initial.length} file(s)`,
);
console.log(
  `baseline, all JS at once (gzip):      ${allKb.toFixed(1)} KB in ${everything.length} files`,
);
console.log(
  `saved by lazy routes:                 ${(allKb - initialKb).toFixed(1)} KB (${((1 - initialKb / allKb) * 100).toFixed(1)}%)`,
);
console.log(
  `budget:                               ${BUDGET_KB} KB -> ${initialKb <= BUDGET_KB ? 'within' : 'OVER'}`,
);
process.exit(initialKb <= BUDGET_KB ? 0 : 1);
