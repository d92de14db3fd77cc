import { sql } from 'drizzle-orm';
import { type DatabaseHandle, rowsOf } from './database';

/**
 * Connections to this database by state, for the pool metric. postgres.js exposes no pool counters,
 * so PostgreSQL's own view is read (every process's connections, which is what runs out). PGlite is
 * one in-process connection: nothing to report.
 */
export async function connectionsByState(
  handle: DatabaseHandle,
): Promise<Record<string, number> | undefined> {
  if (handle.kind !== 'postgres') return undefined;
  const rows = rowsOf<{ state: string | null; n: number }>(
    await handle.db.execute(
      sql`select state, count(*)::int as n from pg_stat_activity where datname = current_database() group by state`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.state ?? 'unknown', Number(r.n)]));
}
