// `npm run fuzz [-- --quick]`: a contract fuzz of the REST API (against its OpenAPI document)
// and of the GraphQL API (against its schema) with schemathesis. Starts the built shop on a
// fresh database, signs in as the administrator (so guarded calls are reached too), and fails
// on any server error, any status, content type or body the OpenAPI document does not declare,
// any GraphQL error without a code the shop declares, and when more than
// MAX_UNAUTHENTICATED_SHARE of the requests were refused as signed out: the sign of a fuzz that
// lost its session and no longer reaches the guarded calls. --quick (or FUZZ_QUICK=1) keeps it
// to about two minutes, for CI. Why it is built so: docs/decisions/016-fuzz-and-the-mongodb-path.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS_OUT_OF_THE_WAY, startBuiltShop } from './shop-server.mjs';

const root = join(import.meta.dirname, '..');
const quick = process.argv.includes('--quick') || process.env.FUZZ_QUICK === '1';

/**
 * Cases per operation, and each API's time budget in seconds. Quick: with the shop's start
 * (about 20 s) and schemathesis's own (a few seconds a run), about two minutes in all; REST
 * gets more, having more operations and phases (examples and coverage run only on OpenAPI).
 */
const BUDGET = quick
  ? { examples: 25, seconds: { rest: 65, graphql: 35 } }
  : { examples: 300, seconds: { rest: 1200, graphql: 600 } };

/**
 * More requests refused as signed out than this (401, or GraphQL's UNAUTHENTICATED), and the
 * fuzz has lost its session: it fails. Not counted: the cases schemathesis sends without the
 * session on purpose, to see them refused.
 */
const MAX_UNAUTHENTICATED_SHARE = 0.05;

/**
 * What each API is fuzzed at, with what known values, and checked for. The demo catalogue's
 * real ids and slugs are mixed into the values generated for the arguments that name a
 * product or a category (schemathesis's fuzz dictionaries, DICTIONARY_SHARE of the time): a
 * random id only ever reaches "not found", never the code behind it, such as the photo
 * handling of the upload routes. GraphQL answers refusals with 200 and a coded
 * error, so its own check (scripts/fuzz_hooks.py) reads the codes.
 */
const APIS = {
  rest: {
    location: (baseUrl) => `${baseUrl}/api/docs/openapi.json`,
    url: (baseUrl) => baseUrl,
    // [dictionary, parameter, the paths of the operations it is for (all when left out)]
    dictionaries: [
      ['productIds', 'path.id', '^/api/v1/product/(update-product|delete-product|product-photo)/'],
      ['productIds', 'path.pid', '^/api/v1/product/related-product/'],
      ['productSlugs', 'path.slug', '^/api/v1/product/get-product/'],
      ['categoryIds', 'path.id', '^/api/v1/category/(update|delete)-category/'],
      ['categoryIds', 'body.category'],
      ['categoryIds', 'body.checked[*]'],
    ],
    checks: [
      'not_a_server_error',
      'status_code_conformance',
      'content_type_conformance',
      'response_schema_conformance',
    ],
  },
  graphql: {
    location: (baseUrl) => `${baseUrl}/graphql`,
    url: (baseUrl) => `${baseUrl}/graphql`,
    dictionaries: [
      ['productIds', 'Mutation.updateProduct.id'],
      ['productIds', 'Mutation.deleteProduct.id'],
      ['productIds', 'Query.relatedProducts.productId'],
      ['productIds', 'Query.productsByIds.ids[*]'],
      ['productSlugs', 'Query.product.slug'],
      ['categoryIds', 'Mutation.createProduct.input.category'],
      ['categoryIds', 'Mutation.updateProduct.input.category'],
      ['categoryIds', 'Mutation.updateCategory.id'],
      ['categoryIds', 'Mutation.deleteCategory.id'],
      ['categoryIds', 'Query.products.filter.categoryIds[*]'],
      ['categoryIds', 'Query.productFacets.filter.categoryIds[*]'],
      ['categorySlugs', 'Query.category.slug'],
    ],
    checks: ['graphql_declared_errors', 'response_schema_conformance'],
  },
};

/**
 * The operations that end the session they are sent with (a new password ends every session
 * too), as schemathesis labels them. Each case of them runs on a new shopper of its own
 * (scripts/fuzz_hooks.py), so the administrator's session lasts the whole fuzz.
 */
const SESSION_ENDING = [
  'POST /api/v1/auth/sign-out-everywhere',
  'PUT /api/v1/auth/profile',
  'Mutation.signOutEverywhere',
  'Mutation.updateProfile',
];

/** How often a known value is used where a dictionary applies; generated values the rest. */
const DICTIONARY_SHARE = 0.5;

/** The schemathesis release the fuzz is written against (its CLI, hooks and event stream). */
const SCHEMATHESIS_VERSION = '~=4.32';

/**
 * SCHEMATHESIS, else a copy in a virtual environment under .tools, made on first use (Debian's
 * Python refuses system-wide pip installs, PEP 668; `python3-venv` must be installed).
 */
