#!/usr/bin/env node
/**
 * `npm test`: the whole suite, as CI runs it.
 *   1. the production build (the browser tests and the service-worker push test run against it),
 *      and Debian's Chromium when it is missing;
 *   2. unit and API tests of every workspace on the embedded database (PGlite), and of scripts/;
 *   3. the server's data tests again on a real PostgreSQL server (skipped, loudly, when none is reachable):
 *      the files that reach the database engine (engine-tests.mjs);
 *   4. the browser (E2E) suite against the built server;
 *   5. openapi.json must match the contract.
 * It ends with the failed tests by name (if any), then one plain line "N passed, N failed, N skipped"
 * summing every runner.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitByEngine } from './engine-tests.mjs';
import { readPlaywrightReport, readVitestReport } from './test-reports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'medrem-test-reports-'));
// Read back as each step ends and summed into the last lines; nothing points to them afterwards,
// so they go with the run (1.2 MiB each), however it ends (an interrupt exits through here too).
process.once('exit', () => rmSync(reports, { recursive: true, force: true }));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Failed tests by name, with the step that ran them (test-reports.mjs). */
const failedTests = [];
/** How many of them the end of the output lists: enough to act on, short enough for CI's excerpt. */
const LISTED_FAILURES = 30;

/**
 * A step that runs longer than this has hung (each takes under 20 minutes on two cores): it is
 * stopped and named, so that one stuck test cannot use up CI's whole time without saying where.
 * 40, not 30, since the suite grew by a round of features (2026-12-06): a loaded machine took the
 * server's steps past 30 minutes with nothing hung; two hung steps still end within CI's 90.
 */
const STEP_LIMIT_MS = Number(process.env.TEST_STEP_LIMIT_MINUTES ?? 40) * 60_000;

let current;
// The steps run in their own process groups, so an interrupt or CI's stop is passed on to them.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) process.kill(-current.pid, 'SIGKILL');
    process.exit(130);
  });
}

async function run(label, command, args, options = {}) {
  console.log(`\n━━ ${label}\n$ ${command} ${args.join(' ')}`);
  const started = Date.now();
  // An env value of undefined removes the variable (the PGlite pass must not see TEST_DATABASE_URL).
  const env = { ...process.env, ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  // Its own process group, so that a hung step is stopped with every process it started.
  const child = spawn(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd: root,
    ...options,
    env,
    detached: true,
  });
  current = child;
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    process.kill(-child.pid, 'SIGKILL');
  }, STEP_LIMIT_MS);
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  clearTimeout(timer);
  current = undefined;
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    hung
      ? `\n!! ${label}: stopped after ${minutes} min — past its limit, taken as hung (TEST_STEP_LIMIT_MINUTES).`
      : `━━ ${label}: ${minutes} min`,
  );
  if (status !== 0) failures.push(label);
  return status === 0;
}

function addReport(label, report) {
  totals.passed += report.passed;
  totals.failed += report.failed;
  totals.skipped += report.skipped;
  for (const failure of report.failures) failedTests.push({ label, ...failure });
}

async function vitest(label, workspace, env = {}, args = []) {
  const dir = path.join(root, workspace);
  if (!existsSync(path.join(dir, 'package.json'))) return;
  const out = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  await run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
      ...args,
    ],
    {
      cwd: dir,
      env,
    },
  );
  addReport(label, readVitestReport(out, root));
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => undefined });
  try {
    await sql`select 1`;
    return url;
  } catch (error) {
    console.log(
      `\n!! SKIPPED: the PostgreSQL runs of the data tests — no server reachable at ${url} (${error.message}).`,
    );
    console.log('!! Set TEST_DATABASE_URL to a PostgreSQL server to run them.');
    return undefined;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

const built = await run('production build', 'npm', ['run', 'build']);

// Debian's Chromium drives the server's service-worker push tests (step 2) as well as the browser
// suite (step 4), whose global setup used to be the only step that installed it: on a fresh
// machine the push tests were skipped. Installed here first (CI runs as root); if it cannot be
// installed the step fails, as the browser suite could not run either.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  await run(
    "Debian's Chromium for the browser tests",
    'sh',
    ['-c', 'apt-get install -y chromium || (apt-get update && apt-get install -y chromium)'],
    { env: { DEBIAN_FRONTEND: 'noninteractive' } },
  );
}

for (const workspace of ['packages/domain', 'packages/contract', 'apps/server', 'apps/web']) {
  await vitest(`unit and API tests: ${workspace} (PGlite)`, workspace, { TEST_DATABASE_URL: undefined });
}

// This script's own report readers: the failure names at the end of a run come from them.
await vitest('tests of scripts/', '.', {}, ['--dir', 'scripts']);

const pg = await postgresUrl();
if (pg) {
  // Only the files whose result can depend on the engine (decision 311): the others ran the same
  // code a moment ago in the PGlite pass.
  const { engine, independent } = splitByEngine(path.join(root, 'apps/server/test'));
  console.log(
    `\nThe PostgreSQL pass runs the ${engine.length} server test files that reach the database engine; ` +
      `the other ${independent.length} never do (scripts/engine-tests.mjs) and ran in the PGlite pass.`,
  );
  await vitest(
    'API and data tests: apps/server (PostgreSQL)',
    'apps/server',
    { TEST_DATABASE_URL: pg },
    engine,
  );
}

const webPackage = JSON.parse(readFileSync(path.join(root, 'apps/web/package.json'), 'utf8'));
if (built && webPackage.scripts?.['test:e2e']) {
  const out = path.join(reports, 'e2e.json');
  await run(
    'browser tests (Playwright, Chromium)',
    'npm',
    ['run', 'test:e2e', '-w', '@medrem/web', '--', '--reporter=list,json'],
    { env: { PLAYWRIGHT_JSON_OUTPUT_FILE: out } },
  );
  addReport('browser tests', readPlaywrightReport(out, root));
}

await run('openapi.json is up to date', 'npm', ['run', 'openapi:check']);

if (failedTests.length) {
  console.log(`\n━━ Failed tests (${failedTests.length})`);
  for (const test of failedTests.slice(0, LISTED_FAILURES)) {
    console.log(`✗ ${test.label}: ${test.name}`);
    if (test.message) console.log(`    ${test.message}`);
  }
  const more = failedTests.length - LISTED_FAILURES;
  if (more > 0) console.log(`… and ${more} more (the steps' own output above names them)`);
}
console.log(`\n━━ Summary${failures.length ? ` — failed steps: ${failures.join('; ')}` : ''}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
