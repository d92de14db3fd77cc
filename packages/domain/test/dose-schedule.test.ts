import { describe, expect, it } from 'vitest';
import {
  type DoseSchedule,
  averageDosesPerDay,
  averagePillsPerDay,
  checkAsNeeded,
  doseCells,
  dosesOn,
  intervalDosesOn,
  isDoseDay,
  nextIntervalDose,
  pillsTakenByTaper,
  slotCountOn,
  taperDaysLeft,
  taperStepOn,
  upcomingDoses,
  wallClockInstant,
} from '../src';

const times = ['08:00', '14:00', '20:00'];
const medicine = (
  schedule: DoseSchedule | null,
  extra: Partial<{ frequency: string; startDate: string; originalDurationDays: number }> = {},
) => ({
  frequency: '1-0-0',
  startDate: '2026-11-01', // a Sunday
  originalDurationDays: 90,
  schedule,
  ...extra,
});
const context = (timeZone = 'UTC') => ({ timeZone, defaultReminderTimes: times });

describe('weekdays: the week starts on Sunday (0) and ends on Saturday (6)', () => {
  const mondays = medicine({ kind: 'weekdays', days: [1] });
  const weekend = medicine({ kind: 'weekdays', days: [0, 6] });

  it('has doses only on the chosen days', () => {
    expect(isDoseDay(mondays, '2026-11-02')).toBe(true); // Monday
    expect(isDoseDay(mondays, '2026-11-01')).toBe(false); // Sunday
    expect(isDoseDay(mondays, '2026-11-03')).toBe(false); // Tuesday
    expect(isDoseDay(weekend, '2026-11-07')).toBe(true); // Saturday, last day of the week
    expect(isDoseDay(weekend, '2026-11-08')).toBe(true); // Sunday, first day of the next
    expect(isDoseDay(weekend, '2026-11-09')).toBe(false);
  });

  it('keeps the slot at its default time on a dose day and has none on other days', () => {
    expect(dosesOn(mondays, '2026-11-02', context())).toMatchObject([{ slot: 0, time: '08:00' }]);
    expect(dosesOn(mondays, '2026-11-03', context())).toEqual([]);
  });

  it('is not due (so never missed) on the other days of the report', () => {
    const window = {
      from: '2026-11-01',
      to: '2026-11-14',
      today: '2026-11-14',
      nowMinutes: 0,
      defaultReminderTimes: times,
    };
    const cells = doseCells(mondays, [], window);
    expect(cells.map((c) => c.date)).toEqual(['2026-11-02', '2026-11-09']);
  });

  it('counts the supply by the real doses a day: one a week lasts seven times as long', () => {
    expect(averageDosesPerDay(mondays)).toBeCloseTo(1 / 7);
    expect(averageDosesPerDay(medicine({ kind: 'weekdays', days: [1, 1, 3] }))).toBeCloseTo(2 / 7);
  });
});

describe('cycle: D days on, K days off from the start date', () => {
  const pill = medicine({ kind: 'cycle', daysOn: 21, daysOff: 7 });
  it('runs days 1–21, rests days 22–28 and starts again on day 29', () => {
    expect(isDoseDay(pill, '2026-11-01')).toBe(true); // day 1
    expect(isDoseDay(pill, '2026-11-21')).toBe(true); // day 21
    expect(isDoseDay(pill, '2026-11-22')).toBe(false); // day 22
    expect(isDoseDay(pill, '2026-11-28')).toBe(false); // day 28
    expect(isDoseDay(pill, '2026-11-29')).toBe(true); // day 29 = day 1 of cycle 2
    expect(isDoseDay(pill, '2026-10-31')).toBe(false); // before the start
  });
  it('averages 21 of 28 days', () => {
    expect(averageDosesPerDay(pill)).toBeCloseTo(0.75);
  });
});

describe('taper: steps one after another', () => {
  const steps = [
    { days: 3, dose: '40 mg', pillsPerDose: 4 },
    { days: 3, dose: '30 mg', pillsPerDose: 3 },
    { days: 2, dose: '10 mg', pillsPerDose: 1 },
  ];
  const taper = medicine({ kind: 'taper', steps }, { originalDurationDays: 8 });
  it('changes step on the day after the last day of a step and ends after the last', () => {
    expect(taperStepOn(steps, '2026-11-01', '2026-11-03')?.dose).toBe('40 mg');
    expect(taperStepOn(steps, '2026-11-01', '2026-11-04')?.dose).toBe('30 mg');
    expect(taperStepOn(steps, '2026-11-01', '2026-11-08')?.dose).toBe('10 mg');
    expect(taperStepOn(steps, '2026-11-01', '2026-11-09')).toBeNull();
    expect(taperStepOn(steps, '2026-11-01', '2026-10-31')).toBeNull();
  });
  it('tells the dose of the day in each occurrence', () => {
    expect(dosesOn(taper, '2026-11-04', context())).toEqual([
      { slot: 0, time: '08:00', at: Date.parse('2026-11-04T08:00:00Z'), dose: '30 mg', pillsPerDose: 3 },
    ]);
    expect(dosesOn(taper, '2026-11-09', context())).toEqual([]);
  });
  it('weighs pills a day by the days of each step', () => {
    expect(averagePillsPerDay({ ...taper, pillsPerDose: 1 })).toBeCloseTo((12 + 9 + 2) / 8);
  });
});

