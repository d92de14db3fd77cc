import { describe, expect, it } from 'vitest';
import {
  courseEndDate,
  deriveMedicineFigures,
  deriveScheduledTimes,
  isCourseActiveOn,
  slotsWithoutTime,
} from '../src/schedule';
import { DEFAULT_REMINDER_TIMES } from '../src/constants';

const FOUR_TIMES = ['07:30', '12:00', '19:00', '22:00'];

describe('deriveScheduledTimes', () => {
  // Spec section 4 (Add form): digit i maps to default reminder time i; a 1 yields that time.
  it.each<[string, readonly string[], string[]]>([
    ['1-0-1', DEFAULT_REMINDER_TIMES, ['08:00', '20:00']],
    ['1-1-1', DEFAULT_REMINDER_TIMES, ['08:00', '14:00', '20:00']],
    ['0-1-0', DEFAULT_REMINDER_TIMES, ['14:00']],
    ['0-0-1', DEFAULT_REMINDER_TIMES, ['20:00']],
    ['1-1-0', DEFAULT_REMINDER_TIMES, ['08:00', '14:00']],
    ['0-0-0', DEFAULT_REMINDER_TIMES, []],
    ['1', DEFAULT_REMINDER_TIMES, ['08:00']],
    ['', DEFAULT_REMINDER_TIMES, []],
    ['1-0-1-1', DEFAULT_REMINDER_TIMES, ['08:00', '20:00']],
    ['0-0-0-1', DEFAULT_REMINDER_TIMES, []],
    ['1-0-0-1', FOUR_TIMES, ['07:30', '22:00']],
    ['0-1-1-1', FOUR_TIMES, ['12:00', '19:00', '22:00']],
    ['1-1-1', [], []],
  ])('deriveScheduledTimes(%j, %j) is %j', (frequency, defaults, expected) => {
    expect(deriveScheduledTimes(frequency, defaults)).toEqual(expected);
  });
});

describe('slotsWithoutTime', () => {
  it.each<[string, readonly string[], number[]]>([
    ['1-1-1', DEFAULT_REMINDER_TIMES, []],
    ['1-0-1-1', DEFAULT_REMINDER_TIMES, [3]],
    ['1-0-1-0', DEFAULT_REMINDER_TIMES, []],
    ['0-0-0-0-1', DEFAULT_REMINDER_TIMES, [4]],
    ['1-1-1-1-1', DEFAULT_REMINDER_TIMES, [3, 4]],
    ['1-0-1', ['08:00'], [2]],
    ['1-1', [], [0, 1]],
    ['1-0-0-1', FOUR_TIMES, []],
  ])('slotsWithoutTime(%j, %j) is %j', (frequency, defaults, expected) => {
    expect(slotsWithoutTime(frequency, defaults)).toEqual(expected);
  });
});

describe('deriveMedicineFigures', () => {
  it.each<[string, number, string[], number, number]>([
    ['1-0-1', 10, ['08:00', '20:00'], 2, 20],
    ['1-1-1', 7, ['08:00', '14:00', '20:00'], 3, 21],
    ['0-1-0', 1, ['14:00'], 1, 1],
    ['0-0-1', 30, ['20:00'], 1, 30],
    ['0-0-0', 5, [], 0, 0],
    // The fourth flag has no default time: no scheduled time (so dosesPerDay 2), but its digit still
    // counts in originalTotalPills, which the spec derives from the sum of the frequency digits.
    ['1-0-1-1', 10, ['08:00', '20:00'], 2, 30],
  ])(
    '%j over %i days → times %j, dosesPerDay %i, originalTotalPills %i',
    (frequency, originalDurationDays, scheduledTimes, dosesPerDay, originalTotalPills) => {
      expect(
        deriveMedicineFigures({
          frequency,
          originalDurationDays,
          defaultReminderTimes: DEFAULT_REMINDER_TIMES,
        }),
      ).toEqual({ scheduledTimes, dosesPerDay, originalTotalPills });
    },
  );

  it('uses the user default times, not the built-in ones', () => {
    expect(
      deriveMedicineFigures({
        frequency: '1-0-0-1',
        originalDurationDays: 3,
        defaultReminderTimes: FOUR_TIMES,
      }),
    ).toEqual({ scheduledTimes: ['07:30', '22:00'], dosesPerDay: 2, originalTotalPills: 6 });
  });
});

describe('courseEndDate', () => {
  // startDate + originalDurationDays − 1
  it.each<[string, number, string]>([
    ['2025-01-01', 1, '2025-01-01'],
    ['2025-01-01', 10, '2025-01-10'],
    ['2025-01-25', 10, '2025-02-03'],
    ['2025-01-31', 2, '2025-02-01'],
    ['2028-02-28', 2, '2028-02-29'],
    ['2028-02-28', 3, '2028-03-01'],
    ['2027-02-28', 2, '2027-03-01'],
    ['2025-12-30', 5, '2026-01-03'],
    ['2024-01-01', 366, '2024-12-31'],
  ])('a course from %s over %i days ends on %s', (startDate, days, expected) => {
    expect(courseEndDate(startDate, days)).toBe(expected);
  });
});

describe('isCourseActiveOn', () => {
  const fiveDays = { startDate: '2025-03-10', originalDurationDays: 5 };
  const leap = { startDate: '2028-02-28', originalDurationDays: 2 };
  const oneDay = { startDate: '2025-06-01', originalDurationDays: 1 };

  it.each<[string, string, boolean, { startDate: string; originalDurationDays: number }]>([
    ['5 days', '2025-03-09', false, fiveDays],
    ['5 days', '2025-03-10', true, fiveDays],
    ['5 days', '2025-03-12', true, fiveDays],
    ['5 days', '2025-03-14', true, fiveDays],
    ['5 days', '2025-03-15', false, fiveDays],
    ['5 days', '2024-03-12', false, fiveDays],
    ['5 days', '2026-03-12', false, fiveDays],
    ['leap', '2028-02-27', false, leap],
    ['leap', '2028-02-28', true, leap],
    ['leap', '2028-02-29', true, leap],
    ['leap', '2028-03-01', false, leap],
    ['1 day', '2025-05-31', false, oneDay],
    ['1 day', '2025-06-01', true, oneDay],
    ['1 day', '2025-06-02', false, oneDay],
  ])('%s course on %s → %s', (_label, date, expected, medicine) => {
    expect(isCourseActiveOn(medicine, date)).toBe(expected);
  });
});
