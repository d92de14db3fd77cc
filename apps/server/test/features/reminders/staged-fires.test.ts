import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../../src/db/database';
import { PushOutboxRepository } from '../../../src/features/push/push-outbox.repository';
import { TEST_ENGINE } from '../../support/test-database';
import {
  type ReminderServer,
  type TestUser,
  createUser,
  startReminderServer,
  withPushService,
} from './reminder-harness';

/**
 * Reminders stored ahead of their instant and released at it (decision 017), through a real push
 * service: hidden until the instant, sent once at it and never before, undone by any write of the
 * user's in between, handed back by a process that stops and released by the sweep when the process
 * that staged them died.
 */
describe(`reminders staged ahead (${TEST_ENGINE})`, () => {
  const setup = withPushService({ now: '2026-11-21T05:00:00Z', env: { REMINDER_PREPARE_SECONDS: '180' } });
  const { pushService } = setup;
  let server: ReminderServer;
  beforeAll(() => {
    server = setup.server;
  });
  const quiet = { missedDoseAlerts: false };
  const receivedBy = (id: string) => pushService.received.filter((r) => r.subscription === id);

  async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await server.database.handle.db.execute(statement));
  }
  /** What the database holds for the user's reminders, read past the API's filters. */
  async function stored(user: TestUser) {
    const id = sql`${user.id}::uuid`;
    const [counts] = await query<{ staged: number; notifications: number; outbox: number; keys: number }>(sql`
      select (select count(*)::int from staged_fires where user_id = ${id}) as staged,
             (select count(*)::int from notifications where user_id = ${id}) as notifications,
             (select count(*)::int from push_outbox where user_id = ${id}) as outbox,
             (select count(*)::int from reminder_deliveries where user_id = ${id}) as keys`);
    const rows = await query<{ kind: string; fire_at: Date | string }>(
      sql`select kind, fire_at from reminder_schedule where user_id = ${id} and kind = 'dose' order by slot`,
    );
    return { ...counts!, doseFireAt: rows.map((r) => new Date(r.fire_at).toISOString()) };
  }

  async function morningUser(day: string, times = ['08:00', '14:00', '20:00']) {
    await server.at(`${day}T05:00:00Z`);
    const user = await createUser(server, { timezone: 'UTC', times, notifications: quiet });
    const medicine = await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const phone = pushService.subscribe();
    await user.saveDevice(phone.json);
    return { user, medicine, phone };
  }

  it('stores the 08:00 reminder at 07:58, hidden until 08:00, and sends it once at 08:00', async () => {
    const { user, phone } = await morningUser('2026-11-21');
    await server.at('2026-11-21T07:58:00Z');
    expect(await stored(user)).toMatchObject({
      staged: 1,
      notifications: 1,
      outbox: 1,
      keys: 1,
      doseFireAt: ['2026-11-22T08:00:00.000Z'],
    });
    // Stored, and yet nowhere to be seen: the list, the unread count, 'mark all read', the export.
    await user.refresh();
    const list = await user.api.get<{ notifications: unknown[]; unreadCount: number }>(
      `/api/notifications/${user.email}`,
    );
    expect(list.body).toEqual({ notifications: [], unreadCount: 0 });
    const markAll = await user.api.patch<{ updated: number }>(`/api/notifications/${user.email}/read-all`);
    expect(markAll.body.updated).toBe(0);
    const exported = await user.api.get<{ notifications: unknown[] }>(`/api/user/${user.email}/export`);
    expect(exported.body.notifications).toEqual([]);

    await server.at('2026-11-21T07:59:59.999Z');
    expect(receivedBy(phone.id)).toEqual([]);
    await server.at('2026-11-21T08:00:00Z');
    expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual(['Aspirin (500mg)']);
    const [notification] = await user.notifications();
    // Unread: the 'mark all read' before its instant did not reach it.
    expect(notification).toMatchObject({ isRead: false, createdAt: '2026-11-21T08:00:00.000Z' });
    expect(await stored(user)).toMatchObject({ staged: 0, notifications: 1, outbox: 0 });
    await server.at('2026-11-21T08:05:00Z');
    expect(receivedBy(phone.id)).toHaveLength(1);
  });

  it('undoes it when the dose is ticked before 08:00: nothing sent, the row back at 08:00, then on', async () => {
    const { user, medicine, phone } = await morningUser('2026-11-22');
    await server.at('2026-11-22T07:58:00Z');
    expect((await stored(user)).staged).toBe(1);
    await user.refresh();
    const tick = await user.api.put(`/api/medicine/${medicine.id}/taken`, {
      date: '2026-11-22',
      taken: '1-0-0',
    });
    expect(tick.status).toBe(200);
    expect(await stored(user)).toEqual({
      staged: 0,
      notifications: 0,
      outbox: 0,
      keys: 0,
      doseFireAt: ['2026-11-22T08:00:00.000Z'],
    });

    await server.at('2026-11-22T08:00:00Z');
    expect(receivedBy(phone.id)).toEqual([]);
    expect(await user.notifications()).toEqual([]);
    expect((await stored(user)).doseFireAt).toEqual(['2026-11-23T08:00:00.000Z']);
  });

  it('sends exactly one reminder, at the new time, when the time moves after staging', async () => {
    const { user, phone } = await morningUser('2026-11-23');
    await server.at('2026-11-23T07:58:30Z');
    expect((await stored(user)).staged).toBe(1);
    await user.saveSettings({ times: ['08:30', '14:00', '20:00'] });
    expect(await stored(user)).toMatchObject({ staged: 0, notifications: 0, outbox: 0, keys: 0 });

    await server.at('2026-11-23T08:00:00Z');
    expect(receivedBy(phone.id)).toEqual([]);
    await server.at('2026-11-23T08:30:00Z');
    expect(receivedBy(phone.id).map((p) => p.payload.notification.title)).toEqual([
      'Time for your Morning dose',
    ]);
    expect(await user.notifications()).toHaveLength(1);
  });

  it('sends to a device added after staging as well', async () => {
    const { user, phone } = await morningUser('2026-11-24');
    await server.at('2026-11-24T07:58:00Z');
    expect((await stored(user)).staged).toBe(1);
    const tablet = pushService.subscribe();
    await user.saveDevice(tablet.json);
    expect((await stored(user)).staged).toBe(0);

    await server.at('2026-11-24T08:00:00Z');
    expect(pushService.rejected).toEqual([]);
    for (const device of [phone, tablet]) {
      expect(receivedBy(device.id).map((p) => p.payload.notification.body)).toEqual(['Aspirin (500mg)']);
    }
    expect(await user.notifications()).toHaveLength(1);
  });

  it('releases every lease whose instant has passed, once each, when the clock jumps past them', async () => {
    const early = await morningUser('2026-11-28', ['08:00', '14:00', '20:00']);
    const later = await createUser(server, {
      timezone: 'UTC',
      times: ['08:02', '14:00', '20:00'],
      notifications: quiet,
    });
    await later.addMedicine({ name: 'Ramipril', dosage: '5mg', frequency: '1-0-0' });
    const laterPhone = pushService.subscribe();
    await later.saveDevice(laterPhone.json);
    const before = server.engine.preparation;
    // Both instants inside the window: two leases (earlier tests' users add theirs at 08:00).
    await server.at('2026-11-28T07:59:30Z');
    const staged = server.engine.preparation.staged - before.staged;
    expect(staged).toBeGreaterThanOrEqual(2);

    await server.at('2026-11-28T08:05:00Z');
    expect(server.engine.preparation.released - before.released).toBe(staged);
    expect(receivedBy(early.phone.id).map((p) => p.payload.notification.body)).toEqual(['Aspirin (500mg)']);
    expect(receivedBy(laterPhone.id).map((p) => p.payload.notification.body)).toEqual(['Ramipril (5mg)']);
    expect((await later.notifications())[0]).toMatchObject({ createdAt: '2026-11-28T08:02:00.000Z' });
  });

  it('sends a lease released 20 s late without rewriting it: 40 s of its 60 s are still ahead', async () => {
    const { phone } = await morningUser('2026-11-29');
    await server.at('2026-11-29T07:59:30Z');
    // Every pending row of the lease would be written again: at the due second of a large burst
    // running behind, that was 30 ms of PGlite's thread per lease, which put it further behind.
    const rewritten = vi.spyOn(PushOutboxRepository.prototype, 'takeLease');
    const extended = vi.spyOn(PushOutboxRepository.prototype, 'extendLease');
    try {
      await server.at('2026-11-29T08:00:20Z');
      expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual(['Aspirin (500mg)']);
      expect(rewritten).not.toHaveBeenCalled();
      expect(extended).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
  // Decision 313: a stop writes the medicine, so it undoes what was staged; a resume brings it back.
  it('undoes it when the medicine is stopped before 08:00, and reminds again after a resume', async () => {
    const { user, medicine, phone } = await morningUser('2026-12-01');
    await server.at('2026-12-01T07:58:00Z');
    expect((await stored(user)).staged).toBe(1);
    await user.refresh();
    const stop = await user.api.post(`/api/medicine/${medicine.id}/stop`, { stoppedOn: '2026-12-01' });
    expect(stop.status, stop.text).toBe(200);
    // Nothing staged, and no dose row: no medicine of the user's is taken at 08:00 any more.
    expect(await stored(user)).toEqual({ staged: 0, notifications: 0, outbox: 0, keys: 0, doseFireAt: [] });
    await server.at('2026-12-01T08:00:00Z');
    await server.at('2026-12-02T08:00:00Z');
    expect(receivedBy(phone.id)).toEqual([]);

    await user.refresh();
    expect((await user.api.post(`/api/medicine/${medicine.id}/resume`, {})).status).toBe(200);
    expect((await stored(user)).doseFireAt).toEqual(['2026-12-03T08:00:00.000Z']);
    await server.at('2026-12-03T08:00:00Z');
    expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual(['Aspirin (500mg)']);
  });
});

describe(`staged reminders of a second process (${TEST_ENGINE})`, () => {
  const setup = withPushService({ now: '2026-11-25T05:00:00Z', env: { REMINDER_PREPARE_SECONDS: '180' } });
  const { pushService } = setup;
  const receivedBy = (id: string) => pushService.received.filter((r) => r.subscription === id);

  async function stagedBySecond(day: string) {
    const first = setup.server;
    await first.at(`${day}T05:00:00Z`);
    const user = await createUser(first, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const phone = pushService.subscribe();
    await user.saveDevice(phone.json);
    const second = await startReminderServer({
      now: `${day}T05:00:00Z`,
      shareWith: first,
      env: { PUSH_ENDPOINT_ALLOWLIST: pushService.host, REMINDER_PREPARE_SECONDS: '180' },
    });
    first.clock.set(`${day}T07:58:00Z`);
    await second.engine.runUntilIdle();
    expect(second.engine.preparation.staged).toBeGreaterThanOrEqual(1);
    return { first, second, user, phone };
  }

  it('hands back what it staged when it stops: the other sends it at 08:00', async () => {
    const { first, second, phone } = await stagedBySecond('2026-11-25');
    await second.close();
    await first.at('2026-11-25T08:00:00Z');
    expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual(['Aspirin (500mg)']);
  });

  it('leaves it to the sweep when it died: sent once, a lease after 08:00, never before 08:00', async () => {
    const { first, second, user, phone } = await stagedBySecond('2026-11-26');
    try {
      await first.at('2026-11-26T08:00:00Z');
      expect(receivedBy(phone.id)).toEqual([]);
      await first.at('2026-11-26T08:01:00Z'); // PUSH_LEASE_SECONDS (60) later
      expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual(['Aspirin (500mg)']);
      // Released by the sweep: a write of the user's after it no longer undoes (and re-fires) it.
      await user.saveDevice(pushService.subscribe().json);
      await first.at('2026-11-26T08:05:00Z');
      expect(receivedBy(phone.id)).toHaveLength(1);
      expect(await user.notifications()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