describe('pillsTakenByTaper: each dose counts its step’s pills', () => {
  const steps = [
    { days: 2, dose: '40 mg', pillsPerDose: 4 },
    { days: 2, dose: '20 mg', pillsPerDose: 2 },
  ];
  const start = '2026-11-18';
  it('counts a dose on the last day of step 1 at 4 and one on the first day of step 2 at 2', () => {
    expect(pillsTakenByTaper(steps, start, [{ date: '2026-11-19', count: 1 }])).toBe(4);
    expect(pillsTakenByTaper(steps, start, [{ date: '2026-11-20', count: 1 }])).toBe(2);
    const both = [
      { date: '2026-11-18', count: 1 },
      { date: '2026-11-19', count: 1 },
      { date: '2026-11-20', count: 2 },
    ];
    expect(pillsTakenByTaper(steps, start, both)).toBe(4 + 4 + 2 * 2);
  });
  it('counts doses after the last step at the last step’s pills, and before the start at the first’s', () => {
    expect(pillsTakenByTaper(steps, start, [{ date: '2026-11-22', count: 1 }])).toBe(2);
    expect(pillsTakenByTaper(steps, start, [{ date: '2026-11-30', count: 3 }])).toBe(6);
    expect(pillsTakenByTaper(steps, start, [{ date: '2026-11-17', count: 1 }])).toBe(4);
  });
  it('counts only the latest doses when asked (the doses since a refill), whatever the input order', () => {
    const taken = [
      { date: '2026-11-20', count: 1 },
      { date: '2026-11-18', count: 1 },
      { date: '2026-11-19', count: 1 },
    ];
    expect(pillsTakenByTaper(steps, start, taken, 0)).toBe(0);
    expect(pillsTakenByTaper(steps, start, taken, 1)).toBe(2);
    expect(pillsTakenByTaper(steps, start, taken, 2)).toBe(2 + 4);
    expect(pillsTakenByTaper(steps, start, [{ date: '2026-11-20', count: 2 }], 1)).toBe(2);
    expect(pillsTakenByTaper(steps, start, taken, 10)).toBe(10);
  });
});

