import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import { ActionTokenCodec } from '../../../src/features/reminders/action-tokens';
import { RecordingSender, type ReminderServer, createUser, startReminderServer } from './reminder-harness';
import { dosePage, pageAction, pageToken } from './dose-page.support';

const DAY = '2026-11-21';
/** A secret of the test's own: a token it signs is well formed but forged for this server. */
const forger = new ActionTokenCodec('f'.repeat(40), 3_600_000);

describe(`the dose page from a reminder's link (decision 241, ${TEST_ENGINE})`, () => {
  const sender = new RecordingSender();
  let server: ReminderServer;
  beforeAll(async () => {
    server = await startReminderServer({
      now: '2026-11-21T05:00:00Z',
      sender,
      env: { PUBLIC_URL: 'https://meds.example.org', ACTION_TOKEN_TTL_MINUTES: '240' },
    });
  });
  afterAll(() => server?.close());

  it('shows the slot from a valid link; Take all from it records every dose of the slot once', async () => {
    const user = await createUser(server, { timezone: 'UTC' });
    const metformin = await user.addMedicine({ name: 'Metformin', dosage: '850 mg', frequency: '1-0-0' });
    const lisinopril = await user.addMedicine({ name: 'Lisinopril', dosage: '10 mg', frequency: '1-0-1' });
    // Timed on its own as its first dose (slot index 0, as the Morning slot), at 09:00: its own
    // reminder, not this slot's (decision 212). At 08:00 it would join this one (decision 263,
    // same-minute.test.ts).
    const own = await user.addMedicine({
      name: 'Levothyroxine',
      dosage: '',
      frequency: '1',
      doseTimes: ['09:00'],
    });
    const endpoint = `https://push.example.test/page-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-11-21T08:00:00Z');
    const slotPush = sender
      .to(endpoint)
      .find((p) => p.payload.notification.body === 'Metformin (850 mg), Lisinopril (10 mg)');
    expect(slotPush).toBeDefined();
    const { payload } = slotPush!;
    expect(payload.notification.body).toBe('Metformin (850 mg), Lisinopril (10 mg)');
    expect(payload.notification.title).toBe('2 medicines at 8:00 AM');
    expect(payload.actions.map((a: { title: string }) => a.title)).toEqual(['Take all', 'Snooze 10 min']);
    // Declarative Web Push: the words and the page's absolute link, carried once (decision 262).
    expect(payload.web_push).toBe(8030);
    expect(payload.notification).toEqual({
      title: '2 medicines at 8:00 AM',
      body: 'Metformin (850 mg), Lisinopril (10 mg)',
      navigate: expect.stringMatching(/^https:\/\/meds\.example\.org\/dose\?token=[\w-]+\.[\w-]+$/),
      tag: slotPush!.message.topic,
      lang: 'en',
    });

    const token = pageToken(payload.notification.navigate);
    const before = await dosePage(server, token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      date: DAY,
      time: '08:00',
      slotName: 'Morning',
      medicines: [
        { name: 'Metformin', dosage: '850 mg', taken: false },
        { name: 'Lisinopril', dosage: '10 mg', taken: false },
      ],
      actions: ['take', 'snooze', 'skip', 'postpone'],
      timeZone: 'UTC',
      expiresAt: '2026-11-21T12:00:00.000Z',
    });

    // A page token names no action of its own: the page says which.
    expect((await pageAction(server, token, '')).status).toBe(400);
    const taken = await pageAction(server, token, 'take');
    expect(taken).toMatchObject({
      status: 200,
      body: { action: 'take', message: 'Metformin, Lisinopril marked as taken!' },
    });
    // Pressed twice (a double tap, a retry): the doses stay taken once.
    expect((await pageAction(server, token, 'take')).status).toBe(200);

    await user.refresh();
    for (const [medicine, flags] of [
      [metformin, '1-0-0'],
      [lisinopril, '1-0-0'],
      [own, '0'],
    ] as const) {
      const day = await user.api.get<{ takenDay: { taken: string } | null }>(
        `/api/medicine/${medicine.id}/taken?date=${DAY}`,
      );
      expect([medicine.name, day.body.takenDay?.taken ?? '0']).toEqual([medicine.name, flags]);
      const full = await user.api.get<{ pillsLeft: number }>(`/api/medicine/${medicine.id}`);
      // 400 pills: one dose taken is one pill, however often the button was pressed.
      expect([medicine.name, full.body.pillsLeft]).toEqual([medicine.name, flags === '0' ? 400 : 399]);
    }
    const after = await dosePage(server, token);
    expect(after.body).toMatchObject({
      medicines: [
        { name: 'Metformin', taken: true },
        { name: 'Lisinopril', taken: true },
      ],
      actions: [],
    });
  });

  it('refuses an expired or forged link with a clear message, and a button token as a page token', async () => {
    const user = await createUser(server, { timezone: 'UTC' });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '0-1-0' });
    const endpoint = `https://push.example.test/expired-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-11-21T14:00:00Z');
    const [push] = sender.to(endpoint);
    expect(push!.payload.notification.title).toBe('Time for your Afternoon dose');
    expect(push!.payload.actions.map((a: { title: string }) => a.title)).toEqual([
      'Mark as taken',
      'Snooze 10 min',
    ]);
    const token = pageToken(push!.payload.notification.navigate);
    expect((await dosePage(server, token)).body).toMatchObject({
      medicines: [{ name: 'Aspirin', dosage: '500mg', taken: false }],
      time: '14:00',
      slotName: 'Afternoon',
    });

    const expired = 'This reminder link has expired — open the app to record your dose.';
    const forged = forger.sign({ action: 'open', userId: user.id, slot: 1, date: DAY }, server.clock.now());
    expect(await dosePage(server, forged)).toMatchObject({ status: 401, body: { message: expired } });
    // A button's token reads no page: it proves one action only.
    const button = push!.payload.actions[0].token as string;
    expect(await dosePage(server, button)).toMatchObject({ status: 401, body: { message: expired } });

    // Snooze from the page: once per link, and the reminder comes again 10 minutes later.
    expect(await pageAction(server, token, 'snooze')).toMatchObject({
      status: 200,
      body: { action: 'snooze' },
    });
    await server.at('2026-11-21T14:10:00Z');
    expect(sender.to(endpoint).map((p) => p.payload.notification.title)).toEqual([
      'Time for your Afternoon dose',
      'Time for your Afternoon dose',
    ]);

    await server.at('2026-11-21T18:00:01Z'); // 4 hours and a second later
    expect(await dosePage(server, token)).toMatchObject({ status: 401, body: { message: expired } });
    expect((await pageAction(server, token, 'take')).status).toBe(401);
  });

  it('skips the dose from the page with the reason and note chosen there; an unknown reason changes nothing', async () => {
    const user = await createUser(server, { timezone: 'UTC' });
    const aspirin = await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '0-0-1' });
    const endpoint = `https://push.example.test/skip-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-11-21T20:00:00Z');
    await user.refresh(); // the clock moved past the access token's hour
    const [push] = sender.to(endpoint);
    const token = pageToken(push!.payload.notification.navigate);
    expect((await dosePage(server, token)).body).toMatchObject({
      actions: ['take', 'snooze', 'skip', 'postpone'],
    });
    const takenDay = async () => {
      const answer = await user.api.get<{ takenDay: { taken: string; skipped?: unknown[] } | null }>(
        `/api/medicine/${aspirin.id}/taken?date=${DAY}`,
      );
      expect(answer.status).toBe(200);
      return answer.body.takenDay;
    };

    const unknown = await pageAction(server, token, 'skip', { reason: 'bored' });
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.message)).toContain('reason must be one of');
    expect(await takenDay()).toBeNull();

    const skipped = await pageAction(server, token, 'skip', {
      reason: 'ran_out',
      note: 'Pharmacy on Monday',
    });
    expect(skipped).toMatchObject({ status: 200, body: { action: 'skip' } });
    const day = await takenDay();
    // The spec's flags read it as not taken; the skip says why (decisions 225, 226).
    expect(day?.taken).toBe('0-0-0');
    expect(day?.skipped?.[2]).toMatchObject({ reason: 'ran_out', note: 'Pharmacy on Monday' });
  });

  it("shows each dose's state: skipped with its reason, then taken anyway with when (decision 259)", async () => {
    const user = await createUser(server, { timezone: 'UTC' });
    await user.addMedicine({ name: 'Metformin', dosage: '850 mg', frequency: '1-0-0' });
    await user.addMedicine({ name: 'Lisinopril', dosage: '10 mg', frequency: '1-0-1' });
    const endpoint = `https://push.example.test/states-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-11-22T08:00:00Z');
    const push = sender.to(endpoint).find((p) => p.payload.title === '2 medicines at 8:00 AM');
    const token = pageToken(push!.payload.notification.navigate);

    const skipped = await pageAction(server, token, 'skip', { reason: 'felt_unwell', note: 'Nausea' });
    expect(skipped.status).toBe(200);
    const skip = { reason: 'felt_unwell', note: 'Nausea', skippedAt: '2026-11-22T08:00:00.000Z' };
    const afterSkip = await dosePage(server, token);
    // Only this slot's doses and their own states: nothing else of the account.
    expect(afterSkip).toEqual({
      status: 200,
      body: {
        date: '2026-11-22',
        time: '08:00',
        slotName: 'Morning',
        medicines: [
          { name: 'Metformin', dosage: '850 mg', taken: false, skipped: skip },
          { name: 'Lisinopril', dosage: '10 mg', taken: false, skipped: skip },
        ],
        // Settled: no snooze, no second skip; a take ('Take it anyway') still ends the skip.
        actions: ['take'],
        timeZone: 'UTC',
        expiresAt: '2026-11-22T12:00:00.000Z',
      },
    });

    await server.at('2026-11-22T08:05:00Z');
    expect((await pageAction(server, token, 'take')).status).toBe(200);
    const taken = { taken: true, takenAt: '2026-11-22T08:05:00.000Z' };
    expect((await dosePage(server, token)).body).toMatchObject({
      medicines: [
        { name: 'Metformin', ...taken },
        { name: 'Lisinopril', ...taken },
      ],
      actions: [],
    });
    const { medicines } = (await dosePage(server, token)).body as { medicines: object[] };
    for (const medicine of medicines) expect(medicine).not.toHaveProperty('skipped');
  });

  it('Take all leaves a dose skipped on purpose while another is open, and takes it once none is', async () => {
    const user = await createUser(server, { timezone: 'UTC' });
    const metformin = await user.addMedicine({ name: 'Metformin', dosage: '850 mg', frequency: '1-0-0' });
    await user.addMedicine({ name: 'Lisinopril', dosage: '10 mg', frequency: '1-0-1' });
    const endpoint = `https://push.example.test/keep-skip-${user.id}`;
    await user.addDevice(endpoint);
    await server.at('2026-11-23T08:00:00Z');
    const push = sender.to(endpoint).find((p) => p.payload.notification.title === '2 medicines at 8:00 AM');
    const token = pageToken(push!.payload.notification.navigate);
    // Metformin skipped in the app (the doctor said so); the slot's follow-up still asks for Lisinopril.
    await user.refresh();
    const skip = await user.api.put(`/api/medicine/${metformin.id}/dose/skip`, {
      date: '2026-11-23',
      slot: 0,
      skipped: true,
      reason: 'doctors_advice',
    });
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);

    await server.at('2026-11-23T08:10:00Z');
    expect((await pageAction(server, token, 'take')).status).toBe(200);
    const stillSkipped = { reason: 'doctors_advice', skippedAt: '2026-11-23T08:00:00.000Z' };
    expect((await dosePage(server, token)).body).toMatchObject({
      medicines: [
        { name: 'Metformin', taken: false, skipped: stillSkipped },
        { name: 'Lisinopril', taken: true, takenAt: '2026-11-23T08:10:00.000Z' },
      ],
      actions: ['take'],
    });

    // None open now: a take is 'Take it anyway' (decision 259) and ends the skip.
    await server.at('2026-11-23T08:20:00Z');
    expect((await pageAction(server, token, 'take')).status).toBe(200);
    expect((await dosePage(server, token)).body).toMatchObject({
      medicines: [
        { name: 'Metformin', taken: true, takenAt: '2026-11-23T08:20:00.000Z' },
        { name: 'Lisinopril', taken: true, takenAt: '2026-11-23T08:10:00.000Z' },
      ],
      actions: [],
    });
  });
});
