import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { appliedMigrations } from './applied-migrations';
import { claimControlSocket } from './control-socket';
import { refused } from './operation-error';

/** What a backup holds of the database: PGlite's data directory as a tar, and its migrations. */
export interface EmbeddedSnapshot {
  migrations: string[];
  database: Uint8Array;
}

export const SECRETS_FILE = 'secrets.json';

/** Refuses, with what to do instead, unless DATA_DIR holds an embedded (PGlite) installation. */
export async function assertEmbeddedInstall(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  if (databaseUrl) {
    throw refused(
      'DATABASE_URL is set: this installation keeps its data in PostgreSQL. Back it up with pg_dump (README, "Backup and restore") and keep its secrets (JWT_SECRET, the VAPID keys, ACTION_TOKEN_SECRET) with it.',
    );
  }
  const isDirectory = await stat(dataDir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDirectory)
    throw refused(`DATA_DIR ${dataDir} does not exist: set DATA_DIR to the server's data directory.`);
  const hasDatabase = await stat(path.join(dataDir, 'pglite', 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!hasDatabase) {
    throw refused(
      `DATA_DIR ${dataDir} holds no embedded database (no pglite/): set DATA_DIR to the directory the server uses.`,
    );
  }
}

/** DATA_DIR/secrets.json as it is, or undefined when every secret comes from the environment. */
export async function readSecretsFile(dataDir: string): Promise<Buffer | undefined> {
  return readFile(path.join(dataDir, SECRETS_FILE)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

export async function takeSnapshot(handle: DatabaseHandle): Promise<EmbeddedSnapshot> {
  if (!handle.snapshot) throw new Error('only an embedded database on disk can be copied this way');
  const migrations = await appliedMigrations(handle.db);
  return { migrations, database: await handle.snapshot() };
}

/**
 * Opens DATA_DIR's embedded database in this process, holding its control socket meanwhile so that
 * no server starts on it (and a second command keeps out) until `use` is done.
 */
export async function withEmbeddedDatabase<T>(
  dataDir: string,
  use: (handle: DatabaseHandle) => Promise<T>,
  options: { loadDataDir?: Blob } = {},
): Promise<T> {
  const socket = await claimControlSocket(dataDir, async () => ({
    header: {
      ok: false,
      message: 'DATA_DIR is held by a backup, restore or move command; try again when it ends.',
    },
  }));
  try {
    const handle = await openDatabase({ dataDir, ...options });
    try {
      return await use(handle);
    } finally {
      await handle.close();
    }
  } finally {
    await socket.close();
  }
}
