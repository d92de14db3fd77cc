import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, migrationsFolder, rowsOf } from '../db/database';

/**
 * The tags of the migrations a database has had (e.g. 0004_idempotent_writes). drizzle records only
 * each migration's hash and journal timestamp; the journal beside the SQL files names them.
 */
export async function appliedMigrations(db: Database): Promise<string[]> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number; tag: string }[] };
  const byTime = new Map(journal.entries.map((e) => [e.when, e.tag]));
  const exists = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!exists[0]?.present) return [];
  const applied = rowsOf<{ created_at: string | number }>(
    await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by id`),
  );
  return applied.map((row) => byTime.get(Number(row.created_at)) ?? `unknown-${String(row.created_at)}`);
}