function schemathesisBinary() {
  if (process.env.SCHEMATHESIS) return process.env.SCHEMATHESIS;
  const venv = join(root, '.tools', 'schemathesis');
  const binary = join(venv, 'bin', 'schemathesis');
  if (!existsSync(binary)) {
    console.log('Installing schemathesis into .tools/schemathesis (once)');
    for (const [command, args] of [
      ['python3', ['-m', 'venv', venv]],
      [join(venv, 'bin', 'pip'), ['install', '--quiet', `schemathesis${SCHEMATHESIS_VERSION}`]],
    ]) {
      const done = spawnSync(command, args, { stdio: 'inherit' });
      if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
    }
  }
  return binary;
}

async function adminToken(baseUrl, account) {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`Admin login failed with ${response.status}`);
  return (await response.json()).token;
}

/** The ids and slugs of the shop's categories and products, read through REST. */
async function knownValues(baseUrl) {
  const read = async (path) => (await fetch(`${baseUrl}/api/v1/${path}`)).json();
  const { category: categories } = await read('category/get-category');
  const { products } = await read('product/get-product');
  return {
    categoryIds: categories.map((category) => category._id),
    categorySlugs: categories.map((category) => category.slug),
    productIds: products.map((product) => product._id),
    productSlugs: products.map((product) => product.slug),
  };
}

/**
 * A schemathesis configuration file binding `api`'s dictionaries to the known values. TOML's
 * strings and arrays of them read as JSON writes them.
 */