describe('every N hours: real hours, also across a clock change', () => {
  it('Europe/Berlin, spring forward (29 March 2026): 8 real hours apart, the wall time moves', () => {
    const abx = medicine(
      { kind: 'interval', everyHours: 8, startTime: '06:00' },
      { startDate: '2026-03-28' },
    );
    const before = intervalDosesOn(abx, '2026-03-28', 'Europe/Berlin');
    expect(before.map((d) => d.time)).toEqual(['06:00', '14:00', '22:00']);
    const day = intervalDosesOn(abx, '2026-03-29', 'Europe/Berlin');
    expect(day.map((d) => d.time)).toEqual(['07:00', '15:00', '23:00']);
    expect(day.every((d) => d.clockChanged)).toBe(true);
    expect(day[0]!.at - before[2]!.at).toBe(8 * 3_600_000);
  });

  it('America/New_York, fall back (1 November 2026): a 25-hour day can hold four doses', () => {
    const abx = medicine(
      { kind: 'interval', everyHours: 8, startTime: '00:00' },
      { startDate: '2026-10-31' },
    );
    const day = intervalDosesOn(abx, '2026-11-01', 'America/New_York');
    expect(day.map((d) => d.time)).toEqual(['00:00', '07:00', '15:00', '23:00']);
    expect(day.map((d) => d.clockChanged)).toEqual([false, true, true, true]);
    expect(slotCountOn(abx, '2026-11-01', 'America/New_York')).toBe(4);
    for (let i = 1; i < day.length; i++) expect(day[i]!.at - day[i - 1]!.at).toBe(8 * 3_600_000);
  });

  it('stops with the course and averages 24/N doses a day', () => {
    const abx = medicine(
      { kind: 'interval', everyHours: 12, startTime: '09:00' },
      { startDate: '2026-11-01', originalDurationDays: 2 },
    );
    expect(upcomingDoses(abx, '2026-11-01', 3, context()).map((d) => d.doses.length)).toEqual([2, 2, 0]);
    expect(averageDosesPerDay(abx)).toBe(2);
  });

  it('reads a wall time in an overlap as its first instant and in a gap after the jump', () => {
    expect(new Date(wallClockInstant('2026-10-25', '02:30', 'Europe/Berlin')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(new Date(wallClockInstant('2026-03-29', '02:30', 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
});

describe('as needed: never due, limits on instants', () => {
  const limits = { maxPer24h: 4, minIntervalMinutes: 240 };
  const at = (iso: string) => Date.parse(iso);
  const prn = medicine({ kind: 'asNeeded', ...limits });

  it('is never due, so never missed', () => {
    expect(isDoseDay(prn, '2026-11-02')).toBe(false);
    expect(dosesOn(prn, '2026-11-02', context())).toEqual([]);
  });

  it('refuses a dose before the minimum interval, across midnight, and says when', () => {
    const verdict = checkAsNeeded([at('2026-11-01T22:30:00Z')], at('2026-11-02T01:00:00Z'), limits);
    expect(verdict).toEqual({
      allowed: false,
      reasons: ['minInterval'],
      allowedAt: at('2026-11-02T02:30:00Z'),
    });
    expect(checkAsNeeded([at('2026-11-01T22:30:00Z')], at('2026-11-02T02:30:00Z'), limits)).toEqual({
      allowed: true,
    });
  });

  it('counts a rolling 24 hours, not the calendar day', () => {
    const taken = [
      '2026-11-01T08:00:00Z',
      '2026-11-01T12:00:00Z',
      '2026-11-01T16:00:00Z',
      '2026-11-01T20:00:00Z',
    ].map(at);
    // Past midnight the fifth is still within 24 hours of the first: refused until 08:00.
    const verdict = checkAsNeeded(taken, at('2026-11-02T02:00:00Z'), limits);
    expect(verdict).toEqual({
      allowed: false,
      reasons: ['maxPer24h'],
      allowedAt: at('2026-11-02T08:00:00Z'),
    });
    expect(checkAsNeeded(taken, at('2026-11-02T08:00:00Z'), limits)).toEqual({ allowed: true });
    expect(checkAsNeeded(taken, at('2026-11-02T07:59:00Z'), limits).allowed).toBe(false);
  });

  it('gives the later time when both limits refuse, and has no limit when none is set', () => {
    const taken = [at('2026-11-01T00:00:00Z'), at('2026-11-01T10:00:00Z')];
    const verdict = checkAsNeeded(taken, at('2026-11-01T11:00:00Z'), {
      maxPer24h: 2,
      minIntervalMinutes: 240,
    });
    expect(verdict).toEqual({
      allowed: false,
      reasons: ['maxPer24h', 'minInterval'],
      allowedAt: at('2026-11-02T00:00:00Z'),
    });
    expect(
      checkAsNeeded(taken, at('2026-11-01T10:01:00Z'), { maxPer24h: null, minIntervalMinutes: null }),
    ).toEqual({
      allowed: true,
    });
  });
});

describe('the next every-N-hours dose (the reminder engine’s next row)', () => {
  const abx = medicine(
    { kind: 'interval', everyHours: 8, startTime: '00:00' },
    { startDate: '2026-10-31', originalDurationDays: 3 },
  );
  const at = (iso: string) => Date.parse(iso);

  it('is the start before it, then strictly the next multiple of N real hours', () => {
    // America/New_York: 00:00 EDT on the 31st is 04:00 UTC.
    expect(nextIntervalDose(abx, at('2026-10-30T00:00:00Z'), 'America/New_York')).toMatchObject({
      date: '2026-10-31',
      slot: 0,
      time: '00:00',
    });
    expect(nextIntervalDose(abx, at('2026-10-31T04:00:00Z'), 'America/New_York')).toMatchObject({
      date: '2026-10-31',
      slot: 1,
      time: '08:00',
    });
  });

  it('across the fall-back night keeps the spacing and names the day’s slot', () => {
    // 2026-11-01 00:00 EDT = 04:00 UTC; the next is 12:00 UTC = 07:00 EST, the day's second dose.
    expect(nextIntervalDose(abx, at('2026-11-01T04:00:00Z'), 'America/New_York')).toMatchObject({
      date: '2026-11-01',
      slot: 1,
      time: '07:00',
      at: at('2026-11-01T12:00:00Z'),
    });
  });

  it('is null once the course is over', () => {
    expect(nextIntervalDose(abx, at('2026-11-03T04:00:00Z'), 'America/New_York')).toBeNull();
  });
});

describe('a taper’s supply, walked from today', () => {
  const taper = medicine(
    {
      kind: 'taper',
      steps: [
        { days: 2, dose: '40 mg', pillsPerDose: 4 },
        { days: 2, dose: '20 mg', pillsPerDose: 2 },
        { days: 2, dose: '10 mg', pillsPerDose: 1 },
      ],
    },
    { originalDurationDays: 6 },
  ) as Parameters<typeof taperDaysLeft>[0];

  it('takes each day’s step: 12 pills last 4 days from the start (4 + 4 + 2 + 2), 11 only 3', () => {
    expect(taperDaysLeft(taper, '2026-11-01', 11)).toBe(3);
    expect(taperDaysLeft(taper, '2026-11-01', 12)).toBe(4);
  });

  it('starts from today, not from the start date', () => {
    // From day 3 (20 mg): 2 + 2 + 1 + 1 = 6 pills cover the rest of the plan.
    expect(taperDaysLeft(taper, '2026-11-03', 5)).toBe(3);
    expect(taperDaysLeft(taper, '2026-11-03', 6)).toBe(4);
  });

  it('counts pills beyond the plan at the last step’s rate', () => {
    expect(taperDaysLeft(taper, '2026-11-05', 12)).toBe(12);
  });
});
