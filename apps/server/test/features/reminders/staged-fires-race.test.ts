import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReminderRepository } from '../../../src/features/reminders/reminder.repository';
import { waitingOnLock } from '../../support/lock-waits';
import { TEST_ENGINE, type TestDatabase, createTestDatabase } from '../../support/test-database';

const DUE = '2026-11-21T08:00:00.000Z';
const MOVED = '2026-11-22T08:00:00.000Z';

/**
 * Decision 017: a staging transaction holds its users' reminder stamps FOR SHARE, and a write's stamp
 * trigger cancels the user's staged fires after it has taken the stamp's lock. Two sessions of a real
 * server show the race this closes: a write committing while a page is being staged. PGlite has one
 * connection, so nothing can interleave there.
 */
describe.runIf(TEST_ENGINE === 'postgres')('staging raced by a write (postgres)', () => {
  let database: TestDatabase;
  let other: postgres.Sql;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    other = postgres(database.databaseUrl!, { max: 1, onnotice: () => undefined });
    const [user] = await other<{ id: string }[]>`
      insert into users (name, email) values ('Staged', 'staged@example.com') returning id`;
    userId = user!.id;
    await other`select reminder_stamp_bump(${userId}::uuid)`;
  });
  afterAll(async () => {
    await other.end();
    await database.drop();
  });

  it('makes a write that commits during staging wait for it, then undo what it staged', async () => {
    const [row] = await other<{ id: string }[]>`
      insert into reminder_schedule (user_id, kind, slot, local_time, timezone, occurrence_date, fire_at)
      values (${userId}, 'dose', 0, '08:00', 'UTC', '2026-11-21', ${DUE}) returning id`;
    let write: Promise<unknown> | undefined;
    await other.begin(async (tx) => {
      // What stageRows does for this user, not yet committed: stamp held, notification stored at the
      // instant, row moved on, the undo recorded.
      await tx`select stamp from reminder_stamps where user_id = ${userId} for share`;
      const [note] = await tx<{ id: string }[]>`
        insert into notifications (user_id, type, title, message, created_at)
        values (${userId}, 'reminder', 'Time for your Morning dose', 'Aspirin', ${DUE}) returning id`;
      await tx`update reminder_schedule set fire_at = ${MOVED}, occurrence_date = '2026-11-22' where id = ${row!.id}`;
      const undo = tx.json([
        {
          id: row!.id,
          fire_at: DUE,
          occurrence_date: '2026-11-21',
          local_time: '08:00',
          offset_minutes: 0,
          timezone: 'UTC',
          moved_fire_at: MOVED,
          moved_occurrence_date: '2026-11-22',
          moved_local_time: '08:00',
          moved_offset_minutes: 0,
          moved_timezone: 'UTC',
        },
      ]);
      await tx`insert into staged_fires (lease_id, user_id, due_at, notification_ids, keys, rows)
        values (gen_random_uuid(), ${userId}, ${DUE}, array[${note!.id}::uuid], '{}', ${undo})`;
      // The user renames themselves meanwhile (a stamped write): its commit must wait for this one.
      // (A drizzle query runs once it is awaited or then'd.)
      write = database.handle.db
        .execute(`update users set name = 'Renamed' where id = '${userId}'`)
        .then(() => undefined);
      await expect.poll(() => waitingOnLock(tx), { timeout: 10_000 }).toBe(true);
    });
    await write;
    const [after] = await other<{ staged: number; notes: number; fire_at: Date }[]>`
      select (select count(*)::int from staged_fires where user_id = ${userId}) as staged,
             (select count(*)::int from notifications where user_id = ${userId}) as notes,
             (select fire_at from reminder_schedule where id = ${row!.id}) as fire_at`;
    expect(after).toEqual({ staged: 0, notes: 0, fire_at: new Date(DUE) });
  });

  it('does not stage a user whose stamp a committing write holds, and does not wait for it', async () => {
    await other.begin(async (tx) => {
      await tx`update reminder_stamps set stamp = stamp + 1 where user_id = ${userId}`;
      const held = await database.handle.db.transaction(async (mine) => {
        await mine.execute("set local lock_timeout = '50ms'");
        return new ReminderRepository(mine).holdStamps([userId]);
      });
      expect([...held]).toEqual([]);
    });
    const held = await database.handle.db.transaction((mine) =>
      new ReminderRepository(mine).holdStamps([userId]),
    );
    expect([...held]).toEqual([userId]);
  });
});
