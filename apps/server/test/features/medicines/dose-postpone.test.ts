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
import { inviteCaregivers } from '../care/caregivers.support';

// Decision 316: one dose postponed to a later time today: reminded then and not at its planned
// time (follow-ups, the missed-dose alert and caregiver alerts from the new time), counted then.
type Postponement = { to: string; postponedAt: string } | null;
type Day = { takenDay: { date: string; taken: string; postponed?: Postponement[] } | null; message?: string };

const FOLLOW_UPS = { everyMinutes: 10, times: 1 };
const sent = (sender: RecordingSender, endpoint: string) =>
  sender
    .to(endpoint)
    .map(
      (p) =>
        `${p.payload.createdAt.slice(11, 16)} ${p.payload.notification.title}: ${p.payload.notification.body}`,
    );

/** A UTC user with Aspirin and Vitamin D at 08:00 (default times 08:00, 14:00, 20:00), one device. */
async function morningUser(server: ReminderServer, label: string) {
  const user = await createUser(server, {
    timezone: 'UTC',
    notifications: { missedDoseAlerts: true, followUps: FOLLOW_UPS },
  });
  const aspirin = await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
  const vitamin = await user.addMedicine({ name: 'Vitamin D', dosage: '', frequency: '1-0-0' });
  const endpoint = `https://push.example.test/${label}-${user.id}`;
  await user.addDevice(endpoint);
  return { user, aspirin, vitamin, endpoint };
}

async function postpone(user: TestUser, body: Record<string, unknown>) {
  await user.refresh();
  return user.api.post<Day>('/api/doses/postpone', body);
}

