import { describe, expect, it } from 'vitest';
import {
  type DoseSchedule,
  coursePills,
  doseCells,
  dosesOn,
  intervalDosesOn,
  lastCourseDose,
  nextIntervalDose,
  pillsPerDoseOn,
  slotsBeforeAdded,
  sumCells,
  taperDaysLeft,
  upcomingDoses,
} from '../src';

const times = ['08:00', '14:00', '20:00'];
const medicine = (
  schedule: DoseSchedule | null,
  extra: Partial<{
    frequency: string;
    startDate: string;
    originalDurationDays: number;
    pillsPerDose: number;
    createdAt: string;
  }> = {},
) => ({
  frequency: '1-0-0',
  startDate: '2026-12-01',
  originalDurationDays: 9,
  pillsPerDose: 1,
  schedule,
  ...extra,
});

describe('pills per dose on a date (decision 186)', () => {
  const steps = [
    { days: 3, dose: '40 mg', pillsPerDose: 8 },
    { days: 3, dose: '30 mg', pillsPerDose: 6 },
    { days: 3, dose: '20 mg', pillsPerDose: 4 },
  ];
  const taper = { ...medicine(null), schedule: { kind: 'taper' as const, steps } };

  it('is the step’s for a taper (the edges before and after the plan) and the medicine’s otherwise', () => {
    expect(pillsPerDoseOn(taper, '2026-12-01')).toBe(8);
    expect(pillsPerDoseOn(taper, '2026-12-05')).toBe(6);
    expect(pillsPerDoseOn(taper, '2026-12-09')).toBe(4);
    expect(pillsPerDoseOn(taper, '2026-12-20')).toBe(4);
    expect(pillsPerDoseOn(taper, '2026-11-20')).toBe(8);
    expect(pillsPerDoseOn(medicine(null, { pillsPerDose: 2 }), '2026-12-05')).toBe(2);
  });

  it('makes the whole course 54 pills for steps of 8, 6 and 4 for 3 days each', () => {
    expect(coursePills(taper)).toBe(54);
    expect(coursePills({ ...taper, frequency: '1-0-1' })).toBe(108);
    expect(
      coursePills(medicine(null, { frequency: '1-0-1', pillsPerDose: 2, originalDurationDays: 10 })),
    ).toBe(40);
  });

  it('after the first dose, the 46 pills left cover the 8 days of the plan still to come', () => {
    // Today's dose was taken (and its 8 pills counted): today needs no more pills, and the 8, 8,
    // 6, 6, 6, 4, 4, 4 pills of the days to come are exactly the 46 left. Charged today's 8 again,
    // the supply fell short by a day: 7.
    expect(taperDaysLeft(taper, '2026-12-01', 46, 1)).toBe(8);
    expect(taperDaysLeft(taper, '2026-12-01', 45, 1)).toBe(7);
    expect(taperDaysLeft(taper, '2026-12-01', 54)).toBe(9);
  });
});

