/**
 * What `npm test` reads back from each runner's JSON report: the counts it sums, and the failed
 * tests by name. CI's excerpt of a run is its end, so the names are printed there: a failure that
 * only the middle of a long log names cannot be found again (stop 45's could not).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The first line of a failure message that says something, without colours, at most 300 chars. */
function firstLine(message) {
  if (typeof message !== 'string') return undefined;
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((text) => text.trim() !== '');
  return line?.trim().slice(0, 300);
}

/** Counts and failures of a Vitest JSON report (`--reporter=json`); zeros when there is none. */
export function readVitestReport(file, root) {
  const report = { passed: 0, failed: 0, skipped: 0, failures: [] };
  if (!existsSync(file)) return report;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  report.passed = r.numPassedTests ?? 0;
  report.failed = r.numFailedTests ?? 0;
  report.skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const suite of r.testResults ?? []) {
    const where = path.relative(root, suite.name ?? '');
    const tests = suite.assertionResults ?? [];
    for (const test of tests) {
      if (test.status !== 'failed') continue;
      report.failures.push({
        name: `${where} › ${test.fullName}`,
        message: firstLine(test.failureMessages?.[0]),
      });
    }
    // A file that failed outside its tests (it would not load, a hook threw) has none failed.
    if (suite.status === 'failed' && !tests.some((test) => test.status === 'failed'))
      report.failures.push({ name: where, message: firstLine(suite.message) });
  }
  return report;
}

/** Counts and failures of a Playwright JSON report; zeros when there is none. Paths from `root`. */
export function readPlaywrightReport(file, root) {
  const report = { passed: 0, failed: 0, skipped: 0, failures: [] };
  if (!existsSync(file)) return report;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  report.passed = (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
  report.failed = r.stats?.unexpected ?? 0;
  report.skipped = r.stats?.skipped ?? 0;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        report.failures.push({
          name: `${spec.file}:${spec.line} › ${spec.title}`,
          message: firstLine(last?.error?.message ?? last?.errors?.[0]?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of r.suites ?? []) visit(suite);
  // Errors outside any test (a spec file that does not load, a global setup that throws): the run
  // fails with no test failed, so they are named as the Vitest twin names a file that failed.
  for (const error of r.errors ?? []) {
    const file = error.location?.file;
    const where = file ? `${path.relative(root, file)}:${error.location.line}` : 'Playwright run';
    report.failures.push({ name: where, message: firstLine(error.message) });
  }
  return report;
}
