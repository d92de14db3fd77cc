import { describe, expect, it } from 'vitest';
import {
  SERIES_RAW_MAX_DAYS,
  bucketReadings,
  customTypeIssue,
  judgeCustomMeasurement,
  seriesResolution,
  weekStartOf,
} from '../src/index';

const NOW = Date.UTC(2026, 11, 6, 8, 0);
const WAIST = { name: 'Waist', unit: 'cm', min: 30, max: 250, decimals: 1 };
const judge = (values: Record<string, number | undefined>, unit = 'cm', takenAt = NOW) =>
  judgeCustomMeasurement({ type: WAIST, unit, values, takenAt, now: NOW });

describe('a custom measurement type (issue 56)', () => {
  it('keeps a reading at the type’s decimals, in its own unit', () => {
    expect(judge({ value: 88.46 })).toEqual({ ok: true, values: { value: 88.5 } });
  });

  it.each([
    ['another unit', { value: 80 }, 'in', 'unit', /recorded in cm/],
    ['a value above its range', { value: 250.1 }, 'cm', 'value', /between 30 and 250 cm/],
    ['a value below its range', { value: 29.9 }, 'cm', 'value', /between 30 and 250 cm/],
    ['no value', {}, 'cm', 'value', /Enter the Waist/],
    ['NaN', { value: Number.NaN }, 'cm', 'value', /number/],
    ['a second number', { value: 80, hips: 90 }, 'cm', 'hips', /no value “hips”/],
  ])('refuses %s', (_label, values, unit, field, error) => {
    const verdict = judge(values, unit);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) {
      expect(verdict.field).toBe(field);
      expect(verdict.error).toMatch(error);
    }
  });

  it('takes a time up to 5 minutes ahead, not 6', () => {
    expect(judge({ value: 80 }, 'cm', NOW + 5 * 60_000).ok).toBe(true);
    expect(judge({ value: 80 }, 'cm', NOW + 6 * 60_000)).toMatchObject({ ok: false, field: 'takenAt' });
  });

  it('refuses a definition whose range is empty, reversed or too wide', () => {
    expect(customTypeIssue(WAIST)).toBeNull();
    expect(customTypeIssue({ ...WAIST, min: 5, max: 5 })?.field).toBe('max');
    expect(customTypeIssue({ ...WAIST, min: 6, max: 5 })?.field).toBe('max');
    expect(customTypeIssue({ ...WAIST, max: 1e7 })?.error).toMatch(/between/);
  });
});

describe('the chart series (decision 301)', () => {
  it('draws each reading up to 92 days, a day’s aggregate beyond', () => {
    expect(SERIES_RAW_MAX_DAYS).toBe(92);
    expect(seriesResolution('2026-01-01', '2026-04-02')).toBe('raw');
    expect(seriesResolution('2026-01-01', '2026-04-03')).toBe('day');
    expect(seriesResolution('2025-12-07', '2026-12-06')).toBe('day');
  });

  it('buckets by day: count, mean, min and max per component, optional ones over those that have them', () => {
    const buckets = bucketReadings([
      { date: '2026-11-02', values: { systolic: 150, diastolic: 95 } },
      { date: '2026-11-01', values: { systolic: 140, diastolic: 90, pulse: 70 } },
      { date: '2026-11-01', values: { systolic: 120, diastolic: 80 } },
    ]);
    expect(buckets).toEqual([
      {
        date: '2026-11-01',
        count: 2,
        mean: { systolic: 130, diastolic: 85, pulse: 70 },
        min: { systolic: 120, diastolic: 80, pulse: 70 },
        max: { systolic: 140, diastolic: 90, pulse: 70 },
      },
      {
        date: '2026-11-02',
        count: 1,
        mean: { systolic: 150, diastolic: 95 },
        min: { systolic: 150, diastolic: 95 },
        max: { systolic: 150, diastolic: 95 },
      },
    ]);
  });

  it('buckets by ISO week from its Monday', () => {
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23'); // its Sunday
    expect(weekStartOf('2026-11-22')).toBe('2026-11-16');
    const weeks = bucketReadings(
      [
        { date: '2026-11-22', values: { value: 1 } },
        { date: '2026-11-23', values: { value: 2 } },
        { date: '2026-11-29', values: { value: 4 } },
      ],
      weekStartOf,
    );
    expect(weeks.map((w) => [w.date, w.count, w.mean['value']])).toEqual([
      ['2026-11-16', 1, 1],
      ['2026-11-23', 2, 3],
    ]);
  });
});
