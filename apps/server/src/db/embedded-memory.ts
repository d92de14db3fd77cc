import type { TableMaintenance } from './embedded-vacuum';

/**
 * PostgreSQL's memory and log settings for the embedded database on disk (decision 279; issue 57:
 * the embedded default fits a small machine). PGlite's WebAssembly memory only grows and is never
 * given back, so whatever PostgreSQL touches once stays resident for the life of the process.
 *
 * - `shared_buffers` 16 MB (PostgreSQL's 128 MB): the pages it holds itself. A bare PGlite answering
 *   one query held 290 MiB with 128 MB, 150 MiB with 16 MB; pages it evicts stay in the kernel's
 *   page cache, which a small machine gives back under pressure and WebAssembly memory does not.
 *   `wal_buffers` follows it (1/32, 512 kB).
 * - `maintenance_work_mem` 16 MB (64 MB): what a vacuum (decision 158) or an index build in a
 *   migration may take; PostgreSQL 17 keeps a vacuum's dead rows compactly, so 16 MB still holds
 *   millions of them.
 * - `max_wal_size` / `min_wal_size` 128 / 32 MB (1 GB / 80 MB): single-user PostgreSQL has no
 *   checkpointer, so these never start a checkpoint by themselves; they bound how many segments a
 *   checkpoint keeps for reuse (checkpointWhenLogGrew below starts it).
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  max_wal_size: '128MB',
  min_wal_size: '32MB',
};

/** The settings as `-c name=value` pairs, for PGlite's `startParams` and `initDbStartParams`. */
export function embeddedSettingParams(): string[] {
  return Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** Write-ahead log since the last checkpoint past which a maintenance pass checkpoints. */
export const CHECKPOINT_AFTER_WAL_BYTES = 64 * 1024 * 1024;

/** What checkpointWhenLogGrew needs of a client: PGlite's `query` and `exec`. */
export interface LogClient {
  query<T>(text: string): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

/**
 * A checkpoint when the log written since the last one passed `afterBytes` (decision 279). PGlite
 * is single-user PostgreSQL: without a checkpointer, `max_wal_size` and `checkpoint_timeout` start
 * nothing, and the log's segments are only recycled by a checkpoint, so before this the data
 * directory grew by every write until the server stopped (~90 MiB per 20k-reminder burst, decision
 * 276). Run by the maintenance pass (between two due minutes, decision 158), it bounds `pg_wal/`
 * to about `afterBytes` plus the segments `min_wal_size` / `max_wal_size` keep.
 */
export async function checkpointWhenLogGrew(
  client: LogClient,
  afterBytes = CHECKPOINT_AFTER_WAL_BYTES,
): Promise<TableMaintenance[]> {
  const { rows } = await client.query<{ bytes: number }>(
    `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as bytes
     from pg_control_checkpoint()`,
  );
  if ((rows[0]?.bytes ?? 0) <= afterBytes) return [];
  const started = performance.now();
  await client.exec('CHECKPOINT');
  return [{ table: 'pg_wal', action: 'checkpoint', ms: Math.round(performance.now() - started) }];
}
