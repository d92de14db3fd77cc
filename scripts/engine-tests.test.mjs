/**
 * The PostgreSQL pass of `npm test` runs only the server test files that reach the database engine
 * (decision 311). A file wrongly left out would lose its PostgreSQL run without anyone noticing, so
 * each way a file can reach the engine is written into a small tree here and must be kept.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { splitByEngine } from './engine-tests.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'medrem-engine-tests-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tree(files) {
  const root = mkdtempSync(path.join(dir, 'tree-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const relative = (list) => list.map((file) => path.relative(root, file));
  const { engine, independent } = splitByEngine(path.join(root, 'test'));
  return { engine: relative(engine), independent: relative(independent) };
}

describe('splitByEngine', () => {
  it('keeps a file that reaches TEST_DATABASE_URL through any chain of imports, however written', () => {
    const split = tree({
      'test/support/test-database.ts': 'export const url = process.env.TEST_DATABASE_URL;\n',
      'test/support/server.ts': "export * from './test-database';\n",
      'test/support/harness/index.ts': "import { url } from '../server.js';\nexport { url };\n",
      'test/direct.test.ts': "import { url } from './support/test-database';\n",
      'test/a/chained.test.ts': "import { url } from '../support/harness';\n",
      'test/a/dynamic.test.ts': "const { url } = await import('../support/server');\n",
      'test/a/own.test.ts': "it('reads it', () => process.env.TEST_DATABASE_URL);\n",
      'test/pure.test.ts': "import { helper } from './support/helper';\nimport { z } from 'zod';\n",
      'test/support/helper.ts': "import { clock } from '../../src/clock';\nexport const helper = 1;\n",
      'src/clock.ts': 'export const clock = 1;\n',
    });
    expect(split.engine).toEqual([
      'test/a/chained.test.ts',
      'test/a/dynamic.test.ts',
      'test/a/own.test.ts',
      'test/direct.test.ts',
    ]);
    expect(split.independent).toEqual(['test/pure.test.ts']);
  });

  it('keeps a file when in doubt: an import it cannot resolve', () => {
    const split = tree({ 'test/odd.test.ts': "import { x } from './support/generated';\n" });
    expect(split).toEqual({ engine: ['test/odd.test.ts'], independent: [] });
  });

  it('ends on import cycles, and finds the engine behind one', () => {
    const split = tree({
      'test/support/a.ts': "import './b';\n",
      'test/support/b.ts': "import './a';\n",
      'test/support/c.ts': "import './d';\nimport './e';\n",
      'test/support/d.ts': "import './c';\n",
      'test/support/e.ts': 'process.env.TEST_DATABASE_URL;\n',
      'test/cycle.test.ts': "import './support/a';\n",
      'test/behind-cycle.test.ts': "import './support/d';\n",
    });
    expect(split).toEqual({ engine: ['test/behind-cycle.test.ts'], independent: ['test/cycle.test.ts'] });
  });

  it("sorts the server's own tests as their code says", () => {
    const serverTests = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/test');
    const { engine, independent } = splitByEngine(serverTests);
    const names = (list) => list.map((file) => path.relative(serverTests, file));
    // Through test-server.ts → test-database.ts; the fault tests' own processes; a harness.
    expect(names(engine)).toEqual(
      expect.arrayContaining([
        'features/auth/auth.test.ts',
        'db/reminder-stamps.test.ts',
        'faults/postgres-restart.test.ts',
        'features/reminders/reminder-workers.test.ts',
      ]),
    );
    // PGlite-only and engine-free files.
    expect(names(independent)).toEqual(
      expect.arrayContaining(['db/embedded-durability.test.ts', 'config/secrets.test.ts']),
    );
  });
});