describe(`postponing one dose (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-20T00:00:00Z', sender });
  });
  afterAll(() => server.close());

  it('reminds at the new time and not the planned one, follow-ups and alerts from it, counted then', async () => {
    await server.at('2026-11-21T06:00:00Z');
    const { user, aspirin, endpoint } = await morningUser(server, 'moved');
    server.clock.set('2026-11-21T07:30:00Z');
    const moved = await postpone(user, {
      medicineId: aspirin.id,
      date: '2026-11-21',
      plannedTime: '08:00',
      newTime: '09:30',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.takenDay).toEqual({
      date: '2026-11-21',
      taken: '0-0-0',
      postponed: [{ to: '09:30', postponedAt: '2026-11-21T07:30:00.000Z' }, null, null],
    });
    for (const time of ['08:00', '08:10', '09:00', '09:15']) await server.at(`2026-11-21T${time}:00Z`);
    // Counted at its new time: at 09:15 the Aspirin dose is not missed (Vitamin D, planned, is).
    await user.refresh();
    const report = await user.api.get<{ totals: Record<string, number> }>(
      `/api/report/${user.email}/doctor?from=2026-11-21&to=2026-11-21`,
    );
    expect(report.status, report.text).toBe(200);
    expect(report.body.totals).toMatchObject({ due: 1, taken: 0, missed: 1 });
    for (const time of ['09:30', '09:40', '10:30', '11:30']) await server.at(`2026-11-21T${time}:00Z`);
    expect(sent(sender, endpoint)).toEqual([
      '08:00 Time for your Morning dose: Vitamin D',
      '08:10 Still to take: your Morning dose: Vitamin D',
      '09:00 Missed Dose: You missed your dose of Vitamin D. Please take it as soon as possible.',
      '09:30 Time for your Morning dose: Aspirin (500mg). Postponed from 8:00 AM.',
      '09:40 Still to take: your Aspirin dose: Aspirin (500mg). Postponed from 8:00 AM.',
      '10:30 Missed Dose: You missed your dose of Aspirin. Please take it as soon as possible.',
    ]);
    // The reminder's buttons take this one dose.
    const reminder = sender.to(endpoint)[3]!.payload;
    expect(reminder.actions.map((a: { action: string }) => a.action)).toEqual(['take']);
  });

  it('postponing again moves it again, taking it settles it, taking it back restores the plan', async () => {
    await server.at('2026-11-22T06:00:00Z');
    const { user, aspirin, vitamin, endpoint } = await morningUser(server, 'again');
    const dose = { medicineId: aspirin.id, date: '2026-11-22', plannedTime: '08:00' };
    server.clock.set('2026-11-22T07:30:00Z');
    expect((await postpone(user, { ...dose, newTime: '09:30' })).status).toBe(200);
    server.clock.set('2026-11-22T07:40:00Z');
    expect((await postpone(user, { ...dose, newTime: '10:00' })).status).toBe(200);
    // Vitamin D's dose postponed and taken back before its time: reminded as planned.
    const vitaminDose = { ...dose, medicineId: vitamin.id };
    expect((await postpone(user, { ...vitaminDose, newTime: '12:00' })).status).toBe(200);
    const back = await postpone(user, { ...vitaminDose, newTime: null });
    expect(back.status).toBe(200);
    expect(back.body.takenDay).toEqual({ date: '2026-11-22', taken: '0-0-0' });
    for (const time of ['08:00', '08:10', '09:00', '09:30', '10:00'])
      await server.at(`2026-11-22T${time}:00Z`);
    server.clock.set('2026-11-22T10:05:00Z');
    await user.refresh();
    const take = await user.api.put(`/api/medicine/${aspirin.id}/dose`, {
      date: '2026-11-22',
      slot: 0,
      taken: true,
    });
    expect(take.status, take.text).toBe(200);
    for (const time of ['10:10', '11:00', '12:00']) await server.at(`2026-11-22T${time}:00Z`);
    expect(sent(sender, endpoint)).toEqual([
      '08:00 Time for your Morning dose: Vitamin D',
      '08:10 Still to take: your Morning dose: Vitamin D',
      '09:00 Missed Dose: You missed your dose of Vitamin D. Please take it as soon as possible.',
      '10:00 Time for your Morning dose: Aspirin (500mg). Postponed from 8:00 AM.',
    ]);
    // A settled dose is not postponed again (409), nothing stored.
    const late = await postpone(user, { ...dose, newTime: '13:00' });
    expect(late.status).toBe(409);
    const day = await user.api.get<Day>(`/api/medicine/${aspirin.id}/taken?date=2026-11-22`);
    expect(day.body.takenDay?.postponed?.[0]?.to).toBe('10:00');
    // The export carries it beside the spec's dose history.
    const exported = await user.api.get<{ postponedDoses: unknown[] }>(`/api/user/${user.email}/export`);
    expect(exported.body.postponedDoses).toEqual([
      {
        medicineId: aspirin.id,
        date: '2026-11-22',
        slot: 0,
        to: '10:00',
        postponedAt: '2026-11-22T07:40:00.000Z',
      },
    ]);
  });

  it('alerts caregivers from the new time; a caregiver cannot postpone the dose', async () => {
    await server.at('2026-11-24T06:00:00Z');
    const { user, aspirin } = await morningUser(server, 'care');
    const [carer] = (await inviteCaregivers(server, user, [{ missedDelayMinutes: 30 }])) as [TestUser];
    server.clock.set('2026-11-24T07:30:00Z');
    const dose = { medicineId: aspirin.id, date: '2026-11-24', plannedTime: '08:00', newTime: '09:30' };
    // Co-read only: the patient's medicine is not the caregiver's to postpone.
    expect((await postpone(carer, dose)).status).toBe(404);
    expect((await postpone(user, dose)).status).toBe(200);
    for (const time of ['08:00', '09:00', '09:30', '10:30', '11:00'])
      await server.at(`2026-11-24T${time}:00Z`);
    const alerts = sender
      .to(`https://push.example.test/carer-${carer.id}`)
      .map((p) => `${p.payload.createdAt.slice(11, 16)} ${p.payload.notification.body}`);
    expect(alerts).toEqual([
      expect.stringMatching(/^09:30 Vitamin D, Morning dose at 8:00 AM: still not taken/),
      expect.stringMatching(/^11:00 Aspirin, Morning dose at 9:30 AM: still not taken/),
    ]);
  });

  it('moves a dose at a medicine’s own time too: its own row is quiet at the planned time', async () => {
    await server.at('2026-11-25T05:00:00Z');
    const user = await createUser(server, {
      timezone: 'UTC',
      notifications: { missedDoseAlerts: true, followUps: { everyMinutes: 10, times: 0 } },
    });
    const thyroid = await user.addMedicine({
      name: 'Levothyroxine',
      dosage: '50 mcg',
      frequency: '1',
      doseTimes: ['06:30'],
    });
    const endpoint = `https://push.example.test/own-${user.id}`;
    await user.addDevice(endpoint);
    server.clock.set('2026-11-25T06:00:00Z');
    const moved = await postpone(user, {
      medicineId: thyroid.id,
      date: '2026-11-25',
      plannedTime: '06:30',
      newTime: '07:15',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    for (const time of ['06:30', '07:15', '07:30', '08:15']) await server.at(`2026-11-25T${time}:00Z`);
    expect(sent(sender, endpoint)).toEqual([
      '07:15 Time for your Morning dose: Levothyroxine (50 mcg). Postponed from 6:30 AM.',
      '08:15 Missed Dose: You missed your dose of Levothyroxine. Please take it as soon as possible.',
    ]);
  });

  it('refuses bad input with a 4xx and stores nothing; a replayed key answers once', async () => {
    await server.at('2026-11-23T06:00:00Z');
    const { user, aspirin } = await morningUser(server, 'bad');
    const other = await createUser(server, { timezone: 'UTC' });
    const dose = { medicineId: aspirin.id, date: '2026-11-23', plannedTime: '08:00', newTime: '09:30' };
    server.clock.set('2026-11-23T08:20:00Z');
    const refusals: [Record<string, unknown>, number, RegExp][] = [
      [{ date: '2026-11-22' }, 400, /Only today's doses/],
      [{ date: '2026-11-24' }, 400, /Only today's doses/],
      [{ newTime: '00:30' }, 400, /later than the dose's planned time/],
      [{ newTime: '08:15' }, 400, /later than now/],
      [{ newTime: '24:00' }, 400, /HH:MM/],
      [{ newTime: '09:30\u0000' }, 400, /HH:MM/],
      [{ plannedTime: '09:00' }, 400, /no dose at 9:00 AM/],
      [{ plannedTime: 8 }, 400, /./],
      [{ date: '2026-02-30' }, 400, /real calendar date/],
      [{ medicineId: 'not-an-id' }, 400, /Not a valid id/],
    ];
    for (const [change, status, message] of refusals) {
      const response = await postpone(user, { ...dose, ...change });
      expect(response.status, JSON.stringify(change)).toBe(status);
      expect(response.body.message ?? response.text).toMatch(message);
    }
    // Someone else's medicine: 404.
    expect((await postpone(other, dose)).status).toBe(404);
    const day = await user.api.get<Day>(`/api/medicine/${aspirin.id}/taken?date=2026-11-23`);
    expect(day.body.takenDay?.postponed).toBeUndefined();

    const keyed = { ...dose, idempotencyKey: '0f8fad5b-d9cb-469f-a165-70867728950e' };
    const first = await postpone(user, keyed);
    server.clock.set('2026-11-23T08:25:00Z');
    const replay = await postpone(user, keyed);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
  });
});

// Exactly once with BullMQ too: two servers on one database and one Redis, both firing.
const redisUrl = await probeRedis();
describe.skipIf(!redisUrl)(`a postponed dose with BullMQ on two servers (${TEST_ENGINE})`, () => {
  const prefix = `medrem-test-${randomBytes(4).toString('hex')}`;
  const env = { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: prefix };
  const sender = new RecordingSender();
  let first: ReminderServer;
  let second: ReminderServer;
  beforeAll(async () => {
    first = await startReminderServer({ now: '2026-11-20T06:00:00Z', sender, env });
    second = await startReminderServer({ now: '2026-11-20T06:00:00Z', sender, env, shareWith: first });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    if (redisUrl) await deleteRedisPrefix(redisUrl, prefix);
  });

  it('sends the postponed reminder once, at its new time', async () => {
    const { user, aspirin, endpoint } = await morningUser(first, 'bullmq');
    first.clock.set('2026-11-20T07:00:00Z');
    const moved = await postpone(user, {
      medicineId: aspirin.id,
      date: '2026-11-20',
      plannedTime: '08:00',
      newTime: '08:30',
    });
    expect(moved.status).toBe(200);
    for (const time of ['08:00', '08:10', '08:30', '08:35']) {
      first.clock.set(`2026-11-20T${time}:00Z`);
      await Promise.all([first.engine.runUntilIdle(), second.engine.runUntilIdle()]);
    }
    expect(sent(sender, endpoint)).toEqual([
      '08:00 Time for your Morning dose: Vitamin D',
      '08:10 Still to take: your Morning dose: Vitamin D',
      '08:30 Time for your Morning dose: Aspirin (500mg). Postponed from 8:00 AM.',
    ]);
  });
});
