import type postgres from 'postgres';

/**
 * Whether some other session of this database is waiting for a row lock (PostgreSQL only). The
 * activity view is a snapshot taken once per transaction unless cleared: without the clear, a first
 * look taken before the other session started waiting would be what every later look sees.
 */
export async function waitingOnLock(tx: postgres.TransactionSql): Promise<boolean> {
  await tx`select pg_stat_clear_snapshot()`;
  const [row] = await tx<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`;
  return row!.n > 0;
}
