import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderSchedule } from '../../../src/db/schema';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  type TestUser,
  createUser,
  startReminderServer,
} from '../reminders/reminder-harness';
import { inviteCaregivers } from './caregivers.support';

/**
 * Decision 250: the caregiver escalation of decision 140 for doses of a medicine reminded on its
 * own (own times of day, every N hours), on a controlled clock: each caregiver at their delay after
 * the patient's own missed-dose alert, only for a dose neither taken nor skipped then, once.
 */
const nameOf = (patient: TestUser) => `Patient ${patient.email.split('-')[1]}`;

/** The caregiver alerts a carer holds, oldest first, as [message, instant]. */
async function alertsOf(carer: TestUser): Promise<[string, string][]> {
  const list = await carer.notifications();
  return list.map((n) => [n.message, n.createdAt] as [string, string]).reverse();
}

/** The patient's caregiver-alert rows, as [kind, offset]. */
async function careRows(server: ReminderServer, userId: string) {
  const rows = await server.database.handle.db
    .select()
    .from(reminderSchedule)
    .where(and(eq(reminderSchedule.userId, userId), like(reminderSchedule.kind, 'care%')));
  return rows.map((r) => [r.kind, r.offsetMinutes]);
}

describe(`care circle: escalation for own-time and every-N-hours doses (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-12-01T00:00:00Z', sender });
  });
  afterAll(() => server.close());

  it('an own-time dose missed: the caregiver at +60+delay naming patient, medicine and time; not taken or skipped ones', async () => {
    await server.at('2026-12-01T00:00:00Z');
    const patient = await createUser(server, { timezone: 'Europe/Berlin' });
    const medicine = await patient.addMedicine({
      name: 'Levothyroxine',
      dosage: '50mcg',
      frequency: '1-1-1',
      doseTimes: ['06:30', '13:00', '21:15'],
    });
    const [carer] = (await inviteCaregivers(server, patient, [{ missedDelayMinutes: 45 }])) as [TestUser];
    const name = nameOf(patient);

    await server.at('2026-12-01T05:30:00Z'); // 06:30 Berlin: the patient's reminder
    await server.at('2026-12-01T06:30:00Z'); // +60: the patient's missed-dose alert
    expect((await patient.notifications()).map((n) => n.title)).toEqual([
      'Missed Dose',
      'Time for your Morning dose',
    ]);
    await server.at('2026-12-01T07:14:00Z');
    expect(await carer.notifications()).toEqual([]);
    await server.at('2026-12-01T07:15:00Z'); // +60+45
    const [alert, ...more] = await carer.notifications();
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      type: 'missed_dose',
      title: `${name} has not taken a dose`,
      message: `Levothyroxine, Morning dose at 6:30 AM: still not taken. ${name} was reminded first.`,
      medicineName: 'Levothyroxine',
      createdAt: '2026-12-01T07:15:00.000Z',
    });
    const pushes = sender.to(`https://push.example.test/carer-${carer.id}`);
    expect(pushes.map((p) => p.payload)).toMatchObject([{ id: alert!.id, url: '/care', actions: [] }]);
    await server.at('2026-12-01T07:15:30Z'); // a second tick: nothing twice
    expect(await carer.notifications()).toHaveLength(1);

    // 13:00 taken on time: no alert at 14:45. 21:15 skipped: no alert at 23:00.
    await server.at('2026-12-01T12:05:00Z');
    await patient.refresh();
    const taken = await patient.api.put(`/api/medicine/${medicine.id}/dose`, {
      date: '2026-12-01',
      slot: 1,
      taken: true,
    });
    expect(taken.status, taken.text).toBe(200);
    await server.at('2026-12-01T20:20:00Z');
    await patient.refresh();
    const skip = await patient.api.put(`/api/medicine/${medicine.id}/dose/skip`, {
      date: '2026-12-01',
      slot: 2,
      skipped: true,
      reason: 'felt_unwell',
    });
    expect(skip.status, skip.text).toBe(200);
    for (const at of ['13:45', '14:00', '20:15', '21:15', '22:00', '23:30']) {
      await server.at(`2026-12-01T${at}:00Z`);
    }
    expect(await alertsOf(carer)).toHaveLength(1);

    // The next morning, missed again: alerted again, for that day's dose.
    await server.at('2026-12-02T05:30:00Z');
    await server.at('2026-12-02T06:30:00Z');
    await server.at('2026-12-02T07:15:00Z');
    expect((await alertsOf(carer)).map(([, at]) => at)).toEqual([
      '2026-12-01T07:15:00.000Z',
      '2026-12-02T07:15:00.000Z',
    ]);
  });

  it('every 8 hours across a day: each caregiver after their own delay, an earlier dose’s alert after a later dose', async () => {
    await server.at('2026-12-03T00:00:00Z');
    const patient = await createUser(server, { timezone: 'UTC' });
    const medicine = await patient.addMedicine({
      name: 'Amoxicillin',
      dosage: '500mg',
      frequency: '1-0-0',
      startDate: '2026-12-03',
      originalDurationDays: 7,
      schedule: { kind: 'interval', everyHours: 8, startTime: '06:00' },
    });
    // +60+60 = 2 h after each dose; +60+600 = 11 h after it (past the next dose at +8 h).
    const [soon, late] = (await inviteCaregivers(server, patient, [{}, { missedDelayMinutes: 600 }])) as [
      TestUser,
      TestUser,
    ];
    // Hour by hour through the day; the 14:00 dose is taken: neither caregiver hears of it.
    for (let hour = 6; hour <= 30; hour += 1) {
      const day = hour < 24 ? '03' : '04';
      await server.at(`2026-12-${day}T${String(hour % 24).padStart(2, '0')}:00:00Z`);
      if (hour !== 14) continue;
      server.clock.set('2026-12-03T14:10:00Z');
      await patient.refresh();
      const taken = await patient.api.put(`/api/medicine/${medicine.id}/dose`, {
        date: '2026-12-03',
        slot: 1,
        taken: true,
      });
      expect(taken.status, taken.text).toBe(200);
    }
    const message = (time: string) =>
      `Amoxicillin, ${time}: still not taken. ${nameOf(patient)} was reminded first.`;
    expect(await alertsOf(soon)).toEqual([
      [message('Morning dose at 6:00 AM'), '2026-12-03T08:00:00.000Z'],
      [message('Night dose at 10:00 PM'), '2026-12-04T00:00:00.000Z'],
    ]);
    expect(await alertsOf(late)).toEqual([[message('Morning dose at 6:00 AM'), '2026-12-03T17:00:00.000Z']]);
  });

  it('a caregiver removed before their moment is not alerted; without caregivers there is no such row', async () => {
    await server.at('2026-12-05T00:00:00Z');
    const patient = await createUser(server, { timezone: 'UTC' });
    await patient.addMedicine({ name: 'Levothyroxine', dosage: '', frequency: '1', doseTimes: ['07:00'] });
    expect(await careRows(server, patient.id)).toEqual([]);
    const [removed, kept] = (await inviteCaregivers(server, patient, [{}, {}])) as [TestUser, TestUser];
    expect(await careRows(server, patient.id)).toEqual([['care-interval', 120]]);
    await server.at('2026-12-05T07:00:00Z');
    await server.at('2026-12-05T08:00:00Z');
    await patient.refresh();
    const removal = await patient.api.delete(`/api/care/${patient.email}/caregivers/${removed.id}`);
    expect(removal.status, removal.text).toBe(200);
    await server.at('2026-12-05T09:00:00Z');
    expect(await alertsOf(kept)).toHaveLength(1);
    expect(await removed.notifications()).toEqual([]);
    expect(sender.to(`https://push.example.test/carer-${removed.id}`)).toEqual([]);

    // The last caregiver gone: the row goes with them.
    await patient.refresh();
    await patient.api.delete(`/api/care/${patient.email}/caregivers/${kept.id}`);
    expect(await careRows(server, patient.id)).toEqual([]);
  });
  it('follows a moved own time, and does not depend on the patient’s own notification switch', async () => {
    await server.at('2026-12-06T00:00:00Z');
    const patient = await createUser(server, { timezone: 'UTC' });
    const thyroid = await patient.addMedicine({
      name: 'Levothyroxine',
      dosage: '',
      frequency: '1',
      doseTimes: ['07:00'],
    });
    const [carer] = (await inviteCaregivers(server, patient, [{}])) as [TestUser];
    await patient.saveSettings({ notifications: { enabled: false } });
    await patient.refresh();
    const current = await patient.api.get<Record<string, unknown>>(`/api/medicine/${thyroid.id}`);
    const moved = await patient.api.put(`/api/medicine/${thyroid.id}`, {
      ...current.body,
      doseTimes: ['10:30'],
    });
    expect(moved.status, moved.text).toBe(200);
    for (const at of ['07:00', '08:00', '09:00', '10:30', '11:30', '12:29']) {
      await server.at(`2026-12-06T${at}:00Z`);
    }
    expect(await carer.notifications()).toEqual([]);
    await server.at('2026-12-06T12:30:00Z');
    expect(await alertsOf(carer)).toEqual([
      [
        `Levothyroxine, Morning dose at 10:30 AM: still not taken. ${nameOf(patient)} was reminded first.`,
        '2026-12-06T12:30:00.000Z',
      ],
    ]);
    expect(await patient.notifications()).toEqual([]);
  });
  it('after downtime: an alert up to 6 hours late is sent, a later one is not, and the next day’s comes at its time', async () => {
    await server.at('2026-12-07T00:00:00Z');
    const patient = await createUser(server, { timezone: 'UTC' });
    await patient.addMedicine({
      name: 'Levothyroxine',
      dosage: '',
      frequency: '1-1',
      doseTimes: ['07:00', '08:00'],
    });
    const [carer] = (await inviteCaregivers(server, patient, [{}])) as [TestUser];
    // Down from before 09:00 (the 07:00 dose's alert) and 10:00 (the 08:00 dose's) until 15:30.
    await server.at('2026-12-07T15:30:00Z');
    expect(await alertsOf(carer)).toEqual([
      [
        `Levothyroxine, Morning dose at 8:00 AM: still not taken. ${nameOf(patient)} was reminded first.`,
        '2026-12-07T15:30:00.000Z',
      ],
    ]);
    await server.at('2026-12-08T09:00:00Z');
    expect((await alertsOf(carer)).map(([, at]) => at)).toEqual([
      '2026-12-07T15:30:00.000Z',
      '2026-12-08T09:00:00.000Z',
    ]);
  });
});

describe(`own-time caregiver alerts with two engines on one database (${TEST_ENGINE})`, () => {
  let first: ReminderServer;
  let second: ReminderServer;
  beforeAll(async () => {
    first = await startReminderServer({ now: '2026-12-01T00:00:00Z' });
    second = await startReminderServer({ now: '2026-12-01T00:00:00Z', shareWith: first });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('alerts each caregiver exactly once while both fire at every instant', async () => {
    const patients = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const patient = await createUser(first, { timezone: 'UTC' });
        await patient.addMedicine({
          name: `Medicine ${i}`,
          dosage: '',
          frequency: '1',
          doseTimes: ['09:10'],
        });
        return patient;
      }),
    );
    const carers = [];
    for (const patient of patients) carers.push(...(await inviteCaregivers(first, patient, [{}, {}])));
    for (const time of ['09:10', '10:10', '11:10', '11:10', '12:10']) {
      first.clock.set(`2026-12-01T${time}:00Z`);
      await Promise.all([first.engine.runUntilIdle(), second.engine.runUntilIdle()]);
    }
    for (const carer of carers) {
      expect((await carer.notifications()).map((n) => n.createdAt)).toEqual(['2026-12-01T11:10:00.000Z']);
    }
  });
});
