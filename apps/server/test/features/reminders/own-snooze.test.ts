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
import { dosePage, pageAction, pageToken } from './dose-page.support';

/**
 * Decision 251: a dose of a medicine timed on its own (own times, every N hours) snoozes from its
 * reminder's button and from its dose page, as a slot's: the snooze replaces its pending
 * follow-ups, the reminder comes back once after 10 minutes, and a take meanwhile cancels it. The
 * missed-dose alert keeps its time.
 */
const FOLLOW_UPS = { everyMinutes: 10, times: 3 };

const buttonOf = (payload: { actions: { action: string; token: string }[] }, action: string) =>
  payload.actions.find((a) => a.action === action)?.token;

describe(`snooze for own-time and every-N-hours doses (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-12-01T00:00:00Z', sender });
  });
  afterAll(() => server.close());

  async function ownTimeUser(label: string, day: string) {
    await server.at(`${day}T06:00:00Z`);
    const user = await createUser(server, {
      timezone: 'UTC',
      notifications: { missedDoseAlerts: true, followUps: FOLLOW_UPS },
    });
    const medicine = await user.addMedicine({
      name: 'Levothyroxine',
      dosage: '50mcg',
      frequency: '1',
      doseTimes: ['09:30'],
    });
    const endpoint = `https://push.example.test/${label}-${user.id}`;
    await user.addDevice(endpoint);
    return { user, medicine, endpoint };
  }
  const sent = (endpoint: string) =>
    sender
      .to(endpoint)
      .map((p) => [p.payload.title as string, (p.payload.createdAt as string).slice(11, 16)]);

  it('the reminder’s Snooze replaces the follow-ups; the reminder comes back once; the missed-dose alert keeps +60', async () => {
    const { endpoint } = await ownTimeUser('button', '2026-12-01');
    await server.at('2026-12-01T09:30:00Z');
    const reminder = sender.to(endpoint)[0]!.payload;
    expect(reminder.actions.map((a: { action: string }) => a.action)).toEqual(['take', 'snooze']);
    await server.at('2026-12-01T09:40:00Z'); // the first follow-up, with the same buttons and tag
    const followUp = sender.to(endpoint)[1]!.payload;
    expect(followUp).toMatchObject({ title: 'Still to take: your Levothyroxine dose', tag: reminder.tag });
    server.clock.set('2026-12-01T09:43:00Z');
    expect(await actOnPush(server, buttonOf(followUp, 'snooze')!)).toMatchObject({ action: 'snooze' });
    // Pressed twice (a retry): one snooze.
    expect(await actOnPush(server, buttonOf(followUp, 'snooze')!)).toMatchObject({ action: 'snooze' });
    for (const time of ['09:50', '09:53', '10:00', '10:10', '10:30', '10:40', '11:00']) {
      await server.at(`2026-12-01T${time}:00Z`);
    }
    expect(sent(endpoint)).toEqual([
      ['Time for your Morning dose', '09:30'],
      ['Still to take: your Levothyroxine dose', '09:40'],
      ['Time for your Morning dose', '09:53'],
      ['Missed Dose', '10:30'],
    ]);
    const snoozed = sender.to(endpoint)[2]!.payload;
    expect(snoozed.tag).toBe(reminder.tag);
    expect(snoozed.actions.map((a: { action: string }) => a.action)).toEqual(['take', 'snooze']);
    // The missed-dose alert does not offer Snooze.
    expect(sender.to(endpoint)[3]!.payload.actions.map((a: { action: string }) => a.action)).toEqual([
      'take',
    ]);
    // The next day's dose is reminded as usual.
    await server.at('2026-12-02T09:30:00Z');
    expect(sent(endpoint).at(-1)).toEqual(['Time for your Morning dose', '09:30']);
  });

  it('a take while snoozed cancels the snoozed reminder and the missed-dose alert', async () => {
    const { user, medicine, endpoint } = await ownTimeUser('taken', '2026-12-03');
    await server.at('2026-12-03T09:30:00Z');
    server.clock.set('2026-12-03T09:32:00Z');
    const reminder = sender.to(endpoint)[0]!.payload;
    expect(await actOnPush(server, buttonOf(reminder, 'snooze')!)).toMatchObject({ action: 'snooze' });
    server.clock.set('2026-12-03T09:38:00Z');
    await user.refresh();
    const taken = await user.api.put(`/api/medicine/${medicine.id}/dose`, {
      date: '2026-12-03',
      slot: 0,
      taken: true,
    });
    expect(taken.status, taken.text).toBe(200);
    for (const time of ['09:40', '09:42', '09:50', '10:30', '11:00']) {
      await server.at(`2026-12-03T${time}:00Z`);
    }
    expect(sent(endpoint)).toEqual([['Time for your Morning dose', '09:30']]);
  });

  it('an every-N-hours dose snoozes from its dose page; the next dose keeps its time', async () => {
    await server.at('2026-12-04T06:00:00Z');
    const user: TestUser = await createUser(server, {
      timezone: 'UTC',
      notifications: { missedDoseAlerts: false, followUps: FOLLOW_UPS },
    });
    await user.addMedicine({
      name: 'Amoxicillin',
      dosage: '500mg',
      frequency: '1-0-0',
      startDate: '2026-12-04',
      originalDurationDays: 3,
      schedule: { kind: 'interval', everyHours: 1, startTime: '08:00' },
    });
    const endpoint = `https://push.example.test/page-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-12-04T08:00:00Z');
    const token = pageToken(sender.to(endpoint)[0]!.payload.notification.navigate);
    expect((await dosePage(server, token)).body).toMatchObject({
      time: '08:00',
      actions: ['take', 'snooze', 'skip', 'postpone'],
    });
    server.clock.set('2026-12-04T08:05:00Z');
    expect(await pageAction(server, token, 'snooze')).toMatchObject({
      status: 200,
      body: { action: 'snooze' },
    });
    for (const time of ['08:10', '08:15', '08:20', '08:30', '09:00']) {
      await server.at(`2026-12-04T${time}:00Z`);
    }
    expect(sent(endpoint)).toEqual([
      ['Time for your Amoxicillin dose', '08:00'],
      ['Time for your Amoxicillin dose', '08:15'],
      ['Time for your Amoxicillin dose', '09:00'],
    ]);
  });

  it('a default-time medicine’s missed-dose alert still does not snooze from its page', async () => {
    await server.at('2026-12-05T06:00:00Z');
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: true } });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const endpoint = `https://push.example.test/slot-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-12-05T08:00:00Z');
    await server.at('2026-12-05T09:00:00Z');
    const missed = sender.to(endpoint)[1]!.payload;
    expect(missed.title).toBe('Missed Dose');
    const token = pageToken(missed.notification.navigate);
    expect((await dosePage(server, token)).body).toMatchObject({ actions: ['take', 'skip', 'postpone'] });
    expect(await pageAction(server, token, 'snooze')).toMatchObject({
      status: 400,
      body: { message: 'This dose cannot be snoozed.' },
    });
  });
});
