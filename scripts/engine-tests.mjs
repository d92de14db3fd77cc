/**
 * Which of the server's test files the PostgreSQL pass of `npm test` runs (decision 311): those whose
 * result can depend on the engine. A test file reaches the database engine only through a module
 * that reads TEST_DATABASE_URL (test/support/test-database.ts, or the fault tests' own processes);
 * a file whose relative imports never lead to one runs exactly the same code in both passes (a
 * config parser, the PGlite-only durability tests), so running it again on PostgreSQL proves
 * nothing the PGlite pass did not, and cost minutes of CI.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The text that marks a module as choosing or reaching the engine under test. */
const ENGINE_MARK = 'TEST_DATABASE_URL';

/** `from './x'`, `import './x'`, `import('./x')`, `export … from './x'`: relative specifiers only. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The file a relative specifier names, as TypeScript would resolve it; undefined if none. */
function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(m?js)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.mts`, `${stem}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** Every `*.test.ts` file under `dir`, sorted. */
function testFilesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The test files under `testDir` that reach the engine (see above), and those that do not, as
 * absolute paths. A module that cannot be read or an import that cannot be resolved counts as
 * reaching it: when in doubt, a file runs on both engines.
 */
export function splitByEngine(testDir) {
  /** Per module: whether it names the engine itself, and the modules it imports (null: unresolved). */
  const modules = new Map();
  const read = (file) => {
    if (!modules.has(file)) {
      let text;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = ENGINE_MARK;
      }
      const imports = [...text.matchAll(RELATIVE_IMPORT)].map(
        (match) => resolveImport(file, match[1]) ?? null,
      );
      modules.set(file, { marked: text.includes(ENGINE_MARK), imports });
    }
    return modules.get(file);
  };
  const reachesEngine = (testFile) => {
    const seen = new Set([testFile]);
    const queue = [testFile];
    for (const file of queue) {
      const { marked, imports } = read(file);
      if (marked || imports.includes(null)) return true;
      for (const target of imports) {
        if (seen.has(target)) continue;
        seen.add(target);
        queue.push(target);
      }
    }
    return false;
  };
  const engine = [];
  const independent = [];
  for (const file of testFilesUnder(testDir)) (reachesEngine(file) ? engine : independent).push(file);
  return { engine, independent };
}
