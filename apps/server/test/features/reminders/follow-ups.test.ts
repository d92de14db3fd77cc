import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  type TestUser,
  actOnPush,
  createUser,
  startReminderServer,
} from './reminder-harness';

// Decisions 225, 227, 228: a reminder asks again every N minutes, up to K times, until the dose is
// taken, skipped or snoozed on any device; quiet hours hold follow-ups and the daily summary.
const FOLLOW_UPS = { everyMinutes: 10, times: 3 };
const titles = (list: { title: string }[]) => list.map((n) => n.title);

describe(`follow-ups until a dose is settled (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-20T00:00:00Z', sender });
  });
  afterAll(() => server.close());

  /** A UTC user whose Aspirin is due at 08:00, one device, follow-ups on (10 min, 3 times). */
  async function morningUser(label: string, notifications: Record<string, unknown> = {}) {
    const user = await createUser(server, {
      timezone: 'UTC',
      notifications: { missedDoseAlerts: false, followUps: FOLLOW_UPS, ...notifications },
    });
    const medicine = await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const endpoint = `https://push.example.test/${label}-${user.id}`;
    await user.addDevice(endpoint);
    return { user, medicine, endpoint };
  }
  const newest = async (user: TestUser) => (await user.notifications()).map((n) => n.title).reverse();

  it('asks again at N-minute steps, K times, as a repeat replacing the shown notification', async () => {
    await server.at('2026-11-21T06:00:00Z');
    const { user, endpoint } = await morningUser('steps');
    await server.at('2026-11-21T08:00:00Z');
    await server.at('2026-11-21T08:09:59Z');
    expect(await newest(user)).toEqual(['Time for your Morning dose']);
    for (const minute of ['10', '20', '30']) {
      await server.at(`2026-11-21T08:${minute}:00Z`);
    }
    await server.at('2026-11-21T08:40:00Z');
    await server.at('2026-11-21T09:30:00Z');
    expect(await newest(user)).toEqual([
      'Time for your Morning dose',
      'Still to take: your Morning dose',
      'Still to take: your Morning dose',
      'Still to take: your Morning dose',
    ]);
    const pushes = sender.to(endpoint);
    expect(pushes.map((p) => p.payload.createdAt)).toEqual([
      '2026-11-21T08:00:00.000Z',
      '2026-11-21T08:10:00.000Z',
      '2026-11-21T08:20:00.000Z',
      '2026-11-21T08:30:00.000Z',
    ]);
    // One tag: each repeat replaces the notification still shown (and rings again).
    expect(new Set(pushes.map((p) => p.payload.notification.tag)).size).toBe(1);
    expect(pushes[1]!.payload.notification.body).toBe('Aspirin (500mg)');
    expect(pushes[1]!.payload.actions.map((a: { action: string }) => a.action)).toEqual(['take', 'snooze']);
    // The next day starts again with the reminder.
    await server.at('2026-11-22T08:00:00Z');
    expect((await newest(user)).slice(-1)).toEqual(['Time for your Morning dose']);
  });

  it('sends none after the dose is taken on another device', async () => {
    await server.at('2026-11-23T06:00:00Z');
    const { user, medicine, endpoint } = await morningUser('taken');
    await server.at('2026-11-23T08:00:00Z');
    await server.at('2026-11-23T08:10:00Z');
    server.clock.set('2026-11-23T08:12:00Z');
    await user.refresh();
    const tick = await user.api.put(`/api/medicine/${medicine.id}/dose`, {
      date: '2026-11-23',
      slot: 0,
      taken: true,
    });
    expect(tick.status).toBe(200);
    for (const time of ['08:20', '08:30', '08:40']) await server.at(`2026-11-23T${time}:00Z`);
    expect(titles(sender.to(endpoint).map((p) => p.payload.notification))).toEqual([
      'Time for your Morning dose',
      'Still to take: your Morning dose',
    ]);
  });

  it('sends none after a skip, nor the missed-dose alert', async () => {
    await server.at('2026-11-24T06:00:00Z');
    const { user, medicine, endpoint } = await morningUser('skipped', { missedDoseAlerts: true });
    await server.at('2026-11-24T08:00:00Z');
    server.clock.set('2026-11-24T08:05:00Z');
    await user.refresh();
    const skip = await user.api.put(`/api/medicine/${medicine.id}/dose/skip`, {
      date: '2026-11-24',
      slot: 0,
      skipped: true,
      reason: 'felt_unwell',
    });
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);
    for (const time of ['08:10', '08:20', '08:30', '09:00', '09:30'])
      await server.at(`2026-11-24T${time}:00Z`);
    expect(titles(sender.to(endpoint).map((p) => p.payload.notification))).toEqual([
      'Time for your Morning dose',
    ]);
  });

  it('a snooze replaces the follow-ups: the snoozed reminder, and nothing else', async () => {
    await server.at('2026-11-25T06:00:00Z');
    const { endpoint } = await morningUser('snooze');
    await server.at('2026-11-25T08:00:00Z');
    const reminder = sender.to(endpoint)[0]!.payload;
    server.clock.set('2026-11-25T08:04:00Z');
    const snooze = reminder.actions.find((a: { action: string }) => a.action === 'snooze');
    expect(await actOnPush(server, snooze.token)).toMatchObject({ action: 'snooze' });
    for (const time of ['08:10', '08:14', '08:20', '08:30', '08:40'])
      await server.at(`2026-11-25T${time}:00Z`);
    expect(sender.to(endpoint).map((p) => [p.payload.notification.title, p.payload.createdAt])).toEqual([
      ['Time for your Morning dose', '2026-11-25T08:00:00.000Z'],
      ['Time for your Morning dose', '2026-11-25T08:14:00.000Z'],
    ]);
  });

  it('follows up an own-time medicine until its missed-dose alert keeps its time', async () => {
    await server.at('2026-11-26T06:00:00Z');
    const user = await createUser(server, {
      timezone: 'UTC',
      notifications: { missedDoseAlerts: true, followUps: { everyMinutes: 25, times: 3 } },
    });
    await user.addMedicine({ name: 'Levothyroxine', dosage: '50mcg', frequency: '1', doseTimes: ['09:30'] });
    const endpoint = `https://push.example.test/own-${user.id}`;
    await user.addDevice(endpoint);
    for (const time of ['09:30', '09:55', '10:20', '10:30', '10:45', '11:10', '11:35']) {
      await server.at(`2026-11-26T${time}:00Z`);
    }
    expect(
      sender.to(endpoint).map((p) => [p.payload.notification.title, p.payload.createdAt.slice(11, 16)]),
    ).toEqual([
      ['Time for your Morning dose', '09:30'],
      ['Still to take: your Levothyroxine dose', '09:55'],
      ['Still to take: your Levothyroxine dose', '10:20'],
      ['Missed Dose', '10:30'],
      ['Still to take: your Levothyroxine dose', '10:45'],
    ]);
  });

  describe('quiet hours', () => {
    it('hold follow-ups to the window’s end, never the first reminder; a dose settled meanwhile is dropped', async () => {
      await server.at('2026-11-27T12:00:00Z');
      const user = await createUser(server, {
        timezone: 'UTC',
        times: ['08:00', '21:50'],
        notifications: {
          missedDoseAlerts: false,
          followUps: FOLLOW_UPS,
          quietHours: { enabled: true, start: '22:00', end: '07:00' },
        },
      });
      const evening = await user.addMedicine({ name: 'Melatonin', dosage: '', frequency: '0-1' });
      await user.addMedicine({ name: 'Statin', dosage: '', frequency: '0-1' });
      const endpoint = `https://push.example.test/quiet-${user.id}`;
      await user.addDevice(endpoint);
      for (const time of ['21:50', '22:00', '22:10', '22:20', '23:00'])
        await server.at(`2026-11-27T${time}:00Z`);
      // Two medicines: the slot's one notification (decision 243).
      expect(titles(sender.to(endpoint).map((p) => p.payload.notification))).toEqual([
        '2 medicines at 9:50 PM',
      ]);
      // Melatonin is taken before the window ends: the held follow-up names Statin alone.
      server.clock.set('2026-11-28T06:30:00Z');
      await user.refresh();
      const tick = await user.api.put(`/api/medicine/${evening.id}/dose`, {
        date: '2026-11-27',
        slot: 1,
        taken: true,
      });
      expect(tick.status).toBe(200);
      for (const time of ['06:59', '07:00', '07:10', '07:20']) await server.at(`2026-11-28T${time}:00Z`);
      expect(
        sender
          .to(endpoint)
          .map((p) => [p.payload.notification.title, p.payload.notification.body, p.payload.createdAt]),
      ).toEqual([
        ['2 medicines at 9:50 PM', 'Melatonin, Statin', '2026-11-27T21:50:00.000Z'],
        ['Still to take: your Evening dose', 'Statin', '2026-11-28T07:00:00.000Z'],
      ]);
    });

    it('drop a held follow-up whose dose was settled before the window ended', async () => {
      await server.at('2026-11-29T12:00:00Z');
      const user = await createUser(server, {
        timezone: 'UTC',
        times: ['08:00', '21:55'],
        notifications: {
          missedDoseAlerts: false,
          followUps: FOLLOW_UPS,
          quietHours: { enabled: true, start: '22:00', end: '07:00' },
        },
      });
      const m = await user.addMedicine({ name: 'Melatonin', dosage: '', frequency: '0-1' });
      const endpoint = `https://push.example.test/quiet-drop-${user.id}`;
      await user.addDevice(endpoint);
      for (const time of ['21:55', '22:05']) await server.at(`2026-11-29T${time}:00Z`);
      server.clock.set('2026-11-29T23:00:00Z');
      await user.refresh();
      expect(
        (
          await user.api.put(`/api/medicine/${m.id}/dose/skip`, {
            date: '2026-11-29',
            slot: 1,
            skipped: true,
          })
        ).status,
      ).toBe(200);
      for (const time of ['07:00', '07:10']) await server.at(`2026-11-30T${time}:00Z`);
      expect(titles(sender.to(endpoint).map((p) => p.payload.notification))).toEqual([
        'Time for your Evening dose',
      ]);
    });

    it('hold the daily summary to the window’s end, saying whose day it was', async () => {
      await server.at('2026-12-01T12:00:00Z');
      const user = await createUser(server, {
        timezone: 'UTC',
        notifications: {
          missedDoseAlerts: false,
          dailySummary: true,
          quietHours: { enabled: true, start: '20:30', end: '06:45' },
        },
      });
      await user.addMedicine({ name: 'Aspirin', dosage: '', frequency: '1-0-0' });
      await server.at('2026-12-01T21:00:00Z');
      expect(titles(await user.notifications())).not.toContain('Daily Summary');
      await server.at('2026-12-02T06:44:00Z');
      expect(titles(await user.notifications())).not.toContain('Daily Summary');
      await server.at('2026-12-02T06:45:00Z');
      const summary = (await user.notifications()).find((n) => n.title === 'Daily Summary');
      expect(summary).toMatchObject({
        message: 'Yesterday you took 0 of 1 dose.',
        createdAt: '2026-12-02T06:45:00.000Z',
      });
    });
  });
});

