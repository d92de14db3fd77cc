import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/database';
import { countDueStatement } from '../../../src/features/reminders/reminder.repository';
import { TEST_ENGINE, type TestDatabase, createTestDatabase } from '../../support/test-database';

const DUE_AT = new Date('2026-11-21T07:00:00.000Z');

/**
 * Decision 049: every tick counts the due rows with a prepared statement. PostgreSQL plans a prepared
 * statement for any parameters once it has run a few times (its generic plan); for the due count that
 * plan must still read the fire_at index, or each tick scans the whole schedule, due rows or not.
 */
describe(`the tick's due count, planned for any instant (${TEST_ENGINE})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db;
    const [user] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into users (name, email) values ('Plan', 'plan@example.com') returning id`),
    );
    // 5,000 rows, none due at DUE_AT minus a minute: what a quiet tick sees, with statistics.
    await db.execute(sql`insert into reminder_schedule
      (user_id, kind, slot, local_time, timezone, occurrence_date, fire_at)
      select ${user!.id}::uuid, 'dose', g, '08:00', 'Europe/Berlin', '2026-11-21',
        ${DUE_AT.toISOString()}::timestamptz + (g % 50) * interval '1 hour'
      from generate_series(1, 5000) g`);
    await db.execute(sql`analyze reminder_schedule`);
  });
  afterAll(() => database.drop());

  it('reads the fire_at index, not the whole table, as a generic plan', async () => {
    const query = new PgDialect().sqlToQuery(countDueStatement(DUE_AT, 8000));
    const plan = await database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare due_count as ${query.sql}`));
      const at = new Date(DUE_AT.getTime() - 60_000).toISOString();
      const lines = rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql.raw(`explain execute due_count('${at}', 8000)`)),
      ).map((row) => row['QUERY PLAN']);
      await tx.execute(sql`deallocate due_count`);
      return lines.join('\n');
    });
    expect(plan).toContain('reminder_schedule_fire_at_id_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
