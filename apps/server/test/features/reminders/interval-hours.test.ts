import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import { RecordingSender, type ReminderServer, createUser, startReminderServer } from './reminder-harness';

// Decision 196: every-N-hours doses in quarter hours from 1 hour (every 2 h, every 1.5 h).
describe(`every-N-hours in parts of an hour (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-02T00:00:00Z', sender });
  });
  afterAll(() => server.close());

  it('reminds every 1.5 hours on the minute, and records the day’s eleventh dose', async () => {
    const user = await createUser(server, { timezone: 'UTC' });
    const drops = await user.addMedicine({
      name: 'Eye drops',
      dosage: '',
      frequency: '1-0-0',
      startDate: '2026-11-03',
      originalDurationDays: 2,
      schedule: { kind: 'interval', everyHours: 1.5, startTime: '08:00' },
    });
    await user.refresh();
    const stored = await user.api.get(`/api/medicine/${drops.id}`);
    expect(stored.body.schedule).toEqual({ kind: 'interval', everyHours: 1.5, startTime: '08:00' });
    await server.at('2026-11-03T08:00:00Z');
    expect(await user.notifications()).toMatchObject([
      { title: 'Time for your Eye drops dose', message: 'Eye drops. Every 1.5 hours.' },
    ]);
    // The reminders only (an untaken dose also gets its missed-dose alert an hour after its time).
    const reminded = async () => (await user.notifications()).filter((n) => n.type === 'reminder');
    await server.at('2026-11-03T09:29:00Z');
    expect(await reminded()).toHaveLength(1);
    await server.at('2026-11-03T09:30:00Z');
    await server.at('2026-11-03T11:00:00Z');
    const times = (await reminded()).map((n) => n.createdAt);
    expect(times).toEqual([
      '2026-11-03T11:00:00.000Z',
      '2026-11-03T09:30:00.000Z',
      '2026-11-03T08:00:00.000Z',
    ]);

    // 23:00 is the day's eleventh dose (slot 10): past the 8 slots a frequency has.
    await server.at('2026-11-03T23:00:00Z');
    await user.refresh();
    const tick = await user.api.put(`/api/medicine/${drops.id}/dose`, {
      date: '2026-11-03',
      slot: 10,
      taken: true,
    });
    expect(tick.status, tick.text).toBe(200);
    expect(tick.body.takenDay.taken.split('-')).toHaveLength(11);
    expect(tick.body.takenDay.taken.split('-')[10]).toBe('1');
    // A slot the day does not have is refused by the server's own rule, not by the contract's bound.
    const beyond = await user.api.put(`/api/medicine/${drops.id}/dose`, {
      date: '2026-11-03',
      slot: 11,
      taken: true,
    });
    expect(beyond.status).toBe(400);
  });
});
