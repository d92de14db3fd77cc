import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import { RecordingSender, type ReminderServer, createUser, startReminderServer } from './reminder-harness';

// Decision 120: the engine follows the schedule of each medicine.
describe(`reminders follow the schedules (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-10-30T00:00:00Z', sender });
  });
  afterAll(() => server.close());

  it('reminds an every-8-hours dose 8 real hours apart across the New York fall-back night, and says so', async () => {
    await server.at('2026-10-30T12:00:00Z');
    const user = await createUser(server, { timezone: 'America/New_York' });
    const abx = await user.addMedicine({
      name: 'Amoxicillin',
      dosage: '',
      frequency: '1-0-0',
      startDate: '2026-10-31',
      originalDurationDays: 3,
      schedule: { kind: 'interval', everyHours: 8, startTime: '00:00' },
    });
    await server.at('2026-10-31T03:59:00Z'); // 23:59 EDT on the 30th
    expect(await user.notifications()).toEqual([]);
    await server.at('2026-10-31T04:00:00Z'); // 00:00 EDT, the first dose
    expect(await user.notifications()).toMatchObject([
      { type: 'reminder', title: 'Time for your Amoxicillin dose', message: 'Amoxicillin. Every 8 hours.' },
    ]);
    await server.at('2026-10-31T12:00:00Z');
    await server.at('2026-10-31T20:00:00Z');
    await server.at('2026-11-01T04:00:00Z'); // 00:00 EDT; the clocks go back at 02:00
    expect(await user.notifications()).toHaveLength(4);
    await server.at('2026-11-01T12:00:00Z'); // 8 real hours later: 07:00 EST, not 08:00
    const [latest] = await user.notifications();
    expect(latest).toMatchObject({
      createdAt: '2026-11-01T12:00:00.000Z',
      message:
        'Amoxicillin. Every 8 hours: the clocks changed, so this dose keeps 8 real hours from the last.',
    });

    // A dose taken before its time is not reminded: 15:00 EST is the day's third dose (slot 2),
    // taken at 14:30 EST, inside the take-early window (decision 190).
    await server.at('2026-11-01T19:30:00Z');
    await user.refresh();
    const tick = await user.api.put(`/api/medicine/${abx.id}/dose`, {
      date: '2026-11-01',
      slot: 2,
      taken: true,
    });
    expect(tick.status, tick.text).toBe(200);
    const before = (await user.notifications()).length;
    await server.at('2026-11-01T20:00:00Z');
    expect(await user.notifications()).toHaveLength(before);
    await server.at('2026-11-02T04:00:00Z'); // 23:00 EST, the 25-hour day's fourth dose
    expect(await user.notifications()).toHaveLength(before + 1);
  });

  it("'Mark as taken' on an every-N-hours push marks that dose of that day (Snooze beside it, decision 251)", async () => {
    await server.at('2026-11-10T00:00:00Z');
    const user = await createUser(server, { timezone: 'Europe/Berlin' });
    const m = await user.addMedicine({
      name: 'Doxycycline',
      dosage: '100mg',
      frequency: '1-0-0',
      startDate: '2026-11-10',
      schedule: { kind: 'interval', everyHours: 12, startTime: '09:00' },
    });
    const endpoint = `https://push.example.test/interval-${user.id}`;
    await user.addDevice(endpoint);
    // The engine first runs at 21:00 Berlin: the 09:00 dose is past its missed-dose time and sends
    // nothing stale; the row catches up to the day's second dose, due now.
    await server.at('2026-11-10T20:00:00Z');
    const [first, second] = sender.to(endpoint);
    expect(second).toBeUndefined();
    expect(first!.payload.actions.map((a: { title: string }) => a.title)).toEqual([
      'Mark as taken',
      'Snooze 10 min',
    ]);
    const take = first!.payload.actions[0];
    const response = await fetch(`${server.baseUrl}/api/push/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: take.token }),
    });
    expect(response.status).toBe(200);
    await user.refresh();
    const day = await user.api.get(`/api/medicine/${m.id}/taken?date=2026-11-10`);
    // Decision 191: with the instant the button was pressed.
    expect(day.body).toEqual({
      takenDay: { date: '2026-11-10', taken: '0-1', takenAt: [null, '2026-11-10T20:00:00.000Z'] },
    });
  });

  it('reminds a Monday medicine on Mondays only, never an as-needed one', async () => {
    await server.at('2026-11-21T12:00:00Z');
    const user = await createUser(server, { timezone: 'UTC' });
    await user.addMedicine({
      name: 'Methotrexate',
      frequency: '1-0-0',
      startDate: '2026-11-01',
      schedule: { kind: 'weekdays', days: [1] },
    });
    await user.addMedicine({
      name: 'Ibuprofen',
      frequency: '1-1-1',
      startDate: '2026-11-01',
      schedule: { kind: 'asNeeded', maxPer24h: 4, minIntervalMinutes: 240 },
    });
    await server.at('2026-11-22T08:00:00Z'); // Sunday
    await server.at('2026-11-22T09:00:00Z'); // and its missed-dose time
    expect(await user.notifications()).toEqual([]);
    await server.at('2026-11-23T08:00:00Z'); // Monday
    expect(await user.notifications()).toMatchObject([
      { title: 'Time for your Morning dose', message: 'Methotrexate (500mg)' },
    ]);
  });

  it('names the dose of the day’s taper step in the reminder', async () => {
    await server.at('2026-11-24T12:00:00Z');
    const user = await createUser(server, { timezone: 'UTC' });
    await user.addMedicine({
      name: 'Prednisone',
      dosage: '5 mg tablets',
      frequency: '1-0-0',
      startDate: '2026-11-24',
      schedule: {
        kind: 'taper',
        steps: [
          { days: 1, dose: '40 mg', pillsPerDose: 8 },
          { days: 1, dose: '30 mg', pillsPerDose: 6 },
        ],
      },
    });
    await server.at('2026-11-25T08:00:00Z'); // day 2: the second step
    await server.at('2026-11-26T08:00:00Z'); // after the last step: nothing
    expect(await user.notifications()).toMatchObject([{ message: 'Prednisone (30 mg)' }]);
  });

  it('sends a taper’s refill reminder by its step’s pills, not the medicine’s pills per dose', async () => {
    await server.at('2026-11-27T10:00:00Z');
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    const m = await user.addMedicine({
      name: 'Prednisone',
      frequency: '1-0-0',
      startDate: '2026-11-27',
      totalPills: 12,
      pillsPerDose: 1,
      schedule: {
        kind: 'taper',
        steps: [
          { days: 3, dose: '40 mg', pillsPerDose: 4 },
          { days: 2, dose: '20 mg', pillsPerDose: 2 },
        ],
      },
    });
    await server.at('2026-11-27T10:00:05Z');
    expect(await user.notifications()).toEqual([]); // 12 pills: 3 days of 4, not urgent
    await server.at('2026-11-27T21:00:00Z');
    await user.refresh();
    const tick = await user.api.put(`/api/medicine/${m.id}/dose`, {
      date: '2026-11-27',
      slot: 0,
      taken: true,
    });
    expect(tick.status, tick.text).toBe(200);
    // 8 pills left for the days to come, 2 days of 4: urgent (at 1 pill a dose it would read 11
    // pills, 11 days). Today's dose is taken: its pills are not charged again (decision 186).
    await server.at('2026-11-27T21:00:05Z');
    expect((await user.notifications()).filter((n) => n.type === 'refill')).toMatchObject([
      { medicineName: 'Prednisone' },
    ]);
  });

  it('alerts a missed every-N-hours dose 60 minutes after it, and not one taken', async () => {
    await server.at('2026-11-26T00:00:00Z');
    const user = await createUser(server, { timezone: 'UTC' });
    const m = await user.addMedicine({
      name: 'Cefalexin',
      dosage: '',
      frequency: '1-0-0',
      startDate: '2026-11-26',
      schedule: { kind: 'interval', everyHours: 12, startTime: '09:00' },
    });
    await server.at('2026-11-26T09:00:00Z');
    await server.at('2026-11-26T09:59:00Z');
    expect((await user.notifications()).map((n) => n.type)).toEqual(['reminder']);
    await server.at('2026-11-26T10:00:00Z');
    expect(await user.notifications()).toMatchObject([
      {
        type: 'missed_dose',
        message: 'You missed your dose of Cefalexin. Please take it as soon as possible.',
      },
      { type: 'reminder' },
    ]);
    await server.at('2026-11-26T21:00:00Z');
    await user.refresh();
    const tick = await user.api.put(`/api/medicine/${m.id}/dose`, {
      date: '2026-11-26',
      slot: 1,
      taken: true,
    });
    expect(tick.status, tick.text).toBe(200);
    await server.at('2026-11-26T22:00:00Z');
    expect((await user.notifications()).map((n) => n.type)).toEqual(['reminder', 'missed_dose', 'reminder']);
  });
});
