import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { inject } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { postgresTemplateSetup } from './postgres-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory as a tar (absent in the PostgreSQL pass). */
    pgliteTemplate?: string;
    /** The name of a migrated, empty database on the TEST_DATABASE_URL server (the PostgreSQL pass). */
    postgresTemplate?: string;
  }
}

/**
 * Vitest global setup: one migrated, empty embedded database for the whole run, saved as a tar that
 * every test file's in-memory database starts from (decision 310). Creating a PGlite database runs
 * initdb in WebAssembly, several seconds of CPU each time; unpacking a tar of one takes about a
 * second, and the ~100 test files that each opened their own paid for initdb every time.
 * Made here by the same code the files used to run (openDatabase + migrate), from the migrations of
 * this checkout, so what the tests start from is still exactly what a fresh deployment migrates to.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (process.env.TEST_DATABASE_URL) return postgresTemplateSetup(project, process.env.TEST_DATABASE_URL);
  const folder = await mkdtemp(path.join(tmpdir(), 'medrem-pglite-template-'));
  const dataDir = path.join(folder, 'data');
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    const tar = path.join(folder, 'migrated.tar');
    // snapshot(): a CHECKPOINT, then the data directory copied with no transaction half-way.
    await writeFile(tar, await handle.snapshot!());
    project.provide('pgliteTemplate', tar);
  } finally {
    await handle.close();
  }
  return () => rm(folder, { recursive: true, force: true });
}

/** The migrated template as PGlite's loadDataDir wants it; undefined when the run has none. */
export async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  return file ? new Blob([await readFile(file)]) : undefined;
}
