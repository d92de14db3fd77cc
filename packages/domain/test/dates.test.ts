import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ISO_DATE_PATTERN,
  TIME_PATTERN,
  addDays,
  daysBetween,
  firstDayOfMonth,
  formatTime12h,
  isValidIsoDate,
  isValidTimeZone,
  lastDayOfMonth,
  maxDate,
  minDate,
  minutesOfDay,
  zonedNow,
} from '../src/dates';
import type { ZonedNow } from '../src/dates';

describe('isValidIsoDate', () => {
  it.each<[string, boolean]>([
    ['2025-01-01', true],
    ['2025-12-31', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2025-04-30', true],
    ['2025-02-29', false],
    ['1900-02-29', false],
    ['2025-02-30', false],
    ['2025-04-31', false],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-01-00', false],
    ['2025-01-32', false],
    ['2025-1-01', false],
    ['2025/01/01', false],
    ['25-01-01', false],
    [' 2025-01-01', false],
    ['2025-01-01T00:00:00Z', false],
    ['', false],
  ])('isValidIsoDate(%j) is %s', (date, expected) => {
    expect(isValidIsoDate(date)).toBe(expected);
  });

  it('ISO_DATE_PATTERN checks the shape only', () => {
    expect(ISO_DATE_PATTERN.test('2025-02-30')).toBe(true);
    expect(ISO_DATE_PATTERN.test('2025-2-3')).toBe(false);
  });
});

describe('TIME_PATTERN', () => {
  it.each<[string, boolean]>([
    ['00:00', true],
    ['09:30', true],
    ['19:59', true],
    ['23:59', true],
    ['24:00', false],
    ['9:30', false],
    ['12:60', false],
    ['12:5', false],
    ['12-30', false],
    ['', false],
  ])('TIME_PATTERN.test(%j) is %s', (time, expected) => {
    expect(TIME_PATTERN.test(time)).toBe(expected);
  });
});

// Date arithmetic must not depend on the process time zone: run it under zones on both sides of UTC,
// one of them with a DST switch inside the tested ranges (US spring forward on 2025-03-09).
describe.each([
  ['UTC', 0],
  ['America/New_York', 300],
  ['Pacific/Kiritimati', -840],
  ['Asia/Kolkata', -330],
] as const)('calendar arithmetic with TZ=%s', (tz, januaryOffsetMinutes) => {
  beforeAll(() => {
    vi.stubEnv('TZ', tz);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('runs under that zone', () => {
    expect(new Date(Date.UTC(2025, 0, 1)).getTimezoneOffset()).toBe(januaryOffsetMinutes);
  });

  it.each<[string, number, string]>([
    ['2025-01-15', 0, '2025-01-15'],
    ['2025-01-15', 1, '2025-01-16'],
    ['2025-01-31', 1, '2025-02-01'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2028-02-28', 2, '2028-03-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2025-03-01', -1, '2025-02-28'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2025-03-08', 2, '2025-03-10'],
    ['2025-11-01', 2, '2025-11-03'],
    ['2025-01-01', 365, '2026-01-01'],
    ['2024-01-01', 366, '2025-01-01'],
  ])('addDays(%s, %i) is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('answers the same from its kept answers, past their bound, for either direction', () => {
    // 10,000 steps: more distinct questions than the kept answers' bound, asked twice each.
    const days = ['1999-12-25'];
    for (let i = 1; i <= 10_000; i += 1) days.push(addDays(days[i - 1]!, 1));
    for (let i = 1; i <= 10_000; i += 1) {
      expect(addDays(days[i - 1]!, 1)).toBe(days[i]);
      expect(addDays(days[i]!, -1)).toBe(days[i - 1]);
      expect(daysBetween(days[0]!, days[i]!)).toBe(i);
    }
    expect(days[10_000]).toBe('2027-05-12');
  });

  it.each<[string, string, number]>([
    ['2025-01-15', '2025-01-15', 0],
    ['2025-01-01', '2025-01-31', 30],
    ['2025-01-31', '2025-01-01', -30],
    ['2025-02-28', '2025-03-01', 1],
    ['2024-02-28', '2024-03-01', 2],
    ['2025-03-08', '2025-03-10', 2],
    ['2025-11-01', '2025-11-03', 2],
    ['2025-12-31', '2026-01-01', 1],
    ['2024-01-01', '2025-01-01', 366],
    ['2025-01-01', '2026-01-01', 365],
  ])('daysBetween(%s, %s) is %i', (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });

  it.each<[string, string, string]>([
    ['2025-02-14', '2025-02-01', '2025-02-28'],
    ['2024-02-10', '2024-02-01', '2024-02-29'],
    ['2000-02-01', '2000-02-01', '2000-02-29'],
    ['2100-02-28', '2100-02-01', '2100-02-28'],
    ['2025-01-31', '2025-01-01', '2025-01-31'],
    ['2025-03-09', '2025-03-01', '2025-03-31'],
    ['2025-04-01', '2025-04-01', '2025-04-30'],
    ['2025-12-05', '2025-12-01', '2025-12-31'],
  ])('month of %s runs from %s to %s', (date, first, last) => {
    expect(firstDayOfMonth(date)).toBe(first);
    expect(lastDayOfMonth(date)).toBe(last);
  });
});

describe('minDate / maxDate', () => {
  it.each<[string, string, string, string]>([
    ['2025-01-02', '2025-01-10', '2025-01-02', '2025-01-10'],
    ['2025-01-10', '2025-01-02', '2025-01-02', '2025-01-10'],
    ['2024-12-31', '2025-01-01', '2024-12-31', '2025-01-01'],
    ['2025-09-30', '2025-10-01', '2025-09-30', '2025-10-01'],
    ['2025-05-05', '2025-05-05', '2025-05-05', '2025-05-05'],
  ])('of %s and %s: min %s, max %s', (a, b, min, max) => {
    expect(minDate(a, b)).toBe(min);
    expect(maxDate(a, b)).toBe(max);
  });
});

describe('minutesOfDay', () => {
  it.each<[string, number]>([
    ['00:00', 0],
    ['00:01', 1],
    ['01:00', 60],
    ['08:05', 485],
    ['12:00', 720],
    ['23:59', 1439],
  ])('minutesOfDay(%s) is %i', (time, expected) => {
    expect(minutesOfDay(time)).toBe(expected);
  });
});

describe('formatTime12h', () => {
  it.each<[string, string]>([
    ['00:00', '12:00 AM'],
    ['00:30', '12:30 AM'],
    ['01:00', '1:00 AM'],
    ['08:05', '8:05 AM'],
    ['11:59', '11:59 AM'],
    ['12:00', '12:00 PM'],
    ['12:01', '12:01 PM'],
    ['13:00', '1:00 PM'],
    ['20:00', '8:00 PM'],
    ['23:59', '11:59 PM'],
  ])('formatTime12h(%s) is %s', (time, expected) => {
    expect(formatTime12h(time)).toBe(expected);
  });
});

describe('isValidTimeZone', () => {
  it.each<[string, boolean]>([
    ['Europe/Paris', true],
    ['America/New_York', true],
    ['Asia/Kolkata', true],
    ['Pacific/Kiritimati', true],
    ['UTC', true],
    ['Mars/Base', false],
    ['Europe/Atlantis', false],
    ['not a zone', false],
    ['', false],
  ])('isValidTimeZone(%j) is %s', (timeZone, expected) => {
    expect(isValidTimeZone(timeZone)).toBe(expected);
  });
});

describe('zonedNow', () => {
  it.each<[string, string, ZonedNow]>([
    // Behind UTC: the local date is still the previous day.
    [
      '2025-06-15T02:30:00Z',
      'America/New_York',
      { date: '2025-06-14', time: '22:30', hour: 22, minutes: 1350 },
    ],
    [
      '2025-01-15T03:15:00Z',
      'America/New_York',
      { date: '2025-01-14', time: '22:15', hour: 22, minutes: 1335 },
    ],
    // Half-hour offset (+05:30).
    ['2025-06-15T20:00:00Z', 'Asia/Kolkata', { date: '2025-06-16', time: '01:30', hour: 1, minutes: 90 }],
    ['2025-06-15T18:29:00Z', 'Asia/Kolkata', { date: '2025-06-15', time: '23:59', hour: 23, minutes: 1439 }],
    // +14:00: the local date is already the next day (and here the next year), at midnight.
    [
      '2025-06-15T12:00:00Z',
      'Pacific/Kiritimati',
      { date: '2025-06-16', time: '02:00', hour: 2, minutes: 120 },
    ],
    [
      '2025-12-31T10:00:00Z',
      'Pacific/Kiritimati',
      { date: '2026-01-01', time: '00:00', hour: 0, minutes: 0 },
    ],
    ['2025-06-15T00:00:00Z', 'UTC', { date: '2025-06-15', time: '00:00', hour: 0, minutes: 0 }],
    // US spring forward on 2025-03-09: 01:59 EST is followed by 03:00 EDT.
    [
      '2025-03-09T06:59:00Z',
      'America/New_York',
      { date: '2025-03-09', time: '01:59', hour: 1, minutes: 119 },
    ],
    [
      '2025-03-09T07:00:00Z',
      'America/New_York',
      { date: '2025-03-09', time: '03:00', hour: 3, minutes: 180 },
    ],
    // US fall back on 2025-11-02: 01:30 happens twice, first in EDT then in EST.
    ['2025-11-02T05:30:00Z', 'America/New_York', { date: '2025-11-02', time: '01:30', hour: 1, minutes: 90 }],
    ['2025-11-02T06:30:00Z', 'America/New_York', { date: '2025-11-02', time: '01:30', hour: 1, minutes: 90 }],
    [
      '2025-11-02T07:30:00Z',
      'America/New_York',
      { date: '2025-11-02', time: '02:30', hour: 2, minutes: 150 },
    ],
  ])('%s in %s', (instant, timeZone, expected) => {
    expect(zonedNow(new Date(instant), timeZone)).toEqual(expected);
  });

  it('answers again within a minute, and follows a clock change from its first instant', () => {
    const at = (instant: string) => zonedNow(new Date(instant), 'Europe/Berlin');
    // Spring forward on 2026-03-29: 00:59 UTC is 01:59 CET, 01:00 UTC is 03:00 CEST.
    expect(at('2026-03-29T00:59:00.000Z').time).toBe('01:59');
    expect(at('2026-03-29T00:59:59.999Z').time).toBe('01:59');
    expect(at('2026-03-29T01:00:00.000Z').time).toBe('03:00');
    expect(at('2026-03-29T00:59:30.000Z').time).toBe('01:59');
    // The answer is the caller's own: changing it does not change the next one.
    const answer = at('2026-03-29T01:00:10.000Z');
    answer.time = 'changed';
    expect(at('2026-03-29T01:00:20.000Z').time).toBe('03:00');
    expect(at('2026-03-29T01:05:00.000Z').time).toBe('03:05');
  });

  it('formats each instant while offsets had seconds (Liberia until 1972: UTC-0:44:30)', () => {
    expect(zonedNow(new Date('1970-01-01T00:44:00Z'), 'Africa/Monrovia').date).toBe('1969-12-31');
    expect(zonedNow(new Date('1970-01-01T00:44:40Z'), 'Africa/Monrovia').date).toBe('1970-01-01');
  });

  it('gives different calendar dates for the same instant in different zones', () => {
    const instant = new Date('2025-06-15T11:00:00Z');
    expect(zonedNow(instant, 'America/New_York').date).toBe('2025-06-15');
    expect(zonedNow(instant, 'Pacific/Kiritimati').date).toBe('2025-06-16');
    expect(zonedNow(instant, 'Pacific/Pago_Pago').date).toBe('2025-06-15');
    expect(zonedNow(new Date('2025-06-15T10:00:00Z'), 'Pacific/Kiritimati').date).toBe('2025-06-16');
    expect(zonedNow(new Date('2025-06-15T09:59:00Z'), 'Pacific/Kiritimati').date).toBe('2025-06-15');
  });
});
