import type { AsNeededIntake, Medicine, MonthAggregatesView } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, exportSnapshot, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

// Saturday 2026-11-21, 10:00 UTC, unless a test moves the clock (each test sets it first).
const START = '2026-11-21T10:00:00.000Z';

describe(`flexible schedules through the API (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: START });
  });
  afterAll(() => server.close());
  const newUser = (timezone?: string) =>
    signedInUser(server, { label: 'sched', ...(timezone ? { timezone } : {}) });
  const tick = (me: SignedInUser, id: string, date: string, slot: number) =>
    me.api.put<{ takenDay: { taken: string } }>(`/api/medicine/${id}/dose`, { date, slot, taken: true });

  describe('weekdays', () => {
    let me: SignedInUser;
    let weekly: Medicine;
    beforeAll(async () => {
      server.clock.set(START);
      me = await newUser();
      weekly = await createMedicine(me, {
        name: 'Methotrexate',
        frequency: '1-0-0',
        startDate: '2026-11-01',
        originalDurationDays: 60,
        totalPills: 4,
        schedule: { kind: 'weekdays', days: [1, 1] },
      });
    });

    it('stores the schedule (days once each) and keeps the spec fields as they were', () => {
      expect(weekly.schedule).toEqual({ kind: 'weekdays', days: [1] });
      expect(weekly).toMatchObject({ frequency: '1-0-0', scheduledTimes: ['08:00'], dosesPerDay: 1 });
    });

    it('estimates the supply by the real rate: 4 weekly pills last 28 days', () => {
      expect(weekly.daysLeft).toBe(28);
    });

    it('takes a dose on a Monday and refuses one on a Saturday (nothing is due then)', async () => {
      expect((await tick(me, weekly.id, '2026-11-16', 0)).status).toBe(200);
      const saturday = await tick(me, weekly.id, '2026-11-21', 0);
      expect(saturday.status).toBe(400);
      expect(saturday.body).toMatchObject({
        message: 'Only doses this medicine is scheduled for can be marked taken.',
      });
    });

    it('counts only Mondays as due in the report, so other days are never missed', async () => {
      const report = await me.api.get<MonthAggregatesView>(`/api/report/${me.email}/month?month=2026-11`);
      expect(report.status, report.text).toBe(200);
      // Mondays 2, 9 and 16 November have passed by Saturday the 21st; the 16th was taken.
      expect(report.body.totals).toMatchObject({ due: 3, taken: 1, missed: 2 });
      expect(report.body.days.find((d) => d.date === '2026-11-17')?.status).toBe('no-doses');
    });

    it('keeps the schedule when the spec’s client updates with frequency only', async () => {
      const { id, userEmail: _u, schedule: _s, ...rest } = weekly;
      const response = await me.api.put<Medicine>(`/api/medicine/${id}`, { ...rest, frequency: '0-0-1' });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({ frequency: '0-0-1', schedule: { kind: 'weekdays', days: [1] } });
    });
  });

  describe('cycle and taper', () => {
    it('has no due dose on a rest day of a 21/7 cycle', async () => {
      server.clock.set(START);
      const me = await newUser();
      // Started 2026-10-30: the 21st of November is day 23, a rest day; the 19th is day 21.
      const pill = await createMedicine(me, {
        frequency: '1-0-0',
        startDate: '2026-10-30',
        schedule: { kind: 'cycle', daysOn: 21, daysOff: 7 },
      });
      expect((await tick(me, pill.id, '2026-11-19', 0)).status).toBe(200);
      expect((await tick(me, pill.id, '2026-11-20', 0)).status).toBe(400);
    });

    it('ends a taper with its last step, whatever duration was sent', async () => {
      server.clock.set(START);
      const me = await newUser();
      const taper = await createMedicine(me, {
        frequency: '1-0-0',
        startDate: '2026-11-18',
        originalDurationDays: 90,
        totalPills: 5,
        schedule: {
          kind: 'taper',
          steps: [
            { days: 2, dose: '40 mg', pillsPerDose: 4 },
            { days: 2, dose: '20 mg', pillsPerDose: 2 },
          ],
        },
      });
      expect(taper).toMatchObject({ originalDurationDays: 4, courseEndDate: '2026-11-21' });
      expect((await tick(me, taper.id, '2026-11-21', 0)).status).toBe(200);
      // Today's dose is step 2's 2 pills: 3 left, walked from today's step (2 a day): 1 day, the
      // last step's rate after the plan (taper-supply.test.ts follows a whole course and a refill).
      const now = await me.api.get<Medicine>(`/api/medicine/${taper.id}`);
      expect(now.body).toMatchObject({ pillsLeft: 3, daysLeft: 1 });
    });
  });

  describe('every N hours', () => {
    it('keeps 8 real hours across the New York fall-back night: four doses on the 25-hour day', async () => {
      server.clock.set(START);
      const me = await newUser('America/New_York');
      const abx = await createMedicine(me, {
        frequency: '1-0-0',
        startDate: '2026-10-31',
        originalDurationDays: 7,
        schedule: { kind: 'interval', everyHours: 8, startTime: '00:00' },
      });
      expect(abx).toMatchObject({ frequency: '0', scheduledTimes: [] });
      const fourth = await tick(me, abx.id, '2026-11-01', 3);
      expect(fourth.status, fourth.text).toBe(200);
      expect(fourth.body.takenDay.taken).toBe('0-0-0-1');
      // The day after has three.
      expect((await tick(me, abx.id, '2026-11-02', 3)).status).toBe(400);
    });
  });

  describe('as needed', () => {
    let me: SignedInUser;
    let painkiller: Medicine;
    const take = (body: Record<string, unknown> = {}) =>
      me.api.post<AsNeededIntake>(`/api/medicine/${painkiller.id}/as-needed`, body);
    /** Moves the clock and takes a token valid at the new time. */
    const at = async (instant: string) => {
      server.clock.set(instant);
      await me.api.refreshToken(me.email);
    };
    beforeAll(async () => {
      server.clock.set('2026-11-21T08:00:00.000Z');
      me = await newUser('Europe/Berlin');
      painkiller = await createMedicine(me, {
        name: 'Ibuprofen',
        frequency: '1-0-0',
        startDate: '2026-11-20',
        totalPills: 30,
        schedule: { kind: 'asNeeded', maxPer24h: 2, minIntervalMinutes: 240 },
      });
    });

    it('is never due: no slot, no tick', async () => {
      expect(painkiller).toMatchObject({ frequency: '0', scheduledTimes: [], dosesPerDay: 0 });
      expect((await tick(me, painkiller.id, '2026-11-21', 0)).status).toBe(400);
    });

    it('records a dose, refuses one before the interval with the time it is allowed, and records an override', async () => {
      const first = await take();
      expect(first.status, first.text).toBe(201);
      expect(first.body).toMatchObject({ takenAt: '2026-11-21T08:00:00.000Z', override: false });

      await at('2026-11-21T10:00:00.000Z');
      const early = await take();
      expect(early.status).toBe(409);
      // 08:00 UTC + 4 h = 12:00 UTC = 1:00 PM in Berlin.
      expect(early.body).toMatchObject({
        message:
          'Ibuprofen is limited to at least 4 hours apart. The next dose is allowed at 1:00 PM on 2026-11-21.',
      });

      const forced = await take({ override: true });
      expect(forced.status, forced.text).toBe(201);
      expect(forced.body.override).toBe(true);
    });

    it('counts the 24 hours across midnight, not by calendar day', async () => {
      // Two intakes (08:00 and 10:00 UTC on the 21st): the maximum of 2 holds until 08:00 UTC on the 22nd.
      await at('2026-11-22T00:30:00.000Z');
      const afterMidnight = await take();
      expect(afterMidnight.status).toBe(409);
      // 08:00 UTC is 9:00 AM in Berlin.
      expect(afterMidnight.body).toMatchObject({
        message:
          'Ibuprofen is limited to at most 2 in 24 hours. The next dose is allowed at 9:00 AM on 2026-11-22.',
      });
      await at('2026-11-22T08:00:00.000Z');
      expect((await take()).status).toBe(201);
    });

    it('lists the intakes with their override mark, in the export and in the report', async () => {
      const log = await me.api.get<{ intakes: AsNeededIntake[] }>(
        `/api/medicine/${painkiller.id}/as-needed?from=2026-11-21&to=2026-11-22`,
      );
      expect(log.body.intakes.map((i) => i.override)).toEqual([false, true, false]);
      const file = await exportSnapshot(me);
      expect(file.asNeededIntakes).toHaveLength(3);
      const report = await me.api.get<MonthAggregatesView>(`/api/report/${me.email}/month`);
      expect(report.body.asNeeded).toEqual([
        { medicineId: painkiller.id, name: 'Ibuprofen', taken: 3, overrides: 1 },
      ]);
      expect(report.body.totals.due).toBe(0);
    });

    it('counts intakes against the supply', async () => {
      const now = await me.api.get<Medicine>(`/api/medicine/${painkiller.id}`);
      expect(now.body.pillsLeft).toBe(27);
    });

    it('refuses the as-needed call for a scheduled medicine', async () => {
      const daily = await createMedicine(me, { frequency: '1-0-0', startDate: '2026-11-20' });
      const response = await me.api.post(`/api/medicine/${daily.id}/as-needed`, {});
      expect(response.status).toBe(400);
    });
  });
});
