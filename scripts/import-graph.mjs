#!/usr/bin/env node
// Prints the server's modules and who imports whom, and every loop between them.
//   node scripts/import-graph.mjs [--depth N]
// A module is a folder of server/src/ (at depth 1 by default: auth, catalogue, orders, ...;
// --depth 2 also splits catalogue/products from catalogue/categories). Tests are left out.
// Exits 1 when two modules import each other, directly or round a loop.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'server', 'src');
const depthAt = process.argv.indexOf('--depth');
const depth = depthAt > 0 ? Number(process.argv[depthAt + 1]) : 1;

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.spec\.ts$/.test(name) ? [path] : [];
  });
}

/** The module a file belongs to: its folder, cut at `depth`; files at the top are their own. */
function moduleOf(file) {
  const parts = relative(root, file).split('/');
  if (parts.length === 1) return parts[0].replace(/\.ts$/, '');
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/');
}

const edges = new Map();
for (const file of sources(root)) {
  const text = readFileSync(file, 'utf8');
  for (const [, spec] of text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
    const target = resolve(dirname(file), spec);
    const from = moduleOf(file);
    const to = moduleOf(target.endsWith('.ts') ? target : `${target}.ts`);
    if (from === to) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, [...(edges.get(key) ?? []), relative(root, file)]);
  }
}

const next = new Map();
for (const key of edges.keys()) {
  const [from, to] = key.split(' -> ');
  next.set(from, [...(next.get(from) ?? []), to]);
}

// Tarjan's strongly connected components: each component of more than one module is a loop.
let counter = 0;
const order = new Map();
const low = new Map();
const stack = [];
const loops = [];
function visit(node) {
  order.set(node, counter);
  low.set(node, counter);
  counter += 1;
  stack.push(node);
  for (const other of next.get(node) ?? []) {
    if (!order.has(other)) {
      visit(other);
      low.set(node, Math.min(low.get(node), low.get(other)));
    } else if (stack.includes(other)) {
      low.set(node, Math.min(low.get(node), order.get(other)));
    }
  }
  if (low.get(node) === order.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== node);
    if (component.length > 1) loops.push(component.sort());
  }
}
for (const node of next.keys()) if (!order.has(node)) visit(node);

console.log(`Imports between the modules of server/src (depth ${depth}):`);
for (const [key, files] of [...edges].sort()) console.log(`  ${key}  (${files.length})`);
if (loops.length === 0) {
  console.log('No loops: every module imports only modules that do not import it back.');
} else {
  console.log(`${loops.length} loop(s):`);
  for (const loop of loops) {
    console.log(`  ${loop.join(', ')}`);
    for (const [key, files] of edges) {
      const [from, to] = key.split(' -> ');
      if (loop.includes(from) && loop.includes(to)) {
        console.log(`    ${key}: ${[...new Set(files)].join(', ')}`);
      }
    }
  }
  process.exitCode = 1;
}
