// `npm run bench:graphql`: how long the checks of server/src/graphql/operation-limits.ts
// take before an operation runs (parse with the token limit, graphql-js's validation with
// the limit rules, then the cost), for the worst documents they accept and refuse, against
// the home page's own query measured in the same run.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'server', 'package.json'));
const graphql = require('graphql');
let limits;
try {
  limits = require(join(root, 'server', 'dist', 'graphql', 'operation-limits.js'));
} catch {
  console.error('No server build: run `npm run build -w server` first.');
  process.exit(1);
}

const RUNS = 40;
const schema = graphql.buildSchema(readFileSync(join(root, 'schema.graphql'), 'utf8'));
const clientSources = join(root, 'client', 'src');
const clientOperations = graphql.separateOperations(
  graphql.parse(
    readdirSync(clientSources, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.graphql'))
      .map((file) => readFileSync(join(clientSources, file), 'utf8'))
      .join('\n'),
  ),
);

/** Everything the server does with a document before running it; "accepted" or why not. */
function check(source, variables = {}) {
  let document;
  try {
    document = graphql.parse(source, limits.parseOptions);
  } catch (error) {
    return error.message;
  }
  const errors = graphql.validate(schema, document, [
    ...graphql.specifiedRules,
    ...limits.limitRules,
  ]);
  if (errors.length > 0) return errors[0].message;
  try {
    const cost = limits.operationCost(
      schema,
      document,
      graphql.getOperationAST(document),
      variables,
    );
    return `accepted, cost ${cost}`;
  } catch (error) {
    return error.message;
  }
}

/** Median milliseconds of RUNS checks, after a few to warm up. */
function time(source, variables) {
  for (let i = 0; i < 5; i++) check(source, variables);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    check(source, variables);
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const aliases = (count, field) =>
  Array.from({ length: count }, (_, index) => `a${index}: ${field(index)}`).join(' ');

function doublingFragments(n) {
  const fragments = ['fragment F0 on Query { categories { id } }'];
  for (let i = 1; i <= n; i++)
    fragments.push(`fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`);
  return `query { ...F${n} }\n${fragments.join('\n')}`;
}

const fields = limits.MAX_FIELDS;
const documents = [
  [
    'home page: Storefront (baseline)',
    graphql.print(clientOperations.Storefront),
    { page: 1, pageSize: 6, filter: null },
  ],
  ['getIntrospectionQuery()', graphql.getIntrospectionQuery()],
  [
    `${limits.MAX_ALIASES} aliased product lookups`,
    `{ ${aliases(limits.MAX_ALIASES, (i) => `product(slug: "p${i}") { id category { name } }`)} }`,
  ],
  // graphql-js compares same-named fields pairwise, within a budget of its own; 700 is
  // about the most it accepts.
  ['700 fields of one name', `{ categories { ${'id '.repeat(700)}} }`],
  ['30 doubling fragments', doublingFragments(30)],
  [
    '199 aliased product searches',
    `{ ${aliases(199, (i) => `products(search: "phone ${i}") { total items { id name } }`)} }`,
  ],
  [`${fields * 2} fields of one name`, `{ categories { ${'id '.repeat(fields * 2)}} }`],
  [`${limits.MAX_TOKENS * 4} tokens`, `{ categories { ${'id '.repeat(limits.MAX_TOKENS * 4)}} }`],
];

const rows = documents.map(([name, source, variables]) => ({
  name,
  bytes: source.length,
  ms: time(source, variables),
  result: check(source, variables),
}));
const baseline = rows[0].ms;
console.log(`Checks before running an operation, median of ${RUNS} runs:\n`);
for (const { name, bytes, ms, result } of rows) {
  console.log(
    `${name.padEnd(36)} ${String(bytes).padStart(6)} B ${ms.toFixed(3).padStart(8)} ms ` +
      `${(ms / baseline).toFixed(1).padStart(6)} x home   ${result}`,
  );
}
const accepted = rows.filter((row) => row.result.startsWith('accepted'));
const refused = rows.filter((row) => !row.result.startsWith('accepted'));
const worst = (list) => list.reduce((a, b) => (b.ms > a.ms ? b : a));
console.log(
  `\nworst accepted: ${worst(accepted).ms.toFixed(3)} ms (${worst(accepted).name}); ` +
    `worst refused: ${worst(refused).ms.toFixed(3)} ms (${worst(refused).name}); ` +
    `home page: ${baseline.toFixed(3)} ms`,
);
