import { describe, expect, it } from 'vitest';
import { monthReportUpToNow } from '../src/adherence';
import {
  type AggregateItem,
  addMonths,
  monthAggregates,
  monthTrendPoint,
  monthsEndingWith,
} from '../src/adherence-aggregates';
import { zonedNow } from '../src/dates';

const times = ['08:00', '14:00', '20:00'];

// A: twice daily (morning, evening) from 20 Oct for 30 days: runs to 18 Nov.
// B: afternoon only, 5–7 Nov.
const items: AggregateItem[] = [
  {
    medicineId: 'a',
    name: 'Aspirin',
    medicine: { frequency: '1-0-1', startDate: '2026-10-20', originalDurationDays: 30 },
    history: [
      { date: '2026-10-31', taken: '1-0-1' }, // last month: not November's
      { date: '2026-11-01', taken: '1-0-1' },
      { date: '2026-11-02', taken: '1-0-0' },
      { date: '2026-11-10', taken: '1-0-0' },
    ],
  },
  {
    medicineId: 'b',
    name: 'Bisoprolol',
    medicine: { frequency: '0-1-0', startDate: '2026-11-05', originalDurationDays: 3 },
    history: [
      { date: '2026-11-05', taken: '0-1-0' },
      { date: '2026-11-07', taken: '0-1-0' },
    ],
  },
];
const noon10th = { month: '2026-11', today: '2026-11-10', nowMinutes: 12 * 60, defaultReminderTimes: times };

describe('monthAggregates (hand-computed November, today the 10th at noon)', () => {
  const report = monthAggregates(items, noon10th);
  const day = (d: number) => report.days[d - 1]!;

  it('colours each day by the doses due so far and taken', () => {
    expect(report.days).toHaveLength(30);
    expect(day(1)).toMatchObject({ date: '2026-11-01', due: 2, taken: 2, status: 'all' });
    expect(day(2)).toMatchObject({ due: 2, taken: 1, status: 'some' });
    expect(day(3)).toMatchObject({ due: 2, taken: 0, status: 'none' });
    // B joins on the 5th–7th: three doses a day.
    expect(day(5)).toMatchObject({ due: 3, taken: 1, status: 'some' });
    expect(day(6)).toMatchObject({ due: 3, taken: 0, status: 'none' });
    expect(day(8)).toMatchObject({ due: 2, taken: 0, status: 'none' });
    // Today: only the 08:00 dose is due by noon, and it is taken; 20:00 is not missed yet.
    expect(day(10)).toMatchObject({ due: 1, taken: 1, status: 'all' });
    expect(day(11)).toMatchObject({ due: 0, taken: 0, status: 'future' });
    expect(day(30).status).toBe('future');
  });

  it('gives each medicine its due, taken and rate', () => {
    // A: 9 whole days × 2 + today's morning = 19 due; taken 2 + 1 + 1 = 4 (21 %). B: 3 due, 2 taken.
    expect(report.medicines).toEqual([
      { medicineId: 'a', name: 'Aspirin', due: 19, taken: 4, rate: 21 },
      { medicineId: 'b', name: 'Bisoprolol', due: 3, taken: 2, rate: 67 },
    ]);
  });

  it('shows which time of day is missed most', () => {
    expect(report.slots).toEqual([
      { slot: 0, name: 'Morning', time: '08:00', due: 10, taken: 3, rate: 30 },
      { slot: 1, name: 'Afternoon', time: '14:00', due: 3, taken: 2, rate: 67 },
      { slot: 2, name: 'Evening', time: '20:00', due: 9, taken: 1, rate: 11 },
    ]);
  });

  it('has totals equal to the spec’s monthly report', () => {
    const spec = monthReportUpToNow(items, { ...noon10th, monthStart: '2026-11-01' });
    expect(report.totals).toEqual({ due: 22, taken: 6, rate: 27, missed: 16, skipped: 0 });
    expect(report.totals).toEqual({
      due: spec.expectedDoses,
      taken: spec.takenDoses,
      rate: spec.adherenceRate,
      missed: spec.missedDoses,
      skipped: 0,
    });
  });

  it('marks today as not yet due before its first dose time, and days after a course as no doses', () => {
    const untaken = items.map((i) => ({ ...i, history: i.history.filter((h) => h.date !== '2026-11-10') }));
    const early = monthAggregates(untaken, { ...noon10th, nowMinutes: 7 * 60 });
    expect(early.days[9]).toMatchObject({ due: 0, status: 'future' });
    // Decision 190: a dose past its time is Due, not missed, until the missed-dose alert's delay…
    const due = monthAggregates(untaken, { ...noon10th, nowMinutes: 8 * 60 + 59 });
    expect(due.days[9]).toMatchObject({ due: 0, status: 'future' });
    // …then missed.
    const missed = monthAggregates(untaken, { ...noon10th, nowMinutes: 9 * 60 });
    expect(missed.days[9]).toMatchObject({ due: 1, taken: 0, status: 'none' });
    // A dose taken early counts as due and taken before its time.
    const takenEarly = monthAggregates(items, { ...noon10th, nowMinutes: 7 * 60 + 30 });
    expect(takenEarly.days[9]).toMatchObject({ due: 1, taken: 1, status: 'all' });
    const late = monthAggregates(items, { ...noon10th, today: '2026-11-25', nowMinutes: 23 * 60 + 59 });
    expect(late.days[17]).toMatchObject({ date: '2026-11-18', due: 2, status: 'none' }); // A's last day
    expect(late.days[18]).toMatchObject({ date: '2026-11-19', due: 0, status: 'no-doses' });
  });

  it('does not let an extra tick of one medicine fill another’s missed dose', () => {
    const extra = items.map((i) =>
      i.medicineId === 'a' ? { ...i, history: [{ date: '2026-11-06', taken: '1-1-1' }] } : i,
    );
    const report6 = monthAggregates(extra, noon10th).days[5]!;
    // Due: A 2, B 1. A ticks 3 (capped at its 2), B none: 2 of 3.
    expect(report6).toMatchObject({ due: 3, taken: 2, status: 'some' });
  });
});

