import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { pgliteTemplate } from './pglite-template';
import { postgresTemplate } from './postgres-template';

/** Which engine this run tests: a real PostgreSQL server when TEST_DATABASE_URL is set. */
export const TEST_ENGINE: 'postgres' | 'pglite' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** For a server restart on the same data (durability tests): the URL or DATA_DIR to reopen. */
  databaseUrl?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty, migrated database for one test file: an in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server that is dropped afterwards. Nothing depends on leftovers.
 * The PGlite one is unpacked from the run's migrated template (pglite-template.ts, decision 310)
 * instead of running initdb again; migrate() then finds every migration applied and does nothing.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await pgliteTemplate();
    const handle = await openDatabase({ inMemory: true, ...(template ? { loadDataDir: template } : {}) });
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  // A copy of the run's migrated template (postgres-template.ts): migrate() then has nothing to do.
  const empty = await createEmptyServerDatabase(serverUrl, postgresTemplate());
  const handle = await openDatabase({ databaseUrl: empty.url, poolSize: 5 });
  await handle.migrate();
  return {
    handle,
    databaseUrl: empty.url,
    async drop() {
      await handle.close();
      await empty.drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`, for an app to open (and migrate)
 * itself; `drop` removes it even while connections are open.
 */
export async function createEmptyServerDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `medrem_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
