import { describe, expect, it } from 'vitest';
import {
  adherenceRate,
  expectedDoses,
  missedDoses,
  monthReportUpToNow,
  takenDoses,
  type MonthReportInput,
} from '../src/adherence';

/** At the last minute of `today`, every dose of the day is due: whole days, as a month report sees them. */
const monthReport = (items: MonthReportInput[], monthStart: string, today: string) =>
  monthReportUpToNow(items, {
    monthStart,
    today,
    nowMinutes: 23 * 60 + 59,
    defaultReminderTimes: ['08:00', '14:00', '20:00'],
  });
import type { AdherenceMedicine } from '../src/adherence';

const med = (frequency: string, startDate: string, originalDurationDays: number): AdherenceMedicine => ({
  frequency,
  startDate,
  originalDurationDays,
});

describe('expectedDoses', () => {
  const MARCH = ['2025-03-01', '2025-03-31'] as const;

  it.each<[string, AdherenceMedicine, string, string, number]>([
    ['course covers the whole month', med('1-0-1', '2025-02-15', 60), ...MARCH, 31 * 2],
    ['course starts after the month start (10th to 31st)', med('1-1-1', '2025-03-10', 30), ...MARCH, 22 * 3],
    ['course starts on the last day of the month', med('1-0-0', '2025-03-31', 10), ...MARCH, 1],
    ['course ends mid-month (ends 2025-03-11)', med('1-0-1', '2025-02-20', 20), ...MARCH, 11 * 2],
    ['course ends on the first day of the month', med('1-1-1', '2025-02-20', 10), ...MARCH, 3],
    ['course starts and ends inside the month', med('0-1-0', '2025-03-05', 10), ...MARCH, 10],
    ['one-day course', med('1-1-0', '2025-03-15', 1), ...MARCH, 2],
    ['course entirely before the month (ends 2025-02-28)', med('1-1-1', '2025-02-19', 10), ...MARCH, 0],
    ['course entirely before the month (January)', med('1-0-1', '2025-01-01', 30), ...MARCH, 0],
    ['course entirely after the month', med('1-0-1', '2025-04-01', 30), ...MARCH, 0],
    ['frequency without any dose', med('0-0-0', '2025-03-01', 30), ...MARCH, 0],
    ['range ends today (15th)', med('1-0-1', '2025-02-01', 90), '2025-03-01', '2025-03-15', 15 * 2],
    ['course starts after today', med('1-0-1', '2025-03-20', 30), '2025-03-01', '2025-03-15', 0],
    ['leap February', med('1', '2028-01-01', 100), '2028-02-01', '2028-02-29', 29],
    ['non-leap February', med('1', '2027-01-01', 100), '2027-02-01', '2027-02-28', 28],
    [
      'course ending on 2028-02-29 (2028-02-28 + 2 days)',
      med('1-0-1', '2028-02-28', 2),
      '2028-02-01',
      '2028-02-29',
      4,
    ],
    ['that same course in March 2028', med('1-0-1', '2028-02-28', 2), '2028-03-01', '2028-03-31', 0],
  ])('%s', (_label, medicine, from, to, expected) => {
    expect(expectedDoses(medicine, from, to)).toBe(expected);
  });

  it('ends the course with originalDurationDays (total treatment), not durationDays (current supply)', () => {
    const medicine = {
      frequency: '1-0-1',
      startDate: '2025-03-01',
      durationDays: 5,
      originalDurationDays: 20,
    };
    expect(expectedDoses(medicine, '2025-03-01', '2025-03-31')).toBe(20 * 2);
  });
});

describe('takenDoses', () => {
  it.each<[string, { taken: string }[], number]>([
    ['no entries', [], 0],
    ['one entry', [{ taken: '1-0-1' }], 2],
    ['several entries', [{ taken: '1-0-1' }, { taken: '1-1-1' }, { taken: '0-0-0' }], 5],
    ['empty taken string', [{ taken: '' }], 0],
    // Spec sections 3 and 7: the entries hold numbers (doses taken per slot) and taken = their sum.
    ['numbers above 1 are summed', [{ taken: '2-0-1' }], 3],
    ['a single number', [{ taken: '3' }, { taken: '1-1' }], 5],
  ])('%s', (_label, history, expected) => {
    expect(takenDoses(history)).toBe(expected);
  });
});

