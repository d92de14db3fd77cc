import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderSchedule, users } from '../../../src/db/schema';
import { ReminderRepository } from '../../../src/features/reminders/reminder.repository';
import { ReminderScheduler } from '../../../src/features/reminders/reminder-scheduler';
import { ManualClock } from '../../../src/lib/clock';
import { type TestDatabase, TEST_ENGINE, createTestDatabase } from '../../support/test-database';

/**
 * Decision 132: a dose write queues a refill check in its own transaction, but when one is already
 * due and unclaimed it share-locks that one instead of upserting it (the upsert made every dose write
 * of a user queue on that row until commit). The engine must still never evaluate the check before
 * the write it stands for is committed, and a check the engine is consuming must be queued again.
 * The concurrent cases need two connections: PostgreSQL only (PGlite has one).
 */
describe(`a dose write and the refill check it queues (${TEST_ENGINE})`, () => {
  let database: TestDatabase;
  let userId: string;
  const clock = new ManualClock(new Date('2026-11-21T10:00:00Z'));
  const db = () => database.handle.db;
  const scheduler = () => new ReminderScheduler({ db: db(), clock });
  const refillRows = () =>
    db()
      .select({ id: reminderSchedule.id, fireAt: reminderSchedule.fireAt })
      .from(reminderSchedule)
      .where(and(eq(reminderSchedule.userId, userId), eq(reminderSchedule.kind, 'refill')));
  /** What an engine's claim in its own transaction gets of this user's refill check. */
  const engineClaims = () =>
    db().transaction(async (tx) =>
      (await new ReminderRepository(tx).claimDue(clock.now(), 100)).filter(
        (row) => row.userId === userId && row.kind === 'refill',
      ),
    );
  const gate = () => {
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await db()
      .insert(users)
      .values({ name: 'Refill', email: 'refill-lock@example.com' })
      .returning({ id: users.id });
    userId = user!.id;
  }, 180_000);
  afterAll(() => database?.drop());

  it('queues one check due now, and a later write keeps the one already due', async () => {
    await scheduler().supplyChanged(userId);
    const [first, ...more] = await refillRows();
    expect(more).toEqual([]);
    expect(first!.fireAt).toEqual(clock.now());
    clock.advance(60_000);
    await scheduler().supplyChanged(userId);
    expect(await refillRows()).toEqual([first]);
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'the engine cannot claim the due check while a write relying on it is uncommitted',
    async () => {
      expect(await refillRows()).toHaveLength(1);
      const locked = gate();
      const finish = gate();
      const write = db().transaction(async (tx) => {
        await scheduler().within(tx).supplyChanged(userId);
        locked.open();
        await finish.opened;
      });
      await locked.opened;
      expect(await engineClaims()).toEqual([]);
      finish.open();
      await write;
      expect(await engineClaims()).toHaveLength(1);
    },
  );

  it.runIf(TEST_ENGINE === 'postgres')(
    'a write while the engine consumes the check queues a new one after it',
    async () => {
      const claimed = gate();
      const finish = gate();
      const engine = db().transaction(async (tx) => {
        const reminders = new ReminderRepository(tx);
        const rows = (await reminders.claimDue(clock.now(), 100)).filter((row) => row.userId === userId);
        expect(rows.map((row) => row.kind)).toEqual(['refill']);
        claimed.open();
        await finish.opened;
        // A refill row is one-off: evaluated, it goes.
        await reminders.deleteRows(rows.map((row) => row.id));
      });
      await claimed.opened;
      clock.advance(60_000);
      const write = db().transaction((tx) => scheduler().within(tx).supplyChanged(userId));
      await new Promise((resolve) => setTimeout(resolve, 200));
      finish.open();
      await engine;
      await write;
      const rows = await refillRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.fireAt).toEqual(clock.now());
    },
  );
});
