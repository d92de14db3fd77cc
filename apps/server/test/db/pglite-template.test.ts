import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { migrationsFolder, rowsOf } from '../../src/db/database';
import { TEST_ENGINE, createTestDatabase } from '../support/test-database';

/**
 * The PGlite pass starts every file's database from one migrated template (decision 310). What a
 * file gets must still be what it used to create itself: every committed migration applied, no row
 * in any table, and each file its own copy. And the template must really be there: without it every
 * file silently falls back to initdb and the run is minutes slower again.
 */
describe.skipIf(TEST_ENGINE !== 'pglite')('the PGlite test template', () => {
  it('is provided to the files of the run', () => {
    expect(inject('pgliteTemplate')).toMatch(/migrated\.tar$/);
  });

  it('gives each file its own empty database with every committed migration applied', async () => {
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const [first, second] = [await createTestDatabase(), await createTestDatabase()];
    try {
      const applied = rowsOf<{ n: number }>(
        await first.handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(applied[0]?.n).toBe(journal.entries.length);
      const tables = rowsOf<{ name: string }>(
        await first.handle.db.execute(
          sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
        ),
      );
      expect(tables.length).toBeGreaterThan(10);
      for (const { name } of tables) {
        const rows = rowsOf<{ n: number }>(
          await first.handle.db.execute(sql.raw(`select count(*)::int as n from "${name}"`)),
        );
        expect(rows[0]?.n, name).toBe(0);
      }
      // A write to one copy is not seen by another.
      await first.handle.db.execute(
        sql`insert into users (id, name, email) values (gen_random_uuid(), 'Ann', 'ann@example.com')`,
      );
      const other = rowsOf<{ n: number }>(
        await second.handle.db.execute(sql`select count(*)::int as n from users`),
      );
      expect(other[0]?.n).toBe(0);
    } finally {
      await Promise.all([first.drop(), second.drop()]);
    }
  });
});