function writeConfig(api, known, reports) {
  const binding = (dictionary) =>
    `{ dictionary = "${dictionary}", probability = ${DICTIONARY_SHARE} }`;
  const lines = [];
  for (const [name, values] of Object.entries(known)) {
    lines.push(`[dictionaries.${name}]`, `values = ${JSON.stringify(values)}`, '');
  }
  const uses = APIS[api].dictionaries;
  lines.push('[parameters]');
  for (const [dictionary, parameter] of uses.filter(([, , path]) => !path)) {
    lines.push(`${JSON.stringify(parameter)} = ${binding(dictionary)}`);
  }
  for (const [dictionary, parameter, path] of uses.filter(([, , path]) => path)) {
    lines.push(
      '',
      '[[operations]]',
      `include-path-regex = ${JSON.stringify(path)}`,
      `parameters = { ${JSON.stringify(parameter)} = ${binding(dictionary)} }`,
    );
  }
  const file = join(reports, `${api}.toml`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Whether an answer refused the request as signed out: a 401, or GraphQL's UNAUTHENTICATED. */
function signedOut(response) {
  if (response.status_code === 401) return true;
  const body = response.content?.$base64;
  if (!body) return false;
  try {
    const { errors } = JSON.parse(Buffer.from(body, 'base64').toString('utf8'));
    return (errors ?? []).some((error) => error?.extensions?.code === 'UNAUTHENTICATED');
  } catch {
    return false;
  }
}

/** How schemathesis labels the scenarios of its stateful phase. */
const STATEFUL = 'Stateful tests';

/**
 * Whether schemathesis sent the case without the session on purpose: its negative cases drop
 * or mangle the Authorization header to see a 401 answered, which says nothing of the session.
 */
const sessionLeftOut = (sent) => sent?.meta?.components?.header?.mode === 'negative';

/**
 * Requests sent; those refused as signed out, in all and of those sent with the session (and
 * these per operation); and distinct failures, from the NDJSON events.
 */
function figures(ndjsonPath) {
  const counted = { requests: 0, refused: 0, unauthenticated: 0 };
  const signedOutBy = new Map();
  const findings = new Set();
  for (const line of readFileSync(ndjsonPath, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const scenario = JSON.parse(line).ScenarioFinished;
    if (!scenario) continue;
    const label = scenario.recorder?.label;
    for (const check of Object.values(scenario.recorder?.checks ?? {}).flat()) {
      const failure = check.failure_info?.failure;
      if (check.status === 'failure') findings.add(`${label}: ${failure?.title ?? check.name}`);
    }
    for (const [id, { response }] of Object.entries(scenario.recorder?.interactions ?? {})) {
      counted.requests += 1;
      if (!response || !signedOut(response)) continue;
      counted.refused += 1;
      const sent = scenario.recorder.cases?.[id]?.value;
      if (sessionLeftOut(sent)) continue;
      counted.unauthenticated += 1;
      // A stateful scenario chains operations under one label; its cases name their own.
      const operation = sent && label === STATEFUL ? `${sent.method} ${sent.path}` : label;
      signedOutBy.set(operation, (signedOutBy.get(operation) ?? 0) + 1);
    }
  }
  return { ...counted, signedOutBy, findings: [...findings] };
}

/** One schemathesis run on `api`; its exit status and figures. */
function fuzz(api, baseUrl, token, known, reports, retried = false) {
  const ndjson = join(reports, `${api}.ndjson`);
  const started = Date.now();
  const result = spawnSync(
    schemathesisBinary(),
    [
      '--config-file',
      writeConfig(api, known, reports),
      'run',
      APIS[api].location(baseUrl),
      '--url',
      APIS[api].url(baseUrl),
      '--checks',
      APIS[api].checks.join(','),
      '--max-examples',
      String(BUDGET.examples),
      '--max-time',
      String(BUDGET.seconds[api]),
      '--workers',
      '2',
      '--request-timeout',
      '10',
      '--report',
      'ndjson',
      '--report-ndjson-path',
      ndjson,
      ...process.argv.slice(2).filter((arg) => arg !== '--quick'),
    ],
    {
      // Shown as it comes, and kept to tell schemathesis's own failures from the shop's.
      stdio: ['inherit', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
      // In the scratch directory, so schemathesis's own cache stays out of the repository.
      cwd: reports,
      env: {
        ...process.env,
        SCHEMATHESIS_HOOKS: join(import.meta.dirname, 'fuzz_hooks.py'),
        FUZZ_BASE_URL: baseUrl,
        FUZZ_TOKEN: token,
        FUZZ_SESSION_ENDING: JSON.stringify(SESSION_ENDING),
      },
    },
  );
  if (result.error) {
    throw new Error(
      `Could not run schemathesis (${result.error.message}): install it with ` +
        '`pip install schemathesis`, or set SCHEMATHESIS to its path',
    );
  }
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  const seconds = Math.round((Date.now() - started) / 1000);
  const found = existsSync(ndjson)
    ? figures(ndjson)
    : { requests: 0, refused: 0, unauthenticated: 0, signedOutBy: new Map(), findings: [] };
  const status = result.status ?? 1;
  if (status !== 0 && found.findings.length === 0 && !retried && interpreterFault(result)) {
    console.log(
      `\n${api}: schemathesis stopped on a fault of the Python interpreter, with no finding ` +
        '(CPython issue 106905, fixed in 3.11.8 and 3.12.1: a SystemError from ast.parse in a threaded program); running ' +
        'this API once more.\n',
    );
    return fuzz(api, baseUrl, token, known, reports, true);
  }
  return { api, status, seconds, ...found };
}

/** Whether schemathesis stopped on CPython's AST recursion-depth fault, not on the shop. */
const interpreterFault = ({ stdout, stderr }) =>
  `${stdout}${stderr}`.includes('AST constructor recursion depth mismatch');

const percent = (share) => `${(share * 100).toFixed(1)}%`;

const admin = { email: 'fuzz-admin@shop.local', password: 'fuzz-admin-password-1' };
const started = Date.now();
const shop = await startBuiltShop({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  // Login and registration limits and GraphQL's cost budgets would otherwise stop the fuzz
  // within its first minute; a 429 is still a declared answer when it comes.
  ...LIMITS_OUT_OF_THE_WAY,
});
const startSeconds = Math.round((Date.now() - started) / 1000);
// FUZZ_REPORTS keeps the events, configuration files and schemathesis's cache for a look after.
const kept = process.env.FUZZ_REPORTS;
if (kept) mkdirSync(kept, { recursive: true });
const reports = kept || mkdtempSync(join(tmpdir(), 'shop-fuzz-'));
let exitCode = 0;
try {
  const token = await adminToken(shop.baseUrl, admin);
  const known = await knownValues(shop.baseUrl);
  const runs = Object.keys(APIS).map((api) => fuzz(api, shop.baseUrl, token, known, reports));
  const total = (field) => runs.reduce((sum, run) => sum + run[field], 0);
  const share = (field) => total(field) / Math.max(1, total('requests'));
  console.log(
    `\nfuzz (${quick ? 'quick' : 'full'}): ${total('requests')} requests, ` +
      `${runs.flatMap((run) => run.findings).length} findings, ` +
      `${percent(share('unauthenticated'))} refused as signed out with the session ` +
      `(${percent(share('refused'))} with those sent without it on purpose), ` +
      `${Math.round((Date.now() - started) / 1000)} s (the shop's start ${startSeconds} s)`,
  );
  for (const run of runs) {
    console.log(
      `  ${run.api}: ${run.requests} requests, ${run.findings.length} findings, ` +
        `${run.unauthenticated} (${run.refused}) refused as signed out, ${run.seconds} s`,
    );
    for (const finding of run.findings) console.log(`    ${finding}`);
    if (run.status !== 0) exitCode = run.status;
  }
  if (share('unauthenticated') > MAX_UNAUTHENTICATED_SHARE) {
    console.log(
      `\nFailed: ${percent(share('unauthenticated'))} of the requests were refused as signed out (at most ` +
        `${percent(MAX_UNAUTHENTICATED_SHARE)}): the fuzz lost its session, so the signed-in ` +
        'calls went untested. Did an operation end the session it was sent with? ' +
        'List it in SESSION_ENDING (scripts/fuzz.mjs). Refused the most:',
    );
    const worst = runs.flatMap((run) => [...run.signedOutBy]).sort(([, a], [, b]) => b - a);
    for (const [label, count] of worst.slice(0, 10)) console.log(`  ${count} ${label}`);
    exitCode ||= 1;
  }
} finally {
  await shop.stop();
  if (!kept) rmSync(reports, { recursive: true, force: true });
}
process.exit(exitCode);
