import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { SECRET_ENV_NAMES } from '../config/secrets';
import { readBackup } from './backup-archive';
import { askControlSocket } from './control-socket';
import { assertEmbeddedInstall, readSecretsFile, withEmbeddedDatabase } from './embedded-install';
import { OperationError, refused } from './operation-error';
import {
  type TableSum,
  copyTable,
  resetSequences,
  rowCount,
  tableSum,
  tablesInForeignKeyOrder,
  useCanonicalSession,
} from './table-copy';

export interface MovedTable extends TableSum {
  name: string;
}

export interface MigrateResult {
  tables: MovedTable[];
  sequences: number;
  /** What to set on every process from now on: DATABASE_URL and the secrets, as env lines. */
  settings: Record<string, string>;
  /** True when secrets.json was found; otherwise the secrets already come from the environment. */
  secretsFromFile: boolean;
}

/**
 * Moves an embedded installation (DATA_DIR, or a backup file) into an empty PostgreSQL database:
 * the current migrations on both sides, every table copied in foreign-key order in one transaction,
 * then each table's row count and checksum compared on both sides.
 */
export async function migrateToPostgres(options: {
  dataDir: string;
  to: string;
  fromBackup?: string | undefined;
  batchSize?: number;
}): Promise<MigrateResult> {
  const batchSize = options.batchSize ?? 500;
  let secrets: Uint8Array | undefined;
  let moved: Pick<MigrateResult, 'tables' | 'sequences'>;
  if (options.fromBackup) {
    const contents = await readBackup(options.fromBackup);
    secrets = contents.secrets;
    // Unpacked into a scratch directory: PGlite's in-memory mode ignores loadDataDir (found by the
    // test of --from-backup, which then copied an empty database).
    const scratch = await mkdtemp(path.join(tmpdir(), 'medrem-move-'));
    try {
      const source = await openDatabase({ dataDir: scratch, loadDataDir: new Blob([contents.database]) });
      try {
        moved = await copyInto(source, options.to, batchSize);
      } finally {
        await source.close();
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  } else {
    await assertEmbeddedInstall(options.dataDir, undefined);
    if (await askControlSocket(options.dataDir, 'ping')) {
      throw refused(
        `A server is using DATA_DIR ${options.dataDir}: stop it first (writes made after the copy would be lost), then run this again.`,
      );
    }
    moved = await withEmbeddedDatabase(options.dataDir, (source) => copyInto(source, options.to, batchSize));
    secrets = await readSecretsFile(options.dataDir);
  }
  const stored = secrets
    ? (JSON.parse(Buffer.from(secrets).toString('utf8')) as Record<string, unknown>)
    : {};
  const settings: Record<string, string> = { DATABASE_URL: options.to };
  for (const [key, envName] of Object.entries(SECRET_ENV_NAMES)) {
    if (typeof stored[key] === 'string') settings[envName] = stored[key];
  }
  return { ...moved, settings, secretsFromFile: secrets !== undefined };
}

async function copyInto(
  source: DatabaseHandle,
  targetUrl: string,
  batchSize: number,
): Promise<Pick<MigrateResult, 'tables' | 'sequences'>> {
  // An older installation is brought to the current schema first, as its next start would do.
  await source.migrate();
  // One connection: the session settings below hold for every statement.
  const target = await openDatabase({ databaseUrl: targetUrl, poolSize: 1 });
  try {
    await target.migrate().catch((error: Error) => {
      throw new OperationError(`Cannot prepare the target database: ${error.message}`);
    });
    const tables = await tablesInForeignKeyOrder(source.db);
    const targetTables = await tablesInForeignKeyOrder(target.db);
    const names = (list: { name: string }[]) => list.map((t) => t.name).join(',');
    if (names(tables) !== names(targetTables)) {
      throw new OperationError(
        `The two databases have different tables after migrating (${names(tables)} / ${names(targetTables)}).`,
      );
    }
    for (const table of tables) {
      const rows = await rowCount(target.db, table);
      if (rows > 0) {
        throw refused(
          `The target database already holds data (${table.name}: ${rows} rows): give an empty database.`,
        );
      }
    }
    await useCanonicalSession(source.db);
    await useCanonicalSession(target.db);
    let sequences = 0;
    await target.db.transaction(async (tx) => {
      for (const table of tables) await copyTable(source.db, tx, table, batchSize);
      sequences = await resetSequences(tx);
    });
    const moved: MovedTable[] = [];
    const differ: string[] = [];
    for (const table of tables) {
      const [from, to] = [await tableSum(source.db, table), await tableSum(target.db, table)];
      if (from.rows !== to.rows || from.md5 !== to.md5) differ.push(table.name);
      moved.push({ name: table.name, ...to });
    }
    if (differ.length > 0) {
      throw new OperationError(
        `The copy does not match the source in ${differ.join(', ')}: do not switch; drop and recreate the target database before trying again.`,
      );
    }
    return { tables: moved, sequences };
  } finally {
    await target.close();
  }
}