describe('adherenceRate', () => {
  it.each<[number, number, number | null]>([
    [2, 3, 67],
    [1, 3, 33],
    [0, 3, 0],
    [3, 3, 100],
    [1, 8, 13],
    [5, 8, 63],
    [199, 200, 100],
    [1, 200, 1],
    [10, 40, 25],
    [0, 0, null],
    [5, 0, null],
  ])('adherenceRate(taken %i, expected %i) is %j', (taken, expected, rate) => {
    expect(adherenceRate(taken, expected)).toBe(rate);
  });

  it('never exceeds 100 when more doses are recorded than expected', () => {
    expect(adherenceRate(4, 3)).toBe(100);
  });
});

describe('missedDoses', () => {
  it.each<[number, number, number]>([
    [2, 3, 1],
    [0, 3, 3],
    [3, 3, 0],
    [4, 3, 0],
    [0, 0, 0],
    [7, 0, 0],
  ])('missedDoses(taken %i, expected %i) is %i', (taken, expected, missed) => {
    expect(missedDoses(taken, expected)).toBe(missed);
  });
});

describe('monthReportUpToNow over whole days', () => {
  const monthStart = '2025-03-01';

  // Twice daily since February; runs past the month.
  const a = med('1-0-1', '2025-02-01', 60);
  // Three times daily, starting on 2025-03-06.
  const b = med('1-1-1', '2025-03-06', 30);

  const historyA = [
    { date: '2025-02-28', taken: '1-0-1' }, // before the month: ignored
    { date: '2025-03-01', taken: '1-0-1' }, // 2
    { date: '2025-03-02', taken: '1-0-0' }, // 1
    { date: '2025-03-10', taken: '0-0-1' }, // 1 (today counts)
    { date: '2025-03-11', taken: '1-0-1' }, // after today: ignored
    { date: '2025-04-01', taken: '1-0-1' }, // next month: ignored
  ];
  const historyB = [
    { date: '2025-03-06', taken: '1-1-1' }, // 3
    { date: '2025-03-07', taken: '1-0-1' }, // 2
  ];

  it('adds two medicines, counting only days up to today and history inside the range', () => {
    // Expected: A 10 days × 2 = 20, B 5 days (6th–10th) × 3 = 15. Taken: A 4, B 5.
    expect(
      monthReport(
        [
          { medicine: a, history: historyA },
          { medicine: b, history: historyB },
        ],
        monthStart,
        '2025-03-10',
      ),
    ).toEqual({ expectedDoses: 35, takenDoses: 9, missedDoses: 26, adherenceRate: 26 });
  });

  it('never counts the remaining days of the month as missed', () => {
    const report = monthReport([{ medicine: a, history: [] }], monthStart, '2025-03-01');
    expect(report).toEqual({ expectedDoses: 2, takenDoses: 0, missedDoses: 2, adherenceRate: 0 });
  });

  it('gives a full score when every due dose so far is taken', () => {
    const history = [
      { date: '2025-03-01', taken: '1-0-1' },
      { date: '2025-03-02', taken: '1-0-1' },
    ];
    expect(monthReport([{ medicine: a, history }], monthStart, '2025-03-02')).toEqual({
      expectedDoses: 4,
      takenDoses: 4,
      missedDoses: 0,
      adherenceRate: 100,
    });
  });

  it('has no rate when nothing is due yet', () => {
    const notStarted = med('1-1-1', '2025-03-20', 30);
    expect(monthReport([{ medicine: notStarted, history: [] }], monthStart, '2025-03-10')).toEqual({
      expectedDoses: 0,
      takenDoses: 0,
      missedDoses: null,
      adherenceRate: null,
    });
    expect(monthReport([], monthStart, '2025-03-10')).toEqual({
      expectedDoses: 0,
      takenDoses: 0,
      missedDoses: null,
      adherenceRate: null,
    });
  });

  it('does not let extra doses of one medicine hide the misses of another', () => {
    const once = med('1-0-0', '2025-03-01', 30);
    const extra = [
      { date: '2025-03-01', taken: '1-1-1' },
      { date: '2025-03-02', taken: '1-1-1' },
    ];
    // Each is due 2 doses by the 2nd; the first shows 6 taken, the second none.
    expect(
      monthReport(
        [
          { medicine: once, history: extra },
          { medicine: once, history: [] },
        ],
        monthStart,
        '2025-03-02',
      ),
    ).toEqual({ expectedDoses: 4, takenDoses: 2, missedDoses: 2, adherenceRate: 50 });
  });
});
