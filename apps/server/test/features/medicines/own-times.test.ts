import type { Medicine } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMedicine } from '../../support/api-client';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  settingsOf,
  signedInUser,
  withTimes,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { parseCsv } from '../reports/report-files';
import { type TestServer, startTestServer } from '../../support/test-server';

const NOW = '2026-12-06T10:00:00.000Z';
const TODAY = NOW.slice(0, 10);
const ANTIBIOTIC = { name: 'Amoxicillin', frequency: '1-1-1', doseTimes: ['07:00', '15:00', '23:00'] };

/** Decision 212: a medicine's own times of day, through the API. */
describe(`a medicine with its own times (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let me: SignedInUser;
  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
    me = await signedInUser(server, { label: 'owntimes' });
  });
  afterAll(() => server.close());

  const read = async (id: string) => {
    const response = await me.api.get<Medicine>(`/api/medicine/${id}`);
    expect(response.status, response.text).toBe(200);
    return response.body;
  };

  it('stores its times, answers them with its scheduled times, and keeps the spec’s shape without them', async () => {
    const created = await createMedicine(me, ANTIBIOTIC);
    expect(created).toMatchObject({
      frequency: '1-1-1',
      doseTimes: ['07:00', '15:00', '23:00'],
      scheduledTimes: ['07:00', '15:00', '23:00'],
      reminders: [{ times: ['07:00', '15:00', '23:00'] }],
      dosesPerDay: 3,
    });
    expect(await read(created.id)).toEqual(created);
    const usual = await createMedicine(me, { frequency: '1-0-1' });
    expect(usual).not.toHaveProperty('doseTimes');
    expect(usual.scheduledTimes).toEqual(['08:00', '20:00']);
  });

  it('keeps them on an update that leaves them out, changes them when sent, and drops them with null', async () => {
    const created = await createMedicine(me, { frequency: '1', doseTimes: ['06:30'] });
    const { doseTimes: _own, ...spec } = created;
    const kept = await me.api.put<Medicine>(`/api/medicine/${created.id}`, {
      ...spec,
      name: 'Levothyroxine',
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body).toMatchObject({
      name: 'Levothyroxine',
      doseTimes: ['06:30'],
      scheduledTimes: ['06:30'],
    });

    const moved = await me.api.put<Medicine>(`/api/medicine/${created.id}`, {
      ...kept.body,
      frequency: '1-1',
      doseTimes: ['06:30', '18:45'],
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ doseTimes: ['06:30', '18:45'], dosesPerDay: 2 });

    const usual = await me.api.put<Medicine>(`/api/medicine/${created.id}`, {
      ...moved.body,
      frequency: '0-0-1',
      doseTimes: null,
    });
    expect(usual.status, usual.text).toBe(200);
    expect(usual.body).not.toHaveProperty('doseTimes');
    expect(usual.body.scheduledTimes).toEqual(['20:00']);
  });

  it.each([
    ['a time twice', { frequency: '1-1', doseTimes: ['07:00', '07:00'] }, 'listed twice'],
    ['times out of order', { frequency: '1-1', doseTimes: ['19:00', '07:00'] }, 'order of the day'],
    ['a time not in HH:MM', { frequency: '1', doseTimes: ['7:00'] }, 'is not a time'],
    ['an hour past 23', { frequency: '1', doseTimes: ['24:00'] }, 'is not a time'],
    ['a number for a time', { frequency: '1', doseTimes: [700] }, 'HH:MM'],
    ['no time at all', { frequency: '1', doseTimes: [] }, 'at least one time'],
    [
      'nine times',
      { frequency: '1-1-1-1-1-1-1-1-1', doseTimes: Array.from({ length: 9 }, (_, i) => `1${i}:00`) },
      'at most 8',
    ],
    ['a frequency without a dose at each time', { frequency: '1-0', doseTimes: ['07:00', '19:00'] }, '"1-1"'],
    ['a frequency for more times', { frequency: '1-1-1', doseTimes: ['07:00', '19:00'] }, '"1-1"'],
    [
      'own times on an every-N-hours schedule',
      {
        frequency: '1',
        doseTimes: ['07:00'],
        schedule: { kind: 'interval', everyHours: 8, startTime: '07:00' },
      },
      'no times of its own',
    ],
  ])('refuses %s with a 400 and stores nothing', async (_label, fields, message) => {
    const before = (await me.api.get<{ findMedicine: Medicine[] }>(`/api/medicine/user/${me.email}`)).body
      .findMedicine.length;
    const response = await me.api.post('/api/medicine', aMedicine(me.email, fields));
    expectJsonError(response, 400);
    expect((response.body as { message: string }).message).toContain(message);
    const after = (await me.api.get<{ findMedicine: Medicine[] }>(`/api/medicine/user/${me.email}`)).body
      .findMedicine.length;
    expect(after).toBe(before);
  });

  it('refuses an update whose frequency no longer fits the stored times, and changes nothing', async () => {
    const created = await createMedicine(me, ANTIBIOTIC);
    const { doseTimes: _own, ...spec } = created;
    const refused = await me.api.put(`/api/medicine/${created.id}`, { ...spec, frequency: '1-0-1' });
    expectJsonError(refused, 400);
    expect((refused.body as { message: string }).message).toContain('frequency must be "1-1-1"');
    const unordered = await me.api.put(`/api/medicine/${created.id}`, {
      ...created,
      doseTimes: ['23:00', '07:00', '15:00'],
    });
    expectJsonError(unordered, 400);
    expect(await read(created.id)).toEqual(created);
  });

  it('keeps its times and ticks where they are when the user moves a default time', async () => {
    const me = await signedInUser(server, { label: 'owntimes-move' });
    const read = async (id: string) => (await me.api.get<Medicine>(`/api/medicine/${id}`)).body;
    const own = await createMedicine(me, { frequency: '1', doseTimes: ['08:00'] });
    const usual = await createMedicine(me, { frequency: '1-0-0' });
    const ticked = await me.api.put(`/api/medicine/${own.id}/taken`, { date: TODAY, taken: '1' });
    expect(ticked.status, ticked.text).toBe(200);
    const saved = await me.api.put(`/api/user/${me.email}/settings`, {
      ...withTimes(await settingsOf(me), ['07:30', '09:00', '14:00', '20:00']),
      reminderTimeOrigins: [null, 0, 1, 2],
    });
    expect(saved.status, saved.text).toBe(200);
    // The default-time medicine follows its time to the second slot; the own time stays 08:00.
    expect(await read(usual.id)).toMatchObject({ frequency: '0-1-0', scheduledTimes: ['09:00'] });
    expect(await read(own.id)).toMatchObject({
      frequency: '1',
      doseTimes: ['08:00'],
      scheduledTimes: ['08:00'],
    });
    const taken = await me.api.get<{ takenDay: { taken: string } }>(
      `/api/medicine/${own.id}/taken?date=${TODAY}`,
    );
    expect(taken.body.takenDay.taken).toBe('1');
    // Removing every default time but one is not held up by a medicine on its own times.
    const fewer = await me.api.put(`/api/user/${me.email}/settings`, {
      ...withTimes(await settingsOf(me), ['09:00']),
      reminderTimeOrigins: [1],
    });
    expect(fewer.status, fewer.text).toBe(200);
  });

  it('judges the take-early window by its own time', async () => {
    // 10:00 UTC with the default 60-minute window: a 10:30 own time may be ticked, a 12:00 one not.
    const soon = await createMedicine(me, { frequency: '1', doseTimes: ['10:30'] });
    const tick = (id: string) =>
      me.api.put(`/api/medicine/${id}/dose`, { date: TODAY, slot: 0, taken: true });
    const early = await tick(soon.id);
    expect(early.status, early.text).toBe(200);
    const later = await createMedicine(me, { frequency: '1', doseTimes: ['12:00'] });
    const refused = await tick(later.id);
    expectJsonError(refused, 400);
    expect(refused.text).toContain('scheduled for 12:00 PM');
  });

  it('puts its doses at its own times in the calendar feed and the doctor’s report', async () => {
    const who = await signedInUser(server, { label: 'owntimes-feed' });
    await createMedicine(who, { ...ANTIBIOTIC, startDate: '2026-12-01' });
    const link = await who.api.post<{ url: string }>(`/api/calendar/${who.email}/feed`);
    expect(link.status, link.text).toBe(201);
    const feed = await fetch(link.body.url);
    const text = await feed.text();
    expect(feed.status, text).toBe(200);
    const starts = [...text.matchAll(/DTSTART[^:]*:20261206T(\d{4})/g)].map((m) => m[1]);
    expect(starts).toEqual(['0700', '1500', '2300']);

    const csv = await who.api.get(`/api/report/${who.email}/doctor/csv?from=2026-12-01&to=2026-12-05`);
    expect(csv.status, csv.text).toBe(200);
    const [header, ...rows] = parseCsv(csv.text);
    const time = header!.indexOf('time');
    const doses = rows.filter((r) => r[0] === 'dose' && r[4] === '2026-12-02');
    expect(doses.map((r) => r[time])).toEqual(['07:00', '15:00', '23:00']);
  });
});
