import postgres from 'postgres';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReminderRepository } from '../../../src/features/reminders/reminder.repository';
import { waitingOnLock } from '../../support/lock-waits';
import { TEST_ENGINE, type TestDatabase, createTestDatabase } from '../../support/test-database';

const NOW = new Date('2026-11-21T10:00:00.000Z');

/**
 * Decision 134: a dose write queues the refill check by holding the pending one FOR SHARE instead of
 * upserting it. Two sessions of a real server show what that must and must not block; PGlite has one
 * connection, so nothing can interleave there.
 */
describe.runIf(TEST_ENGINE === 'postgres')('the refill check a dose write queues (postgres)', () => {
  let database: TestDatabase;
  let other: postgres.Sql;
  let userId: string;
  const repository = () => new ReminderRepository(database.handle.db);
  const refillRows = () =>
    other<{ id: string; fire_at: Date }[]>`
      select id, fire_at from reminder_schedule where user_id = ${userId} and kind = 'refill'`;

  beforeAll(async () => {
    database = await createTestDatabase();
    other = postgres(database.databaseUrl!, { max: 1, onnotice: () => undefined });
    const [user] = await other<{ id: string }[]>`
      insert into users (name, email) values ('Refill', 'refill@example.com') returning id`;
    userId = user!.id;
  });
  afterAll(async () => {
    await other.end();
    await database.drop();
  });
  beforeEach(async () => {
    await other`delete from reminder_schedule where user_id = ${userId}`;
  });

  it('queues one check due now, and a pending one is reused, not moved', async () => {
    await repository().queueRefillCheck(userId, NOW);
    const [first] = await refillRows();
    expect(first!.fire_at.toISOString()).toBe(NOW.toISOString());
    await repository().queueRefillCheck(userId, new Date(NOW.getTime() + 5_000));
    expect(await refillRows()).toEqual([first]);
  });

  it('replaces a pending check of an earlier date, so the check is about today', async () => {
    await repository().queueRefillCheck(userId, new Date(NOW.getTime() - 86_400_000));
    await repository().queueRefillCheck(userId, NOW);
    const rows = await other<{ occurrence_date: string }[]>`
      select occurrence_date::text from reminder_schedule where user_id = ${userId} and kind = 'refill'`;
    expect(rows.map((r) => r.occurrence_date)).toEqual(['2026-11-21']);
  });

  it('moves a check set for later to now', async () => {
    await repository().queueRefillCheck(userId, new Date(NOW.getTime() + 3_600_000));
    await repository().queueRefillCheck(userId, NOW);
    expect((await refillRows()).map((r) => r.fire_at.toISOString())).toEqual([NOW.toISOString()]);
  });

  it('does not make a write wait for another write of the same user that has not committed', async () => {
    await repository().queueRefillCheck(userId, NOW);
    await other.begin(async (tx) => {
      // The other write holds the pending check (as queueRefillCheck does) and has not committed.
      await tx`select 1 from reminder_schedule where user_id = ${userId} and kind = 'refill' for share`;
      // A lock wait would fail at once instead of hanging: the upsert this replaced waited here.
      await database.handle.db.transaction(async (mine) => {
        await mine.execute("set local lock_timeout = '50ms'");
        await new ReminderRepository(mine).queueRefillCheck(userId, NOW);
      });
    });
    expect(await refillRows()).toHaveLength(1);
  });

  it('waits for a worker firing the check, then queues a new one that will read this write', async () => {
    await repository().queueRefillCheck(userId, NOW);
    const [fired] = await refillRows();
    let queued: Promise<void> | undefined;
    await other.begin(async (tx) => {
      // A worker claims the due check and fires it (the row goes), not yet committed. It read the
      // supply before this write: a write that saw the row and skipped would be missed.
      await tx`select id from reminder_schedule where fire_at <= ${NOW} for update skip locked`;
      await tx`delete from reminder_schedule where id = ${fired!.id}`;
      queued = repository().queueRefillCheck(userId, NOW);
      // It is waiting on the worker's lock, not done.
      await expect.poll(() => waitingOnLock(tx)).toBe(true);
    });
    await queued;
    const after = await refillRows();
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(fired!.id);
  });
});