describe(`follow-ups with two engines on one database (${TEST_ENGINE})`, () => {
  let first: ReminderServer;
  let second: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    first = await startReminderServer({ now: '2026-11-20T06:00:00Z', sender });
    second = await startReminderServer({ now: '2026-11-20T06:00:00Z', shareWith: first, sender });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('sends each follow-up exactly once while both fire at every instant', async () => {
    const users = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const user = await createUser(first, {
          timezone: 'UTC',
          notifications: { missedDoseAlerts: false, followUps: FOLLOW_UPS },
        });
        await user.addMedicine({ name: `Medicine ${i}`, dosage: '', frequency: '1-0-0' });
        const endpoint = `https://push.example.test/two-${user.id}`;
        await user.addDevice(endpoint);
        return endpoint;
      }),
    );
    for (const time of ['08:00', '08:10', '08:20', '08:30', '08:40']) {
      first.clock.set(`2026-11-20T${time}:00Z`);
      await Promise.all([first.engine.runUntilIdle(), second.engine.runUntilIdle()]);
    }
    for (const endpoint of users) {
      expect(sender.to(endpoint).map((p) => p.payload.createdAt.slice(11, 16))).toEqual([
        '08:00',
        '08:10',
        '08:20',
        '08:30',
      ]);
    }
  });
});