describe('no dose is due before the medicine was added (decision 187)', () => {
  // 1-0-1 at 08:00 and 20:00, added at 19:00 on its start date (Berlin, UTC+1).
  const evening = medicine(null, {
    frequency: '1-0-1',
    startDate: '2026-12-01',
    originalDurationDays: 30,
    createdAt: '2026-12-01T18:00:00Z',
  });
  const window = (today: string, nowMinutes: number) => ({
    from: '2026-12-01',
    to: '2026-12-31',
    today,
    nowMinutes,
    defaultReminderTimes: ['08:00', '14:00', '20:00'],
    timeZone: 'Europe/Berlin',
  });

  it('leaves out the morning dose of the day it was added; the evening one and later days count', () => {
    expect(sumCells(doseCells(evening, [], window('2026-12-01', 21 * 60)))).toEqual({ due: 1, taken: 0 });
    const next = doseCells(evening, [{ date: '2026-12-01', taken: '0-0-1' }], window('2026-12-02', 9 * 60));
    expect(sumCells(next)).toEqual({ due: 2, taken: 1 });
  });

  it('marks the dose, for the dashboard and the engine, only on the start date it was added on', () => {
    const context = { timeZone: 'Europe/Berlin', defaultReminderTimes: ['08:00', '14:00', '20:00'] };
    expect(dosesOn(evening, '2026-12-01', context).map((d) => d.beforeAdded ?? false)).toEqual([true, false]);
    expect([...slotsBeforeAdded(evening, '2026-12-01', context)]).toEqual([0]);
    expect(slotsBeforeAdded(evening, '2026-12-02', context).size).toBe(0);
    // Added the day after its start date: the user says the course began earlier; all its doses count.
    const backdated = { ...evening, createdAt: '2026-12-02T18:00:00Z' };
    expect(slotsBeforeAdded(backdated, '2026-12-01', context).size).toBe(0);
  });

  it('counts and reminds an every-N-hours course only from its first dose after it was added', () => {
    const abx = medicine(
      { kind: 'interval', everyHours: 6, startTime: '06:00' },
      { startDate: '2026-12-01', originalDurationDays: 2, createdAt: '2026-12-01T10:00:00Z' },
    );
    const doses = intervalDosesOn(abx, '2026-12-01', 'UTC');
    expect(doses.map((d) => [d.time, d.beforeAdded ?? false])).toEqual([
      ['06:00', true],
      ['12:00', false],
      ['18:00', false],
    ]);
    expect(nextIntervalDose(abx, Date.parse('2026-11-30T00:00:00Z'), 'UTC')).toMatchObject({ time: '12:00' });
    const cells = doseCells(abx, [], { ...window('2026-12-01', 23 * 60), timeZone: 'UTC' });
    expect(sumCells(cells)).toEqual({ due: 2, taken: 0 });
  });
});

describe('a course counts doses from its first dose (decision 188)', () => {
  const context = { timeZone: 'Europe/Berlin', defaultReminderTimes: times };

  it('every 8 hours for 7 days from 7 PM is 21 doses, the last at 11 AM on the eighth day', () => {
    const abx = medicine(
      { kind: 'interval', everyHours: 8, startTime: '19:00' },
      { startDate: '2026-12-01', originalDurationDays: 7 },
    );
    const days = upcomingDoses(abx, '2026-12-01', 9, context);
    expect(days.reduce((sum, d) => sum + d.doses.length, 0)).toBe(21);
    expect(days.map((d) => d.doses.length)).toEqual([1, 3, 3, 3, 3, 3, 3, 2, 0]);
    expect(lastCourseDose(abx, context)).toMatchObject({ date: '2026-12-08', time: '11:00' });
  });

  it('names the last dose of a slot course and of a weekday one', () => {
    const daily = medicine(null, { frequency: '1-0-1', originalDurationDays: 7 });
    expect(lastCourseDose(daily, context)).toMatchObject({ date: '2026-12-07', time: '20:00' });
    // 1 December 2026 is a Tuesday; 14 days end on Monday the 14th, the last Monday dose.
    const mondays = medicine({ kind: 'weekdays', days: [1] }, { originalDurationDays: 14 });
    expect(lastCourseDose(mondays, context)).toMatchObject({ date: '2026-12-14', time: '08:00' });
    expect(
      lastCourseDose(medicine({ kind: 'asNeeded', maxPer24h: null, minIntervalMinutes: null }), context),
    ).toBeNull();
  });

  it('carries each dose’s own instant: the two 02:30s of Berlin’s fall-back night are an hour apart', () => {
    const abx = medicine(
      { kind: 'interval', everyHours: 1, startTime: '00:30' },
      { startDate: '2026-10-25', originalDurationDays: 1 },
    );
    const doses = dosesOn(abx, '2026-10-25', context).filter((d) => d.time === '02:30');
    expect(doses.map((d) => new Date(d.at).toISOString())).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
    ]);
  });
});
