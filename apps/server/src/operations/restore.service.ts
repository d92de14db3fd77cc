import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/database';
import { appliedMigrations } from './applied-migrations';
import { type BackupManifest, readBackup } from './backup-archive';
import { SECRETS_FILE, withEmbeddedDatabase } from './embedded-install';
import { OperationError, refused } from './operation-error';
import { writePrivateFile } from './private-file';
import { syncTree } from '../db/sync-tree';

export interface RestoreResult {
  manifest: BackupManifest;
  /** The migrations after the restore: the backup's plus any this version added. */
  migrations: string[];
  users: number;
}

/**
 * Restores a backup into an empty DATA_DIR. Everything is checked before anything is written (the
 * archive, every part's SHA-256, the directory's emptiness); then the database is written, opened
 * and brought to the current migrations, and only then secrets.json. A failure after the checks
 * removes what it wrote, so the directory is empty again for the next attempt.
 */
export async function restoreBackup(options: { file: string; dataDir: string }): Promise<RestoreResult> {
  const contents = await readBackup(options.file);
  const present = await readdir(options.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (present.length > 0) {
    throw refused(
      `DATA_DIR ${options.dataDir} is not empty (it holds ${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): restore only into an empty directory, then point the server's DATA_DIR at it.`,
    );
  }
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  try {
    const opened = await withEmbeddedDatabase(
      options.dataDir,
      async (handle) => {
        await handle.migrate();
        const users = rowsOf<{ n: number }>(
          await handle.db.execute(sql`select count(*)::int as n from users`),
        );
        return { migrations: await appliedMigrations(handle.db), users: users[0]?.n ?? 0 };
      },
      { loadDataDir: new Blob([contents.database]) },
    );
    // Closed: every file of the restored database is on the disk before the restore says done.
    syncTree(options.dataDir);
    if (contents.secrets) await writePrivateFile(path.join(options.dataDir, SECRETS_FILE), contents.secrets);
    return { manifest: contents.manifest, ...opened };
  } catch (error) {
    const entries = await readdir(options.dataDir).catch(() => []);
    await Promise.all(
      entries.map((e) => rm(path.join(options.dataDir, e), { recursive: true, force: true })),
    );
    if (error instanceof OperationError) throw error;
    throw new OperationError(`The database in the backup does not open: ${(error as Error).message}`);
  }
}
