import type { Medicine } from '@medrem/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderSchedule } from '../../../src/db/schema';
import { ReminderRepository } from '../../../src/features/reminders/reminder.repository';
import { aMedicine } from '../../support/api-client';
import {
  STACK_TRACE,
  type SignedInUser,
  createMedicine,
  settingsOf,
  signedInUser,
  withTimes,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * Issue 8, finding 9: a medicine or settings save used to commit before the reminder schedule was
 * updated, so a failure while rescheduling answered 500 although the change was stored (and a retry
 * stored it twice). Now both commit together: a failure answers an error and stores nothing.
 * The failure is real: a trigger makes every write to `reminder_schedule` raise.
 */
describe(`a write and its reminder schedule commit together (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let me: SignedInUser;
  let kept: Medicine;
  let second: Medicine;
  const db = () => server.database.handle.db;

  const breakSchedule = async () => {
    await db().execute(
      sql.raw(`create or replace function medrem_test_schedule_down() returns trigger language plpgsql as
        $$ begin raise exception 'reminder schedule unavailable (test)'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger medrem_test_schedule_down before insert or update or delete on reminder_schedule
        for each row execute function medrem_test_schedule_down()`),
    );
  };
  const mendSchedule = () =>
    db().execute(sql.raw('drop trigger if exists medrem_test_schedule_down on reminder_schedule'));
  const scheduleRows = () => db().select().from(reminderSchedule).where(eq(reminderSchedule.userId, me.id));
  const medicines = async () =>
    (await me.api.get<{ findMedicine: Medicine[] }>(`/api/medicine/user/${me.email}`)).body.findMedicine;

  beforeAll(async () => {
    // No engine tick: a refill check a write queues is due at once, and a tick (every second) would
    // fire and delete it while the test reads the schedule (seen in CI: [] where the tick queued one).
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z', env: { REMINDER_TICK_MS: '0' } });
    me = await signedInUser(server, { label: 'atomic' });
    kept = await createMedicine(me, { name: 'Kept', frequency: '1-0-1' });
    second = await createMedicine(me, { name: 'Second', frequency: '1-0-0' });
    expect((await scheduleRows()).length).toBeGreaterThan(0);
    // No refill check pending (the one the creates queued is done): every write below must queue one,
    // and so write the schedule (a pending check is reused, not rewritten: decision 134).
    await db().delete(reminderSchedule).where(eq(reminderSchedule.kind, 'refill'));
    await breakSchedule();
  });
  afterAll(() => server.close());

  /** The failure answers the generic 500 (no SQL, no stack), and the data is as it was. */
  function expectServerError(response: { status: number; text: string }) {
    expect(response.status).toBe(500);
    expect(response.text).not.toContain('reminder schedule unavailable');
    expect(response.text).not.toMatch(STACK_TRACE);
  }

  it('a new medicine is not stored when its reminders cannot be scheduled', async () => {
    const response = await me.api.post('/api/medicine', aMedicine(me.email, { name: 'Not stored' }));
    expectServerError(response);
    expect((await medicines()).map((m) => m.name)).toEqual(['Kept', 'Second']);
  });

  it('an edit is not stored when its reminders cannot be rescheduled', async () => {
    const { id, userEmail: _owner, ...rest } = kept;
    const response = await me.api.put(`/api/medicine/${id}`, {
      ...rest,
      name: 'Renamed',
      frequency: '1-1-1',
    });
    expectServerError(response);
    expect(await medicines()).toEqual([kept, second]);
  });

  it('a delete is undone when the reminders of the deleted medicine cannot be removed', async () => {
    expectServerError(await me.api.delete(`/api/medicine/${kept.id}`));
    expect(await medicines()).toEqual([kept, second]);
  });

  it('a settings save is not stored when its reminders cannot be rescheduled', async () => {
    const before = await settingsOf(me);
    const response = await me.api.put(
      `/api/user/${me.email}/settings`,
      withTimes(before, ['07:00', '13:00', '19:00']),
    );
    expectServerError(response);
    expect(await settingsOf(me)).toEqual(before);
    expect(await medicines()).toEqual([kept, second]);
  });

  it('a tick is not stored when the refill check cannot be queued', async () => {
    expectServerError(
      await me.api.put(`/api/medicine/${kept.id}/taken`, { date: '2026-11-21', taken: '1-0-0' }),
    );
    const day = await me.api.get<{ takenDay: { taken: string } | null }>(
      `/api/medicine/${kept.id}/taken?date=2026-11-21`,
    );
    expect(day.body.takenDay?.taken ?? '0-0-0').toBe('0-0-0');
  });

  it('a tick that changes nothing needs no refill check, so it still answers while the schedule is down', async () => {
    // Nothing taken yet: sending the day as it is stores nothing and moves no supply.
    const same = await me.api.put(`/api/medicine/${kept.id}/taken`, { date: '2026-11-21', taken: '0-0-0' });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual({ takenDay: { date: '2026-11-21', taken: '0-0-0' } });
  });

  it("'Mark as taken' from a notification marks every medicine of the slot, or none", async () => {
    const token = server.app.services.actionTokens.sign(
      { action: 'take', userId: me.id, slot: 0, date: '2026-11-21' },
      server.clock.now(),
    );
    const take = () =>
      fetch(`${server.baseUrl}/api/push/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
    const failed = await take();
    expectServerError({ status: failed.status, text: await failed.text() });
    for (const m of [kept, second]) {
      const day = await me.api.get<{ takenDay: { taken: string } | null }>(
        `/api/medicine/${m.id}/taken?date=2026-11-21`,
      );
      expect(day.body.takenDay?.taken ?? '0-0-0', m.name).toBe('0-0-0');
    }
  });

  it('once the schedule is back, the same calls succeed once each and the schedule follows them', async () => {
    await mendSchedule();
    const tick = await me.api.put(`/api/medicine/${kept.id}/taken`, { date: '2026-11-21', taken: '1-0-0' });
    expect(tick.status, tick.text).toBe(200);
    const refill = (await scheduleRows()).filter((r) => r.kind === 'refill');
    expect(refill.map((r) => r.fireAt.toISOString())).toEqual(['2026-11-21T10:00:00.000Z']);
    const created = await me.api.post<Medicine>(
      '/api/medicine',
      aMedicine(me.email, { name: 'Stored', frequency: '0-1-0' }),
    );
    expect(created.status, created.text).toBe(201);
    expect((await medicines()).map((m) => m.name)).toEqual(['Kept', 'Second', 'Stored']);
    // The 14:00 slot of the new medicine is scheduled, in the same commit as the medicine.
    const doses = (await scheduleRows()).filter((r) => r.kind === 'dose').map((r) => r.slot);
    expect(doses.sort()).toEqual([0, 1, 2]);
    expect((await me.api.delete(`/api/medicine/${created.body.id}`)).status).toBe(200);
    const after = (await scheduleRows()).filter((r) => r.kind === 'dose').map((r) => r.slot);
    expect(after.sort()).toEqual([0, 2]);
  });

  it('a tick while a refill check is pending is stored without writing the schedule: that check reads it', async () => {
    await new ReminderRepository(db()).queueRefillCheck(me.id, server.clock.now());
    await breakSchedule();
    expect((await scheduleRows()).filter((r) => r.kind === 'refill')).toHaveLength(1);
    try {
      const tick = await me.api.put(`/api/medicine/${second.id}/taken`, {
        date: '2026-11-21',
        taken: '1-0-0',
      });
      expect(tick.status, tick.text).toBe(200);
      const refill = (await scheduleRows()).filter((r) => r.kind === 'refill');
      expect(refill.map((r) => r.fireAt.toISOString())).toEqual(['2026-11-21T10:00:00.000Z']);
    } finally {
      await mendSchedule();
    }
  });
});
