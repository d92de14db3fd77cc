/**
 * The names at the end of `npm test` come from these readers. A reader that drops a failure makes
 * CI's excerpt say "1 failed" with no name again (stop 45), so each kind of failure is written into
 * a report of the runner's own shape here and must come back named.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPlaywrightReport, readVitestReport } from './test-reports.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'medrem-test-reports-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function written(name, report) {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(report));
  return file;
}

const root = '/repo';

describe('readVitestReport', () => {
  it('reads zeros and no failures when the runner wrote no report (it crashed first)', () => {
    expect(readVitestReport(path.join(dir, 'absent.json'), root)).toEqual({
      passed: 0,
      failed: 0,
      skipped: 0,
      failures: [],
    });
  });

  it('names a failed test by file and full name, with the first line of its error', () => {
    const report = readVitestReport(
      written('vitest-failed.json', {
        numPassedTests: 7,
        numFailedTests: 1,
        numPendingTests: 2,
        numTodoTests: 1,
        testResults: [
          {
            name: '/repo/apps/server/test/a.test.ts',
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'works' },
              {
                status: 'failed',
                fullName: 'reminders › sends once',
                failureMessages: ['\n\u001b[31mAssertionError: expected 2 to be 1\u001b[39m\n    at x.ts:1'],
              },
            ],
          },
        ],
      }),
      root,
    );
    expect(report).toMatchObject({ passed: 7, failed: 1, skipped: 3 });
    expect(report.failures).toEqual([
      {
        name: 'apps/server/test/a.test.ts › reminders › sends once',
        message: 'AssertionError: expected 2 to be 1',
      },
    ]);
  });

  it('names a file that failed outside its tests (it did not load)', () => {
    const report = readVitestReport(
      written('vitest-file.json', {
        numPassedTests: 0,
        numFailedTests: 0,
        testResults: [
          {
            name: '/repo/apps/web/test/b.test.tsx',
            status: 'failed',
            message: 'Failed to load url ./missing',
            assertionResults: [],
          },
          { name: '/repo/apps/web/test/c.test.tsx', status: 'passed', assertionResults: [] },
        ],
      }),
      root,
    );
    expect(report.failures).toEqual([
      { name: 'apps/web/test/b.test.tsx', message: 'Failed to load url ./missing' },
    ]);
  });

  it('cuts a long error line to 300 characters', () => {
    const report = readVitestReport(
      written('vitest-long.json', {
        numFailedTests: 1,
        testResults: [
          {
            name: '/repo/x.test.ts',
            status: 'failed',
            assertionResults: [{ status: 'failed', fullName: 'long', failureMessages: ['e'.repeat(1000)] }],
          },
        ],
      }),
      root,
    );
    expect(report.failures[0].message).toHaveLength(300);
  });
});

describe('readPlaywrightReport', () => {
  it('counts flaky tests as passed and names an unexpected one from a nested suite', () => {
    const report = readPlaywrightReport(
      written('playwright-failed.json', {
        stats: { expected: 40, flaky: 2, unexpected: 1, skipped: 3 },
        suites: [
          {
            specs: [{ file: 'a.spec.ts', line: 3, title: 'ok', tests: [{ status: 'expected' }] }],
            suites: [
              {
                specs: [
                  {
                    file: 'offline.spec.ts',
                    line: 12,
                    title: 'shows the list offline',
                    tests: [
                      {
                        status: 'unexpected',
                        results: [
                          { error: { message: 'first try' } },
                          { errors: [{ message: 'Error: locator not visible\nCall log:' }] },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }),
      root,
    );
    expect(report).toMatchObject({ passed: 42, failed: 1, skipped: 3 });
    expect(report.failures).toEqual([
      { name: 'offline.spec.ts:12 › shows the list offline', message: 'Error: locator not visible' },
    ]);
  });

  it('names errors outside any test: a spec file that does not load, a global setup that throws', () => {
    const report = readPlaywrightReport(
      written('playwright-errors.json', {
        stats: { expected: 0, unexpected: 0, skipped: 0 },
        suites: [],
        errors: [
          {
            message: "SyntaxError: Unexpected token ')'",
            location: { file: '/repo/apps/web/e2e/broken.spec.ts', line: 9, column: 1 },
          },
          { message: 'Error: global setup: the server did not start' },
        ],
      }),
      root,
    );
    expect(report.failures).toEqual([
      { name: 'apps/web/e2e/broken.spec.ts:9', message: "SyntaxError: Unexpected token ')'" },
      { name: 'Playwright run', message: 'Error: global setup: the server did not start' },
    ]);
  });
});
