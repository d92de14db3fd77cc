import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/database';
import { TEST_ENGINE } from '../../support/test-database';
import {
  type ReminderServer,
  type TestUser,
  actOnPush,
  createUser,
  startReminderServer,
  withPushService,
} from './reminder-harness';

/**
 * Decision 212: a medicine with its own times is reminded at them, through a real push service,
 * with preparation and staging on: exactly once at its own time (never at the default time of its
 * slot's index), and a change of its times undoes what was staged for the old one, as a settings
 * change does for a default time (decision 017).
 */
describe(`reminders at a medicine's own times (${TEST_ENGINE})`, () => {
  const setup = withPushService({ now: '2026-12-01T04:00:00Z', env: { REMINDER_PREPARE_SECONDS: '180' } });
  const { pushService } = setup;
  let server: ReminderServer;
  beforeAll(() => {
    server = setup.server;
  });
  const receivedBy = (id: string) => pushService.received.filter((r) => r.subscription === id);

  async function staged(user: TestUser): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await server.database.handle.db.execute(
        sql`select count(*)::int as n from staged_fires where user_id = ${user.id}::uuid`,
      ),
    );
    return row!.n;
  }

  async function patient(day: string) {
    await server.at(`${day}T04:00:00Z`);
    const user = await createUser(server, {
      timezone: 'Europe/Berlin',
      notifications: { missedDoseAlerts: false },
    });
    const thyroid = await user.addMedicine({
      name: 'Levothyroxine',
      dosage: '50 mcg',
      frequency: '1',
      doseTimes: ['06:30'],
      startDate: day,
    });
    await user.addMedicine({ name: 'Aspirin', dosage: '100 mg', frequency: '1-0-0', startDate: day });
    const phone = pushService.subscribe();
    await user.saveDevice(phone.json);
    return { user, thyroid, phone };
  }

  it('reminds at the own time exactly once, and the default time only of the others', async () => {
    // Berlin is UTC+1 in December: 06:30 is 05:30Z, the default 08:00 is 07:00Z.
    const { user, phone } = await patient('2026-12-01');
    await server.at('2026-12-01T05:29:59.999Z');
    expect(receivedBy(phone.id)).toEqual([]);
    await server.at('2026-12-01T05:30:00Z');
    expect(
      receivedBy(phone.id).map((p) => [p.payload.notification.title, p.payload.notification.body]),
    ).toEqual([['Time for your Morning dose', 'Levothyroxine (50 mcg)']]);
    await server.at('2026-12-01T05:45:00Z');
    await server.at('2026-12-01T07:00:00Z');
    await server.at('2026-12-01T09:00:00Z');
    expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual([
      'Levothyroxine (50 mcg)',
      'Aspirin (100 mg)',
    ]);
    const notifications = await user.notifications();
    expect(notifications.map((n) => [n.message, n.createdAt])).toEqual([
      ['Aspirin (100 mg)', '2026-12-01T07:00:00.000Z'],
      ['Levothyroxine (50 mcg)', '2026-12-01T05:30:00.000Z'],
    ]);
    // Its 'Mark as taken' marks the own time's dose (slot 0 of its day).
    const take = receivedBy(phone.id)[0]!.payload.actions[0].token as string;
    expect(await actOnPush(server, take)).toMatchObject({ message: 'Levothyroxine marked as taken!' });
  });

  it('undoes what was staged for the old time when the medicine’s time changes, and reminds at the new one', async () => {
    const { user, thyroid, phone } = await patient('2026-12-02');
    await server.at('2026-12-02T05:28:00Z');
    expect(await staged(user)).toBe(1);
    await user.refresh();
    const current = await user.api.get<Record<string, unknown>>(`/api/medicine/${thyroid.id}`);
    const moved = await user.api.put(`/api/medicine/${thyroid.id}`, {
      ...current.body,
      doseTimes: ['06:45'],
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await staged(user)).toBe(0);
    await server.at('2026-12-02T05:30:00Z');
    expect(receivedBy(phone.id)).toEqual([]);
    expect(await user.notifications()).toEqual([]);
    await server.at('2026-12-02T05:45:00Z');
    await server.at('2026-12-02T06:30:00Z');
    expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual(['Levothyroxine (50 mcg)']);
    expect((await user.notifications()).map((n) => n.createdAt)).toEqual(['2026-12-02T05:45:00.000Z']);
  });

  it('keeps reminding at the own time after the user moves the default times', async () => {
    const { user, phone } = await patient('2026-12-03');
    await user.saveSettings({ times: ['06:00', '14:00', '20:00'] });
    await server.at('2026-12-03T05:00:00Z');
    expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual(['Aspirin (100 mg)']);
    await server.at('2026-12-03T05:30:00Z');
    expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual([
      'Aspirin (100 mg)',
      'Levothyroxine (50 mcg)',
    ]);
  });
});

/** The same without staging: the fire batch alone decides it at the instant (decision 017's off switch). */
describe(`reminders at own times, nothing staged (${TEST_ENGINE})`, () => {
  it('fires at the own time once and sends its missed-dose alert an hour later', async () => {
    const server = await startReminderServer({
      now: '2026-12-04T04:00:00Z',
      env: { REMINDER_STAGE_AHEAD: 'off' },
    });
    try {
      const user = await createUser(server, { timezone: 'UTC' });
      await user.addMedicine({
        name: 'Amoxicillin',
        dosage: '',
        frequency: '1-1-1',
        doseTimes: ['07:00', '15:00', '23:00'],
        startDate: '2026-12-04',
      });
      await server.at('2026-12-04T06:59:00Z');
      expect(await user.notifications()).toEqual([]);
      await server.at('2026-12-04T07:00:00Z');
      await server.at('2026-12-04T07:30:00Z');
      await server.at('2026-12-04T08:00:00Z');
      await server.at('2026-12-04T08:30:00Z');
      expect((await user.notifications()).map((n) => [n.title, n.createdAt])).toEqual([
        ['Missed Dose', '2026-12-04T08:00:00.000Z'],
        ['Time for your Morning dose', '2026-12-04T07:00:00.000Z'],
      ]);
      await server.at('2026-12-04T15:00:00Z');
      expect((await user.notifications())[0]).toMatchObject({
        title: 'Time for your Afternoon dose',
        createdAt: '2026-12-04T15:00:00.000Z',
      });
    } finally {
      await server.close();
    }
  });
});
