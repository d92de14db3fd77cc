import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  type TestUser,
  createUser,
  deleteRedisPrefix,
  probeRedis,
  startReminderServer,
} from '../reminders/reminder-harness';

/**
 * Decision 331: measurement reminders fire through the dose reminders' engine, channels and
 * exactly-once keys; a reading of the type settles the time it is due (from an hour before), so its
 * follow-ups stop; weekday reminders only on their days. Run on the in-process queue and on BullMQ.
 */
const redisUrl = await probeRedis();
const FOLLOW_UPS = { everyMinutes: 10, times: 2 };
const BP = { systolic: 128, diastolic: 82 };

function journey(engine: 'in-process' | 'bullmq', env: Record<string, string> = {}) {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-12-07T06:00:00Z', sender, env });
    if (engine === 'bullmq') expect(server.app.reminders.queue?.kind).toBe('bullmq');
  });
  afterAll(() => server.close());

  async function measuringUser(label: string, followUps = FOLLOW_UPS) {
    const user = await createUser(server, { timezone: 'UTC', notifications: { followUps } });
    const endpoint = `https://push.example.test/${label}-${user.id}`;
    await user.addDevice(endpoint);
    const sent = () =>
      sender
        .to(endpoint)
        .map((p) => [p.payload.title as string, (p.payload.createdAt as string).slice(11, 16)]);
    return { user, endpoint, sent };
  }
  const reading = (user: TestUser, measuredAt: string) =>
    user.api.post('/api/journal/measurements', {
      type: 'blood-pressure',
      values: BP,
      unit: 'mm[Hg]',
      measuredAt,
    });

  it('fires at its times, follows up until a reading settles it, and once per time', async () => {
    await server.at('2026-12-07T06:00:00Z'); // a Monday
    const { user, endpoint, sent } = await measuringUser(`bp-${engine}`);
    const set = await user.api.put<{ reminder: Record<string, unknown> }>(
      '/api/journal/reminders/blood-pressure',
      {
        type: 'blood-pressure',
        times: ['08:00', '20:00'],
        days: null,
      },
    );
    expect(set.status).toBe(200);
    expect(set.body.reminder).toMatchObject({
      type: 'blood-pressure',
      times: ['08:00', '20:00'],
      days: null,
      next: { date: '2026-12-07', time: '08:00', at: '2026-12-07T08:00:00.000Z' },
    });

    await server.at('2026-12-07T08:00:00Z');
    await server.at('2026-12-07T08:00:00Z'); // a second pass at the same instant sends nothing more
    const first = sender.to(endpoint)[0]!.payload;
    expect(first).toMatchObject({ title: 'Time to measure: Blood pressure', actions: [] });
    expect(first.body).toBe('Your 8:00 AM reading. Tap to enter it.');
    expect(first.notification.navigate).toBe('/journal?measure=blood-pressure&due=2026-12-07T08:00:00.000Z');
    await server.at('2026-12-07T08:10:00Z');
    expect(sender.to(endpoint)[1]!.payload).toMatchObject({
      title: 'Still to measure: Blood pressure',
      tag: first.tag,
    });
    // Entered from the reminder's page: settled, the last follow-up is not sent.
    server.clock.set('2026-12-07T08:12:00Z');
    await user.refresh();
    expect((await reading(user, '2026-12-07T08:12:00Z')).status).toBe(201);
    const reminders = await user.api.get<{ reminders: { latest: unknown }[] }>('/api/journal/reminders');
    expect(reminders.body.reminders[0]!.latest).toMatchObject({
      date: '2026-12-07',
      time: '08:00',
      settled: true,
    });
    for (const time of ['08:20', '08:30', '19:00']) await server.at(`2026-12-07T${time}:00Z`);
    // Measured a little early for the evening: that time is answered too, nothing is sent.
    await user.refresh();
    expect((await reading(user, '2026-12-07T19:00:00Z')).status).toBe(201);
    for (const time of ['20:00', '20:10', '20:20']) await server.at(`2026-12-07T${time}:00Z`);
    // The next morning, unanswered: the reminder and both follow-ups, then on to the evening.
    for (const time of ['08:00', '08:10', '08:20', '08:30']) await server.at(`2026-12-08T${time}:00Z`);
    expect(sent()).toEqual([
      ['Time to measure: Blood pressure', '08:00'],
      ['Still to measure: Blood pressure', '08:10'],
      ['Time to measure: Blood pressure', '08:00'],
      ['Still to measure: Blood pressure', '08:10'],
      ['Still to measure: Blood pressure', '08:20'],
    ]);
    const stored = await user.notifications();
    expect(stored.filter((n) => n.title.startsWith('Time to measure'))).toHaveLength(2);
    // The bell opens what the push opens: the reading's page for that time (decision 346).
    expect(stored.find((n) => n.title.startsWith('Time to measure'))).toMatchObject({
      type: 'reminder',
      medicineName: null,
      link: '/journal?measure=blood-pressure&due=2026-12-08T08:00:00.000Z',
    });

    // Removed: nothing more fires.
    await user.refresh();
    expect((await user.api.delete('/api/journal/reminders/blood-pressure')).status).toBe(200);
    for (const time of ['20:00', '20:10']) await server.at(`2026-12-08T${time}:00Z`);
    expect(sent()).toHaveLength(5);
  });

  it('a weekday reminder fires only on its days, an own type named by its name', async () => {
    await server.at('2026-12-07T09:00:00Z');
    const { user, sent } = await measuringUser(`weight-${engine}`, { everyMinutes: 10, times: 0 });
    const weight = await user.api.put('/api/journal/reminders/weight', {
      type: 'weight',
      times: ['07:00'],
      days: [1],
    });
    expect(weight.status).toBe(200);
    const own = await user.api.post<{ type: { type: string } }>('/api/journal/types', {
      name: 'Waist',
      unit: 'cm',
      min: 30,
      max: 250,
      decimals: 1,
    });
    const waist = await user.api.put(`/api/journal/reminders/${own.body.type.type}`, {
      type: own.body.type.type,
      times: ['07:30'],
      days: [3],
    });
    expect(waist.status).toBe(200);
    for (const day of ['08', '09', '10', '11', '12', '13', '14']) {
      await server.at(`2026-12-${day}T07:00:00Z`);
      await server.at(`2026-12-${day}T07:30:00Z`);
    }
    expect(sent()).toEqual([
      ['Time to measure: Waist', '07:30'], // Wednesday the 9th
      ['Time to measure: Weight', '07:00'], // Monday the 14th
    ]);
  });

  it('refuses a bad schedule or a type not of yours, storing nothing', async () => {
    const { user } = await measuringUser(`bad-${engine}`);
    const put = (body: Record<string, unknown>, type = 'blood-pressure') =>
      user.api.put<{ message: string }>(`/api/journal/reminders/${type}`, { type, ...body });
    const refused = [
      [{ times: ['20:00', '08:00'], days: null }, 'List the times in the order of the day, earliest first.'],
      [{ times: [], days: null }, 'Give at least one time.'],
      [{ times: ['08:00'], days: [] }, 'Choose at least one day of the week.'],
      [{ times: ['08:00'], days: [2, 2] }, 'Each day of the week once.'],
      [{ times: ['8 am'], days: null }, 'is not a time'],
    ] as const;
    for (const [body, message] of refused) {
      const answer = await put(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await put({ times: ['08:00'], days: null }, crypto.randomUUID())).status).toBe(404);
    expect((await user.api.delete('/api/journal/reminders/weight')).status).toBe(404);
    const list = await user.api.get<{ reminders: unknown[] }>('/api/journal/reminders');
    expect(list.body.reminders).toEqual([]);
  });
}

describe(`measurement reminders on the in-process queue (${TEST_ENGINE})`, () => journey('in-process'));

describe.skipIf(!redisUrl)(`measurement reminders on BullMQ (${TEST_ENGINE})`, () => {
  const prefix = `medrem-test-${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    if (redisUrl) await deleteRedisPrefix(redisUrl, prefix);
  });
  journey('bullmq', { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: prefix });
});
