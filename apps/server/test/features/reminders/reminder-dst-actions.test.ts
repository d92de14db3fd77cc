import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '../../../src/features/reminders/zoned-time';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  createUser,
  startReminderServer,
  webPushToken,
} from './reminder-harness';

const reminders = (list: { type: string; title: string; createdAt: string }[]) =>
  list.filter((n) => n.type === 'reminder').map((n) => `${n.title} @ ${n.createdAt}`);

describe('wall-clock instants across DST (pure)', () => {
  it.each([
    ['2026-03-29', '02:30', 'Europe/Berlin', '2026-03-29T01:00:00.000Z'], // gap: next valid minute 03:00 CEST
    ['2026-03-29', '01:59', 'Europe/Berlin', '2026-03-29T00:59:00.000Z'],
    ['2026-03-29', '03:00', 'Europe/Berlin', '2026-03-29T01:00:00.000Z'],
    ['2026-10-25', '02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'], // overlap: the first 02:30
    ['2026-03-08', '02:15', 'America/New_York', '2026-03-08T07:00:00.000Z'], // gap: 03:00 EDT
    ['2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'], // overlap: 01:30 EDT
    ['2026-10-04', '02:30', 'Australia/Sydney', '2026-10-03T16:00:00.000Z'], // gap: 03:00 AEDT
    ['2026-11-21', '08:00', 'Asia/Kolkata', '2026-11-21T02:30:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(zonedInstant(date, time, zone).toISOString()).toBe(expected);
  });
});

describe(`DST, zone changes and notification actions (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-01-01T00:00:00Z', sender });
  });
  afterAll(() => server.close());

  it('Europe/Berlin spring forward: 02:30 fires at the next valid minute (03:00), once', async () => {
    await server.at('2026-03-28T12:00:00Z');
    const user = await createUser(server, {
      timezone: 'Europe/Berlin',
      times: ['02:30', '14:00', '20:00'],
      notifications: { missedDoseAlerts: false },
    });
    await user.addMedicine({ name: 'Night pill', dosage: '', frequency: '1-0-0' });
    await server.at('2026-03-29T00:59:00Z'); // 01:59 CET
    expect(await user.notifications()).toEqual([]);
    await server.at('2026-03-29T01:00:00Z'); // 03:00 CEST
    await server.at('2026-03-29T02:00:00Z');
    await server.at('2026-03-30T00:30:00Z'); // 02:30 CEST next day
    expect(reminders(await user.notifications())).toEqual([
      'Time for your Night dose @ 2026-03-30T00:30:00.000Z',
      'Time for your Night dose @ 2026-03-29T01:00:00.000Z',
    ]);
  });

  it('Europe/Berlin fall back: the repeated 02:30 fires once', async () => {
    await server.at('2026-10-24T12:00:00Z');
    const user = await createUser(server, {
      timezone: 'Europe/Berlin',
      times: ['02:30', '14:00', '20:00'],
      notifications: { missedDoseAlerts: false },
    });
    await user.addMedicine({ name: 'Night pill', frequency: '1-0-0' });
    await server.at('2026-10-25T00:30:00Z'); // first 02:30 (CEST)
    await server.at('2026-10-25T01:30:00Z'); // second 02:30 (CET)
    await server.at('2026-10-25T05:00:00Z');
    expect(reminders(await user.notifications())).toEqual([
      'Time for your Night dose @ 2026-10-25T00:30:00.000Z',
    ]);
    await server.at('2026-10-26T01:30:00Z'); // 02:30 CET next day
    expect(reminders(await user.notifications())).toHaveLength(2);
  });

  it('America/New_York: spring-forward gap and fall-back overlap', async () => {
    await server.at('2026-03-07T12:00:00Z');
    const user = await createUser(server, {
      timezone: 'America/New_York',
      times: ['02:15', '14:00', '20:00'],
      notifications: { missedDoseAlerts: false },
    });
    await user.addMedicine({ name: 'Night pill', frequency: '1-0-0' });
    await server.at('2026-03-08T06:59:00Z'); // 01:59 EST
    expect(await user.notifications()).toEqual([]);
    await server.at('2026-03-08T07:00:00Z'); // 03:00 EDT
    expect(reminders(await user.notifications())).toEqual([
      'Time for your Night dose @ 2026-03-08T07:00:00.000Z',
    ]);

    await server.at('2026-10-31T12:00:00Z');
    const later = await createUser(server, {
      timezone: 'America/New_York',
      times: ['01:30', '14:00', '20:00'],
      notifications: { missedDoseAlerts: false },
    });
    await later.addMedicine({ name: 'Night pill', frequency: '1-0-0' });
    await server.at('2026-11-01T05:30:00Z'); // 01:30 EDT
    await server.at('2026-11-01T06:30:00Z'); // 01:30 EST, again
    await server.at('2026-11-01T09:00:00Z');
    const fallBack = reminders(await later.notifications()).filter((r) => r.includes('2026-11-01'));
    expect(fallBack).toEqual(['Time for your Night dose @ 2026-11-01T05:30:00.000Z']);
  });

  it('changing the saved zone reschedules what is pending', async () => {
    await server.at('2026-11-21T05:00:00Z'); // 06:00 Berlin
    const user = await createUser(server, { timezone: 'Europe/Berlin' });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    await server.at('2026-11-21T05:30:00Z');
    await user.saveSettings({ timezone: 'America/New_York' });
    await server.at('2026-11-21T07:00:00Z'); // 08:00 in Berlin: nothing any more
    await server.at('2026-11-21T08:00:00Z'); // 09:00 in Berlin: no missed alert either
    expect(await user.notifications()).toEqual([]);
    await server.at('2026-11-21T13:00:00Z'); // 08:00 in New York
    expect(reminders(await user.notifications())).toEqual([
      'Time for your Morning dose @ 2026-11-21T13:00:00.000Z',
    ]);
    // A changed dose time moves the pending reminder too.
    await user.saveSettings({ times: ['09:15', '14:00', '20:00'] });
    await server.at('2026-11-22T14:14:00Z');
    expect(reminders(await user.notifications())).toHaveLength(1);
    await server.at('2026-11-22T14:15:00Z');
    expect(reminders(await user.notifications())).toHaveLength(2);
  });

  it("'Mark as taken' from the push marks the dose taken through the API, and no missed alert follows", async () => {
    await server.at('2026-11-21T05:00:00Z');
    const user = await createUser(server, { timezone: 'UTC' });
    const m = await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-1' });
    const endpoint = `https://push.example.test/take-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-11-21T08:00:00Z');
    const [push] = sender.to(endpoint);
    const take = push!.payload.actions.find((a: { action: string }) => a.action === 'take');
    // The action token is no access token.
    const asBearer = await fetch(`${server.baseUrl}/api/notifications/${user.email}`, {
      headers: { authorization: `Bearer ${take.token}` },
    });
    expect(asBearer.status).toBe(401);
    const response = await fetch(`${server.baseUrl}/api/push/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: take.token }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      action: 'take',
      message: 'Aspirin marked as taken!',
    });
    await user.refresh();
    const day = await user.api.get(`/api/medicine/${m.id}/taken?date=2026-11-21`);
    // Decision 191: with the instant the button was pressed.
    expect(day.body).toEqual({
      takenDay: { date: '2026-11-21', taken: '1-0-0', takenAt: ['2026-11-21T08:00:00.000Z', null, null] },
    });
    await server.at('2026-11-21T09:30:00Z');
    expect((await user.notifications()).map((n) => n.type)).toEqual(['reminder']);
  });

  it("'Snooze 10 min' reminds again 10 minutes later with the same tag, once per token", async () => {
    await server.at('2026-11-21T05:00:00Z');
    const user = await createUser(server, { timezone: 'UTC', times: ['08:00', '14:00', '20:00'] });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '0-1-0' });
    const endpoint = `https://push.example.test/snooze-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-11-21T14:00:00Z');
    const first = sender.to(endpoint)[0]!;
    const snooze = first.payload.actions.find((a: { action: string }) => a.action === 'snooze');
    const post = () =>
      fetch(`${server.baseUrl}/api/push/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: snooze.token }),
      });
    await server.at('2026-11-21T14:02:00Z');
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    await server.at('2026-11-21T14:11:59Z');
    expect(sender.to(endpoint)).toHaveLength(1);
    await server.at('2026-11-21T14:12:00Z');
    await server.at('2026-11-21T14:30:00Z');
    const pushes = sender.to(endpoint);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]!.payload.notification).toMatchObject({
      title: 'Time for your Afternoon dose',
      tag: first.payload.notification.tag,
    });
    expect(pushes[1]!.message.topic).toBe(first.message.topic);
  });

  it('refuses forged, expired and malformed action tokens', async () => {
    await server.at('2026-11-21T05:00:00Z');
    const user = await createUser(server, { timezone: 'UTC' });
    await user.addMedicine({ frequency: '1-0-0' });
    const endpoint = `https://push.example.test/expire-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-11-21T08:00:00Z');
    const token: string = sender.to(endpoint)[0]!.payload.actions[0].token;
    const post = (t: string) =>
      fetch(`${server.baseUrl}/api/push/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: t }),
      });
    const [body, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), s: 1 }),
    ).toString('base64url');
    expect((await post(`${forged}.${signature}`)).status).toBe(401);
    expect((await post('not-a-token-at-all-xxxxxxxxxxxx')).status).toBe(401);
    server.clock.set('2026-11-21T12:00:01Z'); // 4 h later
    const expired = await post(token);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { message: string }).message).toMatch(/expired/);
  });

  it('removes a subscription the push service says is gone (410), and retries other failures with back-off', async () => {
    await server.at('2026-11-21T05:00:00Z');
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: true } });
    await user.addMedicine({ frequency: '1-0-1' });
    const endpoint = `https://push.example.test/flaky-${user.id}`;
    await user.addDevice(endpoint);
    sender.failNext(endpoint, { ok: false, gone: false, error: 'push service answered 503' });
    await server.at('2026-11-21T08:00:00Z');
    expect(sender.to(endpoint)).toHaveLength(0);
    await server.at('2026-11-21T08:00:09Z'); // back-off is 10 s
    expect(sender.to(endpoint)).toHaveLength(0);
    await server.at('2026-11-21T08:00:10Z');
    expect(sender.to(endpoint)).toHaveLength(1);

    sender.failNext(endpoint, { ok: false, gone: true, error: 'push service answered 410' });
    await server.at('2026-11-21T09:00:00Z'); // missed-dose alert: the device is gone
    const left = await server.app.services.repositories.pushSubscriptions.listForUser(user.id);
    expect(left).toEqual([]);
    // The owner is told in the app that the device stopped receiving reminders (decision 234).
    const notifications = await user.notifications();
    // The notice and the missed-dose alert share an instant, and ties are ordered by a random id.
    expect(notifications.map((n) => n.type).sort()).toEqual(['generic', 'missed_dose', 'reminder']);
    expect(notifications.find((n) => n.type === 'generic')).toMatchObject({
      title: 'A device stopped receiving reminders',
    });
  });

  it('refuses to store a push endpoint that is not on the allowlist', async () => {
    const user = await createUser(server, { timezone: 'UTC' });
    for (const endpoint of [
      'https://evil.example.com/x',
      'http://push.example.test/x',
      'http://10.0.0.1/x',
    ]) {
      const response = await user.api.post('/api/user/save-fcm-token', {
        email: user.email,
        tokenForNotification: webPushToken(endpoint),
      });
      expect(response.status, endpoint).toBe(400);
    }
  });
});
