// `npm run fuzz [-- --quick]`: a contract fuzz of the REST API with schemathesis. Starts the
// built shop on a fresh database, signs in as the administrator (so guarded calls are reached
// too), and fails on any server error, any status, content type or body the OpenAPI
// document does not declare. --quick (or FUZZ_QUICK=1) keeps it to a few minutes, for CI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS_OUT_OF_THE_WAY, startBuiltShop } from './shop-server.mjs';

const root = join(import.meta.dirname, '..');
const quick = process.argv.includes('--quick') || process.env.FUZZ_QUICK === '1';

/** Cases per operation, and a time budget for the whole run, in seconds. */
const BUDGET = quick ? { examples: 25, seconds: 180 } : { examples: 300, seconds: 1800 };

const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
];

/** The schemathesis release the fuzz is written against (its CLI and event stream). */
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

/** Requests sent and distinct failures found, from schemathesis's NDJSON event stream. */
function figures(ndjsonPath) {
  let requests = 0;
  const findings = new Set();
  for (const line of readFileSync(ndjsonPath, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line);
    const scenario = event.ScenarioFinished;
    if (!scenario) continue;
    const label = scenario.recorder?.label;
    for (const check of Object.values(scenario.recorder?.checks ?? {}).flat()) {
      const failure = check.failure_info?.failure;
      if (check.status === 'failure') findings.add(`${label}: ${failure?.title ?? check.name}`);
    }
    requests += Object.keys(scenario.recorder?.interactions ?? {}).length;
  }
  return { requests, findings: [...findings] };
}

const admin = { email: 'fuzz-admin@shop.local', password: 'fuzz-admin-password-1' };
const shop = await startBuiltShop({
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  // Login and registration limits would otherwise stop the fuzz within its first minute; a
  // 429 is still a declared answer when it comes.
  ...LIMITS_OUT_OF_THE_WAY,
});
const reports = mkdtempSync(join(tmpdir(), 'shop-fuzz-'));
const started = Date.now();
let exitCode;
try {
  const token = await adminToken(shop.baseUrl, admin);
  const ndjson = join(reports, 'events.ndjson');
  const result = spawnSync(
    schemathesisBinary(),
    [
      'run',
      `${shop.baseUrl}/api/docs/openapi.json`,
      '--url',
      shop.baseUrl,
      '--checks',
      CHECKS.join(','),
      '--header',
      `Authorization: Bearer ${token}`,
      '--max-examples',
      String(BUDGET.examples),
      '--max-time',
      String(BUDGET.seconds),
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
    // In the scratch directory, so schemathesis's own cache stays out of the repository.
    { stdio: 'inherit', cwd: reports },
  );
  if (result.error) {
    throw new Error(
      `Could not run schemathesis (${result.error.message}): install it with ` +
        '`pip install schemathesis`, or set SCHEMATHESIS to its path',
    );
  }
  exitCode = result.status ?? 1;
  if (existsSync(ndjson)) {
    const { requests, findings } = figures(ndjson);
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `\nfuzz (${quick ? 'quick' : 'full'}): ${requests} requests, ${findings.length} findings, ${seconds} s`,
    );
    for (const finding of findings) console.log(`  ${finding}`);
  }
} finally {
  await shop.stop();
  rmSync(reports, { recursive: true, force: true });
}
process.exit(exitCode);