describe('month boundaries', () => {
  const straddling: AggregateItem = {
    medicineId: 's',
    name: 'Straddle',
    // 30 Jan to 1 Feb.
    medicine: { frequency: '1-0-0', startDate: '2026-01-30', originalDurationDays: 3 },
    history: [
      { date: '2026-01-31', taken: '1-0-0' },
      { date: '2026-02-01', taken: '1-0-0' },
    ],
  };
  const endOfFeb = { today: '2026-02-28', nowMinutes: 23 * 60, defaultReminderTimes: times };

  it('counts only the course days inside the month, in a 28-day February', () => {
    const feb = monthAggregates([straddling], { ...endOfFeb, month: '2026-02' });
    expect(feb.days).toHaveLength(28);
    expect(feb.days[0]).toMatchObject({ date: '2026-02-01', due: 1, taken: 1, status: 'all' });
    expect(feb.days[1]).toMatchObject({ date: '2026-02-02', status: 'no-doses' });
    expect(feb.medicines[0]).toMatchObject({ due: 1, taken: 1, rate: 100 });
  });

  it('counts a past month whole', () => {
    const jan = monthAggregates([straddling], { ...endOfFeb, month: '2026-01' });
    expect(jan.days).toHaveLength(31);
    expect(jan.days[29]).toMatchObject({ date: '2026-01-30', due: 1, taken: 0, status: 'none' });
    expect(jan.days[30]).toMatchObject({ date: '2026-01-31', due: 1, taken: 1, status: 'all' });
    expect(jan.totals).toEqual({ due: 2, taken: 1, rate: 50, missed: 1, skipped: 0 });
  });

  it('has 29 days in a leap February', () => {
    const leap = monthAggregates([], { ...endOfFeb, today: '2028-03-01', month: '2028-02' });
    expect(leap.days.map((d) => d.date).at(-1)).toBe('2028-02-29');
    expect(leap.totals.rate).toBeNull();
  });
});

describe('a DST month in Europe/Berlin (clocks go forward on 29 March 2026)', () => {
  const daily: AggregateItem = {
    medicineId: 'd',
    name: 'Daily',
    medicine: { frequency: '1-0-0', startDate: '2026-03-01', originalDurationDays: 60 },
    history: [{ date: '2026-03-29', taken: '1-0-0' }],
  };
  const at = (iso: string) => {
    const now = zonedNow(new Date(iso), 'Europe/Berlin');
    return { month: '2026-03', today: now.date, nowMinutes: now.minutes, defaultReminderTimes: times };
  };

  it('reads now in the zone: 06:30 UTC is 07:30 before the change and 08:30 after it', () => {
    // 28 March (UTC+1): 07:30, the 08:00 dose of the day is not due yet.
    const before = monthAggregates([daily], at('2026-03-28T06:30:00Z'));
    expect(before.days[27]).toMatchObject({ date: '2026-03-28', due: 0, status: 'future' });
    expect(before.totals.due).toBe(27);
    // 29 March (UTC+2): 08:30, the dose is due and taken.
    const after = monthAggregates([daily], at('2026-03-29T06:30:00Z'));
    expect(after.days[28]).toMatchObject({ date: '2026-03-29', due: 1, taken: 1, status: 'all' });
    expect(after.days[27]).toMatchObject({ date: '2026-03-28', due: 1, taken: 0, status: 'none' });
    expect(after.days).toHaveLength(31);
    expect(after.totals).toEqual({ due: 29, taken: 1, rate: 3, missed: 28, skipped: 0 });
  });

  it('starts a new day at local midnight: 22:30 UTC on the 29th is already the 30th', () => {
    const next = monthAggregates([daily], at('2026-03-29T22:30:00Z'));
    expect(next.days[29]).toMatchObject({ date: '2026-03-30', status: 'future' }); // 00:30 local
    expect(next.days[28]).toMatchObject({ due: 1, status: 'all' });
  });
});

describe('the 6-month trend', () => {
  it('lists the months ending with the given one, across a year', () => {
    expect(monthsEndingWith('2026-02', 6)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsEndingWith('2026-12', 2)).toEqual(['2026-11', '2026-12']);
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('counts a past month whole, the current month so far and a later month as nothing', () => {
    const now = { today: '2026-11-10', nowMinutes: 12 * 60, defaultReminderTimes: times };
    // October: A runs 20–31 Oct, 12 days × 2 = 24 due, one day (31st) taken = 2.
    expect(monthTrendPoint(items, '2026-10', now)).toEqual({ month: '2026-10', due: 24, taken: 2, rate: 8 });
    expect(monthTrendPoint(items, '2026-11', now)).toEqual({ month: '2026-11', due: 22, taken: 6, rate: 27 });
    expect(monthTrendPoint(items, '2026-12', now)).toEqual({
      month: '2026-12',
      due: 0,
      taken: 0,
      rate: null,
    });
  });
});
