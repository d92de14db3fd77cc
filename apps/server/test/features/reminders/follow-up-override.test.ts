import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  type TestUser,
  createUser,
  startReminderServer,
} from './reminder-harness';

// Decision 254: a medicine's own follow-up cadence overrides the user's default; a default-time slot
// steps by the cadences of its medicines still open, and each follow-up names them all.
const USER_DEFAULT = { everyMinutes: 10, times: 3 };
type Cadence = { everyMinutes: number; times: number } | null;

describe(`per-medicine follow-up overrides (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-20T00:00:00Z', sender });
  });
  afterAll(() => server.close());

  /** A UTC user with one device; missed-dose alerts off so only reminders and follow-ups are sent. */
  async function patient(label: string, followUps: Cadence = USER_DEFAULT) {
    const user = await createUser(server, {
      timezone: 'UTC',
      notifications: { missedDoseAlerts: false, ...(followUps ? { followUps } : {}) },
    });
    const endpoint = `https://push.example.test/${label}-${user.id}`;
    await user.addDevice(endpoint);
    return { user, endpoint };
  }
  /** What the device got: [HH:MM, body]. */
  const got = (endpoint: string) =>
    sender.to(endpoint).map((p) => [p.payload.createdAt.slice(11, 16), p.payload.body as string]);
  const run = async (day: string, times: string[]) => {
    for (const time of times) await server.at(`${day}T${time}:00Z`);
  };
  async function editFollowUps(user: TestUser, medicine: object & { id: string }, followUps: Cadence) {
    await user.refresh();
    const response = await user.api.put(`/api/medicine/${medicine.id}`, { ...medicine, followUps });
    expect(response.status, response.text).toBe(200);
  }
  async function take(user: TestUser, medicine: { id: string }, date: string) {
    await user.refresh();
    const response = await user.api.put(`/api/medicine/${medicine.id}/dose`, { date, slot: 0, taken: true });
    expect(response.status, response.text).toBe(200);
  }
  const EVERY_FIVE = ['08:00', '08:05', '08:10', '08:15', '08:20', '08:25', '08:30', '08:40'];

  it('an override of 5 min × 2 asks at +5 and +10 only', async () => {
    await server.at('2026-11-21T06:00:00Z');
    const { user, endpoint } = await patient('five');
    await user.addMedicine({ name: 'Aspirin', dosage: '', followUps: { everyMinutes: 5, times: 2 } });
    await run('2026-11-21', EVERY_FIVE);
    expect(got(endpoint)).toEqual([
      ['08:00', 'Aspirin'],
      ['08:05', 'Aspirin'],
      ['08:10', 'Aspirin'],
    ]);
  });

  it('an override of 0 stops them while the user’s default is on', async () => {
    await server.at('2026-11-22T06:00:00Z');
    const { user, endpoint } = await patient('zero');
    await user.addMedicine({ name: 'Aspirin', dosage: '', followUps: { everyMinutes: 10, times: 0 } });
    await run('2026-11-22', EVERY_FIVE);
    expect(got(endpoint)).toEqual([['08:00', 'Aspirin']]);
  });

  it('a custom cadence asks even when the user’s default is off, for a slot and for own times', async () => {
    await server.at('2026-11-23T06:00:00Z');
    const { user, endpoint } = await patient('default-off', { everyMinutes: 10, times: 0 });
    await user.addMedicine({ name: 'Aspirin', dosage: '', followUps: { everyMinutes: 15, times: 2 } });
    await user.addMedicine({
      name: 'Levothyroxine',
      dosage: '',
      frequency: '1',
      doseTimes: ['09:00'],
      followUps: { everyMinutes: 20, times: 1 },
    });
    await user.addMedicine({ name: 'Statin', dosage: '', frequency: '0-0-1' });
    await run('2026-11-23', ['08:00', '08:10', '08:15', '08:30', '08:45', '09:00', '09:20', '09:40']);
    await run('2026-11-23', ['20:00', '20:10', '20:20', '20:30']);
    expect(got(endpoint)).toEqual([
      ['08:00', 'Aspirin'],
      ['08:15', 'Aspirin'],
      ['08:30', 'Aspirin'],
      ['09:00', 'Levothyroxine'],
      ['09:20', 'Levothyroxine'],
      // The user's default (off) for a medicine without its own cadence.
      ['20:00', 'Statin'],
    ]);
  });

  it('a shared slot steps by each open medicine’s cadence and names every open medicine', async () => {
    await server.at('2026-11-24T06:00:00Z');
    const { user, endpoint } = await patient('mixed');
    const quick = await user.addMedicine({
      name: 'Quick',
      dosage: '',
      followUps: { everyMinutes: 5, times: 2 },
    });
    const usual = await user.addMedicine({ name: 'Usual', dosage: '' });
    await user.addMedicine({ name: 'Quiet', dosage: '', followUps: { everyMinutes: 10, times: 0 } });
    await run('2026-11-24', ['08:00', '08:05']);
    server.clock.set('2026-11-24T08:06:00Z');
    await take(user, quick, '2026-11-24');
    await run('2026-11-24', ['08:10']);
    server.clock.set('2026-11-24T08:12:00Z');
    await take(user, usual, '2026-11-24');
    // Only Quiet (0) is open: its neighbours' steps no longer ask.
    await run('2026-11-24', ['08:15', '08:20', '08:30', '08:40']);
    expect(got(endpoint)).toEqual([
      ['08:00', 'Quick, Usual, Quiet'],
      ['08:05', 'Quick, Usual, Quiet'],
      ['08:10', 'Usual, Quiet'],
    ]);
    // The count and 'Take all' name exactly the open medicines (decision 243).
    expect(sender.to(endpoint).map((p) => p.payload.title)).toEqual([
      '3 medicines at 8:00 AM',
      'Still to take: 3 medicines at 8:00 AM',
      'Still to take: 2 medicines at 8:00 AM',
    ]);
  });

  it('a step of a medicine taken meanwhile is not sent; the open one keeps its own steps', async () => {
    await server.at('2026-11-25T06:00:00Z');
    const { user, endpoint } = await patient('taken-step');
    const slow = await user.addMedicine({
      name: 'Slow',
      dosage: '',
      followUps: { everyMinutes: 15, times: 2 },
    });
    await user.addMedicine({ name: 'Usual', dosage: '' });
    await run('2026-11-25', ['08:00', '08:10']);
    server.clock.set('2026-11-25T08:12:00Z');
    await take(user, slow, '2026-11-25');
    await run('2026-11-25', ['08:15', '08:20', '08:30', '08:40']);
    expect(got(endpoint).map(([time]) => time)).toEqual(['08:00', '08:10', '08:20', '08:30']);
  });

  it('an edit of the override while a follow-up is pending is read at its instant', async () => {
    await server.at('2026-11-26T06:00:00Z');
    const off = await patient('edit-off');
    const offMedicine = await off.user.addMedicine({ name: 'Aspirin', dosage: '' });
    const other = await patient('edit-other');
    const otherMedicine = await other.user.addMedicine({ name: 'Aspirin', dosage: '' });
    await run('2026-11-26', ['08:00']);
    server.clock.set('2026-11-26T08:05:00Z');
    await editFollowUps(off.user, offMedicine, { everyMinutes: 10, times: 0 });
    await editFollowUps(other.user, otherMedicine, { everyMinutes: 7, times: 2 });
    await run('2026-11-26', ['08:10', '08:14', '08:20', '08:21', '08:30', '08:40']);
    expect(got(off.endpoint)).toEqual([['08:00', 'Aspirin']]);
    // +10 is no step of 7 × 2: nothing then, the next step (+14) asks, and that was the last.
    expect(got(other.endpoint).map(([time]) => time)).toEqual(['08:00', '08:14']);
    // Back to the default: the next day follows it again.
    await editFollowUps(other.user, otherMedicine, null);
    await run('2026-11-27', ['08:00', '08:07', '08:10', '08:14', '08:20', '08:30', '08:40']);
    expect(got(other.endpoint).map(([time]) => time)).toEqual([
      '08:00',
      '08:14',
      '08:00',
      '08:10',
      '08:20',
      '08:30',
    ]);
  });
});
