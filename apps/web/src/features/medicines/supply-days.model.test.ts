import { describe, expect, it } from 'vitest';
import { supplyDaysOf } from './supply-days.model';

const base = { startDate: '2026-12-06', originalDurationDays: 30, schedule: null };

describe('the supply duration the form works out (issue 51)', () => {
  it('follows the pills, the pills per dose and the doses', () => {
    expect(supplyDaysOf({ ...base, totalPills: 20, pillsPerDose: 1, frequency: '1-0-1' })).toBe(10);
    expect(supplyDaysOf({ ...base, totalPills: 20, pillsPerDose: 2, frequency: '1-1-1' })).toBe(3);
    const weekly = { kind: 'weekdays' as const, days: [0] };
    expect(
      supplyDaysOf({ ...base, schedule: weekly, totalPills: 12, pillsPerDose: 1, frequency: '1-0-0' }),
    ).toBe(84);
  });

  it('says nothing while a figure is missing or the supply lasts less than a day', () => {
    expect(supplyDaysOf({ ...base, totalPills: Number.NaN, pillsPerDose: 1, frequency: '1-0-1' })).toBeNull();
    expect(supplyDaysOf({ ...base, totalPills: 20, pillsPerDose: 1, frequency: '0-0-0' })).toBeNull();
    expect(supplyDaysOf({ ...base, totalPills: 1, pillsPerDose: 1, frequency: '1-1-1' })).toBeNull();
  });
});
