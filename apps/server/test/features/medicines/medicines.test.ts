import type { Medicine } from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMedicine } from '../../support/api-client';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  exportSnapshot,
  setTaken,
  signedInUser,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

// The clock stands at 2026-11-21 10:00 UTC throughout this file.
const TODAY = '2026-11-21';

describe(`medicines (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: `${TODAY}T10:00:00.000Z` });
  });
  afterAll(() => server.close());

  const newUser = (options: { timezone?: string } = {}) => signedInUser(server, { label: 'med', ...options });

  describe('list, create, get, update, delete', () => {
    it('lists no medicines as an empty findMedicine with 200', async () => {
      const me = await newUser();
      const response = await me.api.get(`/api/medicine/user/${me.email}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ findMedicine: [] });
    });

    it('creates with 201 and derives scheduledTimes, dosesPerDay and originalTotalPills itself', async () => {
      const me = await newUser();
      const response = await me.api.post<Medicine>(
        '/api/medicine',
        aMedicine(me.email, {
          frequency: '1-0-1',
          originalDurationDays: 30,
          // What the spec's client also sends; the server must not trust it.
          scheduledTimes: ['03:00', '04:00', '05:00'],
          dosesPerDay: 9,
          originalTotalPills: 1,
        }),
      );
      expect(response.status, response.text).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        userEmail: me.email,
        name: 'Aspirin',
        dosage: '500mg',
        frequency: '1-0-1',
        startDate: '2026-11-01',
        scheduledTimes: ['08:00', '20:00'],
        durationDays: 30,
        originalDurationDays: 30,
        instructions: 'After food',
        totalPills: 60,
        originalTotalPills: 60,
        pillsPerDose: 1,
        dosesPerDay: 2,
        reminders: [{ times: ['08:00', '20:00'] }],
        schedule: null,
        courseEndDate: '2026-11-30',
        pillsLeft: 60,
        daysLeft: 30,
        lastRefillAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it.each([
      // frequency, startDate, originalDurationDays → scheduledTimes, dosesPerDay, originalTotalPills, courseEndDate
      ['0-1-0', '2026-11-01', 10, ['14:00'], 1, 10, '2026-11-10'],
      ['1-1-1', '2026-12-25', 10, ['08:00', '14:00', '20:00'], 3, 30, '2027-01-03'],
      ['1-0', '2028-02-28', 2, ['08:00'], 1, 2, '2028-02-29'],
      ['0-0-1', '2026-11-21', 1, ['20:00'], 1, 1, '2026-11-21'],
    ])(
      'frequency %s from %s for %i days',
      async (frequency, startDate, days, times, perDay, originalTotal, end) => {
        const me = await newUser();
        const created = await createMedicine(me, {
          frequency,
          startDate,
          originalDurationDays: days,
          durationDays: days,
        });
        expect(created).toMatchObject({
          scheduledTimes: times,
          dosesPerDay: perDay,
          originalTotalPills: originalTotal,
          courseEndDate: end,
        });
      },
    );

    it('refuses a dose slot that has no default reminder time', async () => {
      const me = await newUser();
      const response = await me.api.post('/api/medicine', aMedicine(me.email, { frequency: '0-0-0-1' }));
      expectJsonError(response, 400);
      expect(response.body.message).toMatch(/slot 4/);
    });

    it('gets one medicine, and lists it', async () => {
      const me = await newUser();
      const created = await createMedicine(me, { name: 'Metformin' });
      const one = await me.api.get(`/api/medicine/${created.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(created);
      const list = await me.api.get(`/api/medicine/user/${me.email}`);
      expect(list.body).toEqual({ findMedicine: [created] });
      expectJsonError(await me.api.get(`/api/medicine/${randomUUID()}`), 404);
    });

    it('updates with 200; omitted dosage and instructions keep their stored values', async () => {
      const me = await newUser();
      const created = await createMedicine(me, { dosage: '250mg', instructions: 'With water' });
      const {
        userEmail: _owner,
        dosage: _dosage,
        instructions: _instructions,
        ...rest
      } = aMedicine(me.email);
      const response = await me.api.put<Medicine>(`/api/medicine/${created.id}`, {
        ...rest,
        name: 'Aspirin Forte',
        frequency: '1-1-1',
        originalDurationDays: 14,
        totalPills: 42,
        dosesPerDay: 1, // ignored
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({
        id: created.id,
        name: 'Aspirin Forte',
        dosage: '250mg',
        instructions: 'With water',
        frequency: '1-1-1',
        scheduledTimes: ['08:00', '14:00', '20:00'],
        dosesPerDay: 3,
        originalTotalPills: 42,
        totalPills: 42,
        courseEndDate: '2026-11-14',
      });
      expect((await me.api.get(`/api/medicine/${created.id}`)).body).toEqual(response.body);

      // Given values replace the stored ones, including an empty string.
      const cleared = await me.api.put<Medicine>(`/api/medicine/${created.id}`, {
        ...rest,
        dosage: '1g',
        instructions: '',
      });
      expect(cleared.body).toMatchObject({ dosage: '1g', instructions: '' });
    });

    it('updates the medicine of the path, whatever id the body names', async () => {
      const me = await newUser();
      const first = await createMedicine(me, { name: 'First' });
      const second = await createMedicine(me, { name: 'Second' });
      const { userEmail: _owner, ...fields } = aMedicine(me.email, { name: 'Renamed' });
      const response = await me.api.put(`/api/medicine/${first.id}`, { ...fields, id: second.id });
      expect(response.status, response.text).toBe(200);
      expect((await me.api.get(`/api/medicine/${first.id}`)).body.name).toBe('Renamed');
      expect((await me.api.get(`/api/medicine/${second.id}`)).body.name).toBe('Second');
    });

    it('deletes with 200, then the medicine and its doses are gone (404)', async () => {
      const me = await newUser();
      const created = await createMedicine(me, { name: 'Ibuprofen' });
      const kept = await createMedicine(me, { name: 'Kept' });
      await setTaken(me, created.id, '2026-11-20', '1-0-0');
      const response = await me.api.delete(`/api/medicine/${created.id}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({
        success: true,
        id: created.id,
        message: 'Ibuprofen has been deleted successfully!',
      });
      expectJsonError(await me.api.get(`/api/medicine/${created.id}`), 404);
      expectJsonError(await me.api.delete(`/api/medicine/${created.id}`), 404);
      expectJsonError(await me.api.get(`/api/medicine/${created.id}/taken?date=2026-11-20`), 404);
      expect(
        (await me.api.get(`/api/medicine/user/${me.email}`)).body.findMedicine.map((m: Medicine) => m.id),
      ).toEqual([kept.id]);
      const snapshot = await exportSnapshot(me);
      expect(snapshot.doseHistory).toEqual([]);
    });
  });

  describe('taken state', () => {
    let me: SignedInUser;
    let medicine: Medicine;
    beforeAll(async () => {
      me = await newUser();
      medicine = await createMedicine(me, { frequency: '1-0-1' });
    });
    const takenUrl = (date: string, id = medicine.id) => `/api/medicine/${id}/taken?date=${date}`;

    it('answers takenDay null for a day with no record, then the stored flags', async () => {
      const before = await me.api.get(takenUrl('2026-11-19'));
      expect(before.status, before.text).toBe(200);
      expect(before.body).toEqual({ takenDay: null });

      const put = await me.api.put(`/api/medicine/${medicine.id}/taken`, {
        date: '2026-11-19',
        taken: '1-0-0',
      });
      expect(put.status, put.text).toBe(200);
      expect(put.body).toEqual({ takenDay: { date: '2026-11-19', taken: '1-0-0' } });
      expect((await me.api.get(takenUrl('2026-11-19'))).body).toEqual({
        takenDay: { date: '2026-11-19', taken: '1-0-0' },
      });

      // Overwrites the day rather than adding a second record.
      await setTaken(me, medicine.id, '2026-11-19', '1-0-1');
      expect((await me.api.get(takenUrl('2026-11-19'))).body).toEqual({
        takenDay: { date: '2026-11-19', taken: '1-0-1' },
      });
      expect((await me.api.get(takenUrl('2026-11-18'))).body).toEqual({ takenDay: null });
    });

    it('pads a short stored string with 0 to the number of slots (and trims a long one)', async () => {
      const other = await createMedicine(me, { frequency: '1-0-1' });
      await setTaken(me, other.id, '2026-11-10', '1-0-1');
      const { userEmail: _owner, ...fields } = aMedicine(me.email);
      // More slots than the stored day: the new slot reads as not taken.
      expect(
        (await me.api.put(`/api/medicine/${other.id}`, { ...fields, frequency: '1-0-1-0' })).status,
      ).toBe(200);
      expect((await me.api.get(takenUrl('2026-11-10', other.id))).body.takenDay).toEqual({
        date: '2026-11-10',
        taken: '1-0-1-0',
      });
      const history = await me.api.get(`/api/medicine/${other.id}/history?from=2026-11-01&to=2026-11-30`);
      expect(history.body.takenHistory).toEqual([{ date: '2026-11-10', taken: '1-0-1-0' }]);
      // Fewer slots: one flag per slot, no more.
      expect((await me.api.put(`/api/medicine/${other.id}`, { ...fields, frequency: '1-0' })).status).toBe(
        200,
      );
      expect((await me.api.get(takenUrl('2026-11-10', other.id))).body.takenDay.taken).toBe('1-0');
    });

    it('accepts today and refuses a future date, in the user’s saved time zone', async () => {
      // 10:00 UTC on the 21st is already the 22nd at UTC+14 and still the 20th at UTC−12.
      const east = await newUser({ timezone: 'Pacific/Kiritimati' });
      const west = await newUser();
      const settings = await west.api.get(`/api/user/${west.email}/settings`);
      const saved = await west.api.put(`/api/user/${west.email}/settings`, {
        ...settings.body.settings,
        timezone: 'Etc/GMT+12',
      });
      expect(saved.status, saved.text).toBe(200);
      const utc = await newUser();

      const attempt = async (who: SignedInUser, date: string) => {
        const m = await createMedicine(who, { frequency: '1-0-0' });
        return who.api.put(`/api/medicine/${m.id}/taken`, { date, taken: '1-0-0' });
      };
      expect((await attempt(utc, TODAY)).status).toBe(200);
      expectJsonError(await attempt(utc, '2026-11-22'), 400);
      expect((await attempt(east, '2026-11-22')).status).toBe(200);
      expectJsonError(await attempt(east, '2026-11-23'), 400);
      expect((await attempt(west, '2026-11-20')).status).toBe(200);
      const tooEarly = await attempt(west, TODAY);
      expectJsonError(tooEarly, 400);
      expect(tooEarly.body.message).toMatch(/future/i);

      // The clock moves on and the same day becomes recordable.
      server.clock.advance(13 * 3_600_000);
      await west.api.refreshToken(west.email);
      expect((await attempt(west, TODAY)).status).toBe(200);
      server.clock.set(`${TODAY}T10:00:00.000Z`);
    });

    it.each([
      ['too few flags', '1-0'],
      ['too many flags', '1-0-1-0'],
      ['a dose that is not scheduled', '0-1-0'],
      ['not flags', '2-0-0'],
      ['empty', ''],
    ])('refuses %s with 400 and stores nothing', async (_label, taken) => {
      const date = '2026-11-05';
      const response = await me.api.put(`/api/medicine/${medicine.id}/taken`, { date, taken });
      expectJsonError(response, 400);
      expect((await me.api.get(takenUrl(date))).body).toEqual({ takenDay: null });
    });
  });

  describe('history', () => {
    let me: SignedInUser;
    let medicine: Medicine;
    beforeAll(async () => {
      me = await newUser();
      medicine = await createMedicine(me, { frequency: '1-1-1' });
      for (const [date, taken] of [
        ['2026-11-20', '1-1-1'],
        ['2026-11-05', '1-0-0'],
        ['2026-10-31', '0-0-1'],
        ['2026-11-12', '0-1-1'],
      ] as const) {
        await setTaken(me, medicine.id, date, taken);
      }
    });
    const history = (from: string, to: string) =>
      me.api.get(`/api/medicine/${medicine.id}/history?from=${from}&to=${to}`);

    it('answers the records of the range, ascending, bounds included', async () => {
      const month = await history('2026-11-01', '2026-11-30');
      expect(month.status, month.text).toBe(200);
      expect(month.body).toEqual({
        takenHistory: [
          { date: '2026-11-05', taken: '1-0-0' },
          { date: '2026-11-12', taken: '0-1-1' },
          { date: '2026-11-20', taken: '1-1-1' },
        ],
      });
      expect(
        (await history('2026-11-05', '2026-11-12')).body.takenHistory.map((e: { date: string }) => e.date),
      ).toEqual(['2026-11-05', '2026-11-12']);
      expect((await history('2026-12-01', '2026-12-31')).body).toEqual({ takenHistory: [] });
    });

    it('allows a range of 366 days and refuses 367', async () => {
      expect((await history('2025-11-21', '2026-11-21')).status).toBe(200);
      const tooLong = await history('2025-11-20', '2026-11-21');
      expectJsonError(tooLong, 400);
      expect(tooLong.body.message).toMatch(/366/);
    });

    it('refuses a range that ends before it starts', async () => {
      expectJsonError(await history('2026-11-30', '2026-11-01'), 400);
      expect((await history('2026-11-12', '2026-11-12')).body.takenHistory).toEqual([
        { date: '2026-11-12', taken: '0-1-1' },
      ]);
    });
  });

  describe('refills', () => {
    it('counts pills left from the doses taken since the last refill, and keeps the dose history', async () => {
      const me = await newUser();
      // 2 pills a dose, 2 doses a day: 10 pills last 2 days.
      const m = await createMedicine(me, { frequency: '1-0-1', totalPills: 10, pillsPerDose: 2 });
      expect(m).toMatchObject({ pillsLeft: 10, daysLeft: 2 });
      await setTaken(me, m.id, '2026-11-19', '1-0-1');
      await setTaken(me, m.id, '2026-11-20', '1-0-0');
      expect((await me.api.get(`/api/medicine/${m.id}`)).body).toMatchObject({ pillsLeft: 4, daysLeft: 1 });

      // No number: a pack (the 10 entered) is added to the 4 left (decision 182).
      const refill = await me.api.patch<Medicine>(`/api/medicine/${m.id}/refill`);
      expect(refill.status, refill.text).toBe(200);
      expect(refill.body).toMatchObject({
        totalPills: 14,
        pillsLeft: 14,
        daysLeft: 3,
        lastRefillAt: server.clock.now().toISOString(),
      });
      const history = await me.api.get(`/api/medicine/${m.id}/history?from=2026-11-01&to=2026-11-30`);
      expect(history.body.takenHistory).toEqual([
        { date: '2026-11-19', taken: '1-0-1' },
        { date: '2026-11-20', taken: '1-0-0' },
      ]);

      await setTaken(me, m.id, TODAY, '1-0-0');
      expect((await me.api.get(`/api/medicine/${m.id}`)).body).toMatchObject({ pillsLeft: 12, daysLeft: 3 });

      const bigger = await me.api.patch<Medicine>(`/api/medicine/${m.id}/refill`, { pills: 40 });
      expect(bigger.status, bigger.text).toBe(200);
      expect(bigger.body).toMatchObject({ totalPills: 52, pillsLeft: 52, daysLeft: 13 });

      const snapshot = await exportSnapshot(me);
      expect(snapshot.refills).toEqual([
        { medicineId: m.id, pills: 10, refilledAt: server.clock.now().toISOString() },
        { medicineId: m.id, pills: 40, refilledAt: server.clock.now().toISOString() },
      ]);
      expect(snapshot.doseHistory).toHaveLength(3);
    });

    it('refuses a refill of zero or negative pills and of someone’s unknown medicine', async () => {
      const me = await newUser();
      const m = await createMedicine(me);
      expectJsonError(await me.api.patch(`/api/medicine/${m.id}/refill`, { pills: 0 }), 400);
      expectJsonError(await me.api.patch(`/api/medicine/${m.id}/refill`, { pills: -5 }), 400);
      expectJsonError(await me.api.patch(`/api/medicine/${randomUUID()}/refill`), 404);
      expect((await me.api.get(`/api/medicine/${m.id}`)).body.lastRefillAt).toBeNull();
    });
  });

  describe('refill reminders', () => {
    it('lists {id, name, pillsLeft, daysLeft, packPills} for the medicines with 7 days or fewer, with exact figures', async () => {
      const me = await newUser();
      // 1 pill × 1 dose a day: daysLeft = pillsLeft.
      const seven = await createMedicine(me, { name: 'Seven days', frequency: '1-0-0', totalPills: 7 });
      await createMedicine(me, { name: 'Eight days', frequency: '1-0-0', totalPills: 8 });
      // 2 pills × 3 doses a day = 6 a day; 40 pills, then 7 doses taken → 40 − 14 = 26 pills, 4 days.
      const busy = await createMedicine(me, {
        name: 'Busy',
        frequency: '1-1-1',
        totalPills: 40,
        pillsPerDose: 2,
      });
      // Low supply, but the course ended long ago: nothing to refill.
      await createMedicine(me, {
        name: 'Finished',
        frequency: '1-0-0',
        totalPills: 1,
        startDate: '2026-01-01',
        originalDurationDays: 10,
        durationDays: 10,
      });
      // Runs out today: 3 pills, one dose of 3 a day, one taken.
      const empty = await createMedicine(me, {
        name: 'Empty',
        frequency: '0-0-1',
        totalPills: 3,
        pillsPerDose: 3,
      });

      await setTaken(me, busy.id, '2026-11-19', '1-1-1');
      await setTaken(me, busy.id, '2026-11-20', '1-1-1');
      await setTaken(me, busy.id, TODAY, '1-0-0');
      await setTaken(me, empty.id, TODAY, '0-0-1');

      const response = await me.api.get(`/api/refill-reminders?userEmail=${encodeURIComponent(me.email)}`);
      expect(response.status, response.text).toBe(200);
      expect(Array.isArray(response.body)).toBe(true);
      expect(response.body).toEqual([
        { id: seven.id, name: 'Seven days', pillsLeft: 7, daysLeft: 7, packPills: 7 },
        { id: busy.id, name: 'Busy', pillsLeft: 26, daysLeft: 4, packPills: 40 },
        { id: empty.id, name: 'Empty', pillsLeft: 0, daysLeft: 0, packPills: 3 },
      ]);

      // A refill takes the medicine off the list; another dose puts the figures down again.
      await me.api.patch(`/api/medicine/${busy.id}/refill`, { pills: 60 });
      await setTaken(me, seven.id, TODAY, '1-0-0');
      const after = await me.api.get(`/api/refill-reminders?userEmail=${encodeURIComponent(me.email)}`);
      expect(after.body).toEqual([
        { id: seven.id, name: 'Seven days', pillsLeft: 6, daysLeft: 6, packPills: 7 },
        { id: empty.id, name: 'Empty', pillsLeft: 0, daysLeft: 0, packPills: 3 },
      ]);
    });

    it('answers an empty array (200) when nothing runs low', async () => {
      const me = await newUser();
      await createMedicine(me, { totalPills: 500 });
      const response = await me.api.get(`/api/refill-reminders?userEmail=${encodeURIComponent(me.email)}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });
  });
});
