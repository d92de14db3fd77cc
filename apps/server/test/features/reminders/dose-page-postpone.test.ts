import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import { RecordingSender, type ReminderServer, createUser, startReminderServer } from './reminder-harness';
import { dosePage, pageAction, pageToken } from './dose-page.support';

type Day = { takenDay: { taken: string; postponed?: ({ to: string } | null)[] } | null };

const DAY = '2026-11-21';
const sent = (sender: RecordingSender, endpoint: string) =>
  sender
    .to(endpoint)
    .map(
      (p) =>
        `${p.payload.createdAt.slice(11, 16)} ${p.payload.notification.title}: ${p.payload.notification.body}`,
    );

/**
 * Decision 343: Postpone on the dose page a reminder opens, without signing in. The link's token
 * authorises its own doses only; the open ones move together to a later time of their day, once
 * per idempotency key, and are reminded then.
 */
describe(`postponing from a reminder's dose page (${TEST_ENGINE})`, () => {
  const sender = new RecordingSender();
  let server: ReminderServer;
  beforeAll(async () => {
    // Links that outlive the day: the page must still refuse to postpone into another day.
    server = await startReminderServer({
      now: '2026-11-21T05:00:00Z',
      sender,
      env: { ACTION_TOKEN_TTL_MINUTES: '1440' },
    });
  });
  afterAll(() => server?.close());

  it('moves the open doses of the link to a later time today, once; refuses the rest', async () => {
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    const metformin = await user.addMedicine({ name: 'Metformin', dosage: '850 mg', frequency: '1-0-0' });
    const lisinopril = await user.addMedicine({ name: 'Lisinopril', dosage: '10 mg', frequency: '1-0-1' });
    // Another user's dose at the same time: the link never reaches it.
    const stranger = await createUser(server, { timezone: 'UTC' });
    const theirs = await stranger.addMedicine({ name: 'Aspirin', dosage: '', frequency: '1-0-0' });
    const endpoint = `https://push.example.test/postpone-${user.id}`;
    await user.addDevice(endpoint);
    await server.at(`${DAY}T08:00:00Z`);
    const push = sender.to(endpoint).find((p) => p.payload.notification.title === '2 medicines at 8:00 AM');
    const token = pageToken(push!.payload.notification.navigate);
    const buttonToken = server.app.services.actionTokens.sign(
      { action: 'take', userId: user.id, slot: 0, date: DAY },
      server.clock.now(),
    );
    expect((await dosePage(server, token)).body).toMatchObject({
      actions: ['take', 'snooze', 'skip', 'postpone'],
      timeZone: 'UTC',
    });

    const dayOf = async (id: string, who = user) => {
      await who.refresh();
      return (await who.api.get<Day>(`/api/medicine/${id}/taken?date=${DAY}`)).body.takenDay;
    };
    // Refusals: a 400 with the reason, nothing stored.
    server.clock.set(`${DAY}T08:20:00Z`);
    for (const [extra, says] of [
      [{}, 'Say the new time'],
      [{ newTime: '08:00' }, 'later'],
      [{ newTime: '08:10' }, 'later'],
      [{ newTime: '25:00' }, 'newTime'],
    ] as const) {
      const refused = await pageAction(server, token, 'postpone', extra);
      expect([extra, refused.status], JSON.stringify(refused.body)).toEqual([extra, 400]);
      expect(String(refused.body.message)).toContain(says);
    }
    expect((await pageAction(server, token, 'take', { newTime: '09:30' })).status).toBe(400);
    expect((await pageAction(server, buttonToken, 'postpone', { newTime: '09:30' })).status).toBe(400);
    expect(await dayOf(lisinopril.id)).toBeNull();

    // Metformin taken in the app: the page's Postpone moves the open one, Lisinopril, only.
    await user.refresh();
    const tick = await user.api.put(`/api/medicine/${metformin.id}/dose`, {
      date: DAY,
      slot: 0,
      taken: true,
    });
    expect(tick.status, tick.text).toBe(200);
    const body = { newTime: '09:30', idempotencyKey: 'page-postpone-1' };
    const moved = await pageAction(server, token, 'postpone', body);
    expect(moved).toEqual({
      status: 200,
      body: { success: true, action: 'postpone', message: 'Lisinopril postponed to 9:30 AM.' },
    });
    // Sent again (a lost answer, an offline press synced twice): the first answer, applied once.
    server.clock.set(`${DAY}T08:25:00Z`);
    expect(await pageAction(server, token, 'postpone', body)).toEqual(moved);
    expect((await dayOf(lisinopril.id))?.postponed?.[0]).toMatchObject({ to: '09:30' });
    expect((await dayOf(metformin.id))?.postponed).toBeUndefined();
    expect(await dayOf(theirs.id, stranger)).toBeNull();
    expect((await dosePage(server, token)).body).toMatchObject({
      medicines: [
        { name: 'Metformin', taken: true },
        { name: 'Lisinopril', taken: false, postponedTo: '09:30' },
      ],
    });
    const { medicines } = (await dosePage(server, token)).body as { medicines: object[] };
    expect(medicines[0]).not.toHaveProperty('postponedTo');

    // Reminded at its new time (decision 316's one-off row), not before.
    const before = sender.to(endpoint).length;
    for (const time of ['09:00', '09:30']) await server.at(`${DAY}T${time}:00Z`);
    expect(sent(sender, endpoint).slice(before)).toEqual([
      '09:30 Time for your Morning dose: Lisinopril (10 mg). Postponed from 8:00 AM.',
    ]);

    // All taken: nothing left to postpone.
    expect((await pageAction(server, token, 'take')).status).toBe(200);
    const settled = await pageAction(server, token, 'postpone', { newTime: '11:00' });
    expect(settled.status).toBe(409);
    expect(String(settled.body.message)).toContain('nothing to postpone');
  });

  it('refuses a postponement of yesterday’s dose from a link still valid', async () => {
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    const aspirin = await user.addMedicine({ name: 'Aspirin', dosage: '', frequency: '0-0-1' });
    const endpoint = `https://push.example.test/yesterday-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-11-22T20:00:00Z');
    const token = pageToken(sender.to(endpoint).at(-1)!.payload.notification.navigate);
    expect((await dosePage(server, token)).body).toMatchObject({
      actions: ['take', 'snooze', 'skip', 'postpone'],
    });
    await server.at('2026-11-23T07:00:00Z');
    expect((await dosePage(server, token)).body).toMatchObject({ actions: ['take', 'snooze', 'skip'] });
    const refused = await pageAction(server, token, 'postpone', { newTime: '21:00' });
    expect(refused.status).toBe(400);
    await user.refresh();
    const day = await user.api.get<Day>(`/api/medicine/${aspirin.id}/taken?date=2026-11-22`);
    expect(day.body.takenDay?.postponed).toBeUndefined();
  });
});
