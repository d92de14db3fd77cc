import { describe, expect, it } from 'vitest';
import {
  type DoseSchedule,
  type PlanEntry,
  doseCellsByPlan,
  planChangeText,
  planDiff,
  planOf,
  planOnDay,
  doseCells,
  dosesOn,
  expectedDoses,
  isCourseActiveOn,
  isDoseDay,
  lastCourseDay,
  nextDoseAfter,
  wallClockInstant,
} from '../src';

// Decision 313: a stopped medicine has no dose from its stop date on, by every rule that reads days.
const context = { timeZone: 'UTC', defaultReminderTimes: ['08:00', '14:00', '20:00'] };
const medicine = (schedule: DoseSchedule | null, stoppedOn: string | null) => ({
  frequency: '1-0-1',
  startDate: '2026-11-01',
  originalDurationDays: 30,
  pillsPerDose: 1,
  schedule,
  stoppedOn,
});

describe('a stopped medicine', () => {
  it('ends its course the day before its stop, or at its own end when that comes first', () => {
    expect(lastCourseDay(medicine(null, null))).toBe('2026-11-30');
    expect(lastCourseDay(medicine(null, '2026-11-10'))).toBe('2026-11-09');
    expect(lastCourseDay(medicine(null, '2026-12-20'))).toBe('2026-11-30');
    expect(isCourseActiveOn(medicine(null, '2026-11-10'), '2026-11-09')).toBe(true);
    expect(isCourseActiveOn(medicine(null, '2026-11-10'), '2026-11-10')).toBe(false);
  });

  it('has no doses on or after its stop date, daily and every N hours alike', () => {
    const daily = medicine(null, '2026-11-10');
    expect(dosesOn(daily, '2026-11-09', context)).toHaveLength(2);
    expect(dosesOn(daily, '2026-11-10', context)).toHaveLength(0);
    const interval = medicine({ kind: 'interval', everyHours: 8, startTime: '06:00' }, '2026-11-10');
    expect(isDoseDay(interval, '2026-11-09')).toBe(true);
    expect(isDoseDay(interval, '2026-11-10')).toBe(false);
    expect(dosesOn(interval, '2026-11-10', context)).toHaveLength(0);
  });

  it('is never next due once stopped: the reminder engine finds no later dose', () => {
    const after = wallClockInstant('2026-11-09', '22:30', 'UTC');
    expect(nextDoseAfter(medicine(null, null), after, context)?.date).toBe('2026-11-10');
    expect(nextDoseAfter(medicine(null, '2026-11-10'), after, context)).toBeNull();
    const interval = medicine({ kind: 'interval', everyHours: 8, startTime: '06:00' }, '2026-11-10');
    expect(nextDoseAfter(interval, after, context)).toBeNull();
  });

  it('counts no missed dose after its stop, and keeps every dose before it', () => {
    const window = {
      from: '2026-11-01',
      to: '2026-11-30',
      today: '2026-11-20',
      nowMinutes: 0,
      defaultReminderTimes: context.defaultReminderTimes,
    };
    const history = [{ date: '2026-11-02', taken: '1-0-1' }];
    const cells = doseCells(medicine(null, '2026-11-05'), history, window);
    expect(cells.filter((c) => c.due).map((c) => c.date)).toEqual(
      ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'].flatMap((d) => [d, d]),
    );
    expect(cells.filter((c) => c.taken)).toHaveLength(2);
    expect(expectedDoses(medicine(null, '2026-11-05'), '2026-11-01', '2026-11-20')).toBe(8);
  });
});

describe('the plan of each day (decision 315)', () => {
  const base = { ...medicine(null, null), dosage: '5 mg', doseTimes: null };
  const start = planOf(base, false);
  const twice = { ...start, frequency: '1-0-1' };
  const once = { ...start, frequency: '1-0-0' };
  const entries: PlanEntry[] = [
    { effectiveOn: '2026-11-01', plan: twice },
    { effectiveOn: '2026-11-04', plan: once },
    { effectiveOn: '2026-11-06', plan: { ...once, stopped: true } },
    { effectiveOn: '2026-11-08', plan: once },
  ];
  const window = {
    from: '2026-11-01',
    to: '2026-11-30',
    today: '2026-11-09',
    nowMinutes: 23 * 60,
    defaultReminderTimes: ['08:00', '14:00', '20:00'],
  };

  it('records what changed, from what to what', () => {
    expect(planDiff(twice, { ...once, dosage: '10 mg' })).toEqual([
      { field: 'dosage', from: '5 mg', to: '10 mg' },
      { field: 'frequency', from: '1-0-1', to: '1-0-0' },
    ]);
    expect(planDiff(once, { ...once, stopped: true })).toEqual([]);
    expect(planChangeText({ field: 'dosage', from: '5 mg', to: '10 mg' })).toBe('Dose: 5 mg → 10 mg');
  });

  it('finds the plan of a day, the first one before the history starts', () => {
    expect(planOnDay(entries, '2026-10-30')).toBe(twice);
    expect(planOnDay(entries, '2026-11-03')).toBe(twice);
    expect(planOnDay(entries, '2026-11-05')).toBe(once);
    expect(planOnDay(entries, '2026-11-07')?.stopped).toBe(true);
    expect(planOnDay(entries, '2026-11-20')).toBe(once);
  });

  it('counts each past day by the plan of that day, not by today’s', () => {
    // Today's plan (once a day) over the whole window would ask 9 doses; the history asks two a day
    // for three days, one for two, none while stopped, one for two more days.
    const now = { ...base, frequency: '1-0-0' };
    const due = doseCellsByPlan(now, entries, [], window).filter((c) => c.due);
    expect(due.map((c) => `${c.date}#${c.slot}`)).toEqual([
      '2026-11-01#0',
      '2026-11-01#2',
      '2026-11-02#0',
      '2026-11-02#2',
      '2026-11-03#0',
      '2026-11-03#2',
      '2026-11-04#0',
      '2026-11-05#0',
      '2026-11-08#0',
      '2026-11-09#0',
    ]);
    expect(doseCellsByPlan(now, [], [], window).filter((c) => c.due)).toHaveLength(9);
  });

  it('keeps a dose taken while stopped, due nowhere', () => {
    const cells = doseCellsByPlan(base, entries, [{ date: '2026-11-06', taken: '1-0-0' }], window);
    expect(cells.filter((c) => c.date === '2026-11-06')).toEqual([
      { date: '2026-11-06', slot: 0, due: false, taken: 1 },
    ]);
  });
});
