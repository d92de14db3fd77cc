import { PGlite } from '@electric-sql/pglite';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { durableStartParams } from './embedded-durability';
import { checkpointWhenLogGrew, embeddedSettingParams } from './embedded-memory';
import { EmbeddedGroupCommit } from './embedded-group-commit';
import { PgliteNamedStatements } from './pglite-named-statements';
import { bundledPgliteTemplate } from './pglite-template';
import { type TableMaintenance, vacuumWhatAutovacuumWould } from './embedded-vacuum';
import { defaultDatabasePoolSize } from './pool-size';
import { useDrizzleTextParsers, embeddedDriverClient } from './pglite-parsers';
import { preparingStatements } from './prepared-statements';
import * as schema from './schema';
import { syncPath, syncTree } from './sync-tree';
import { unpackDataDir } from './unpack-data-dir';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Embedded database on disk only: its data directory as one tar, copied between transactions
   * (operations/backup). Absent for PostgreSQL (pg_dump's job) and the in-memory test database.
   */
  snapshot?(): Promise<Uint8Array>;
  /** Applies the committed SQL migrations; safe with several processes starting at once. */
  migrate(): Promise<void>;
  /**
   * Embedded database only: one pass of the autovacuum PGlite lacks (decision 158). PostgreSQL
   * servers run their own autovacuum.
   */
  maintain?: () => Promise<TableMaintenance[]>;
  close(): Promise<void>;
}

/** Migrations sit beside this module in source and beside the bundle in dist (copied at build). */
export function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
}

// Arbitrary constant: serialises migrations across processes sharing one PostgreSQL server.
const MIGRATION_LOCK_ID = 7_262_531;

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite only: keep everything in memory (tests). */
  inMemory?: boolean;
  /**
   * PGlite only: fill the new data directory from a snapshot() tar (a restore), unpacked on the disk
   * before PGlite opens it; in memory (the tests' template), PGlite loads it itself.
   */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  const { databaseUrl } = options;
  if (databaseUrl) {
    const client = postgres(databaseUrl, {
      max: options.poolSize ?? defaultDatabasePoolSize(),
      onnotice: () => undefined,
      // While the server is away, postgres.js holds each query until its next reconnect attempt,
      // and its default backoff grows to 20 s: requests would hang that long instead of answering
      // 503, and service would resume up to 20 s after the database did. Retry within a second.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      connect_timeout: 5,
    });
    const db = drizzlePostgres(preparingStatements(client), { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // A one-connection client, so the advisory lock and the migration share a session.
        const single = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
        try {
          await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
          await migratePostgres(drizzlePostgres(single), { migrationsFolder: migrationsFolder() });
        } finally {
          await single`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => undefined);
          await single.end({ timeout: 5 });
        }
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  let dataPath: string | undefined;
  if (!options.inMemory) {
    if (!options.dataDir) throw new Error('DATA_DIR is required for the embedded database');
    dataPath = path.join(options.dataDir, 'pglite');
  }
  // A data directory that has no PG_VERSION yet is made before PGlite opens it: unpacked on the
  // disk from the tar given (a restore) or the build's template (decision 358), or, run from
  // source with neither, by PGlite's initdb. Only the in-memory test database is loaded by PGlite.
  const creating = dataPath !== undefined && !existsSync(path.join(dataPath, 'PG_VERSION'));
  const unpackFrom = creating ? (options.loadDataDir ?? bundledPgliteTemplate()) : undefined;
  if (dataPath && unpackFrom) await unpackDataDir(unpackFrom, dataPath);
  else if (dataPath) await mkdir(dataPath, { recursive: true });
  const loadDataDir = dataPath ? undefined : options.loadDataDir;
  const client = new PGlite({
    dataDir: dataPath,
    // initdb gets the memory settings too: its bootstrap backends use them, and it writes them to
    // postgresql.conf, which every later opening of the directory reads (decision 279).
    ...(dataPath
      ? {
          startParams: [...durableStartParams(), ...embeddedSettingParams()],
          initDbStartParams: embeddedSettingParams(),
        }
      : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  await client.waitReady;
  if (creating && !unpackFrom && dataPath && options.dataDir) {
    // initdb's files were written outside PostgreSQL's own writes, which never syncs them (decision
    // 014): flushed once, with the directory entry that names them, before the first write is answered.
    syncTree(dataPath);
    syncPath(options.dataDir);
  }
  useDrizzleTextParsers(client);
  const commits = dataPath ? new EmbeddedGroupCommit(client) : undefined;
  const db = drizzlePglite(embeddedDriverClient(client, new PgliteNamedStatements(client), commits), {
    schema,
  }) as unknown as Database;
  const snapshot = async () => {
    // Flushed first, so a restore has little WAL to replay.
    await client.exec('CHECKPOINT');
    // PGlite's transaction lock (which every query and transaction also takes): the files are
    // copied when no transaction is half-way, and nothing writes until the copy is done.
    const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
    return new Uint8Array(await tar.arrayBuffer());
  };
  return {
    db,
    kind: 'pglite',
    ...(dataPath ? { snapshot } : {}),
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    },
    maintain: async () => [
      ...(await vacuumWhatAutovacuumWould(client)),
      ...(dataPath ? await checkpointWhenLogGrew(client) : []),
    ],
    close: () => client.close(),
  };
}

/** Rows of a raw query, whichever driver ran it (postgres.js gives an array, PGlite `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
