import { describe, expect, it } from 'vitest';
import {
  MEASUREMENT_KINDS,
  MEASUREMENT_TYPES,
  displayValue,
  formatMeasurement,
  judgeMeasurement,
  toCanonicalValue,
} from '../src/index';

const NOW = Date.UTC(2026, 11, 6, 8, 0);

describe('measurement units convert exactly for display (issue 56)', () => {
  it('uses the defined factors: 1 lb = 0.45359237 kg, 1 mmol/L glucose = 18.0156 mg/dL, °F affine', () => {
    expect(toCanonicalValue('weight', 'value', 100, '[lb_av]')).toBe(45.359);
    expect(toCanonicalValue('blood-glucose', 'value', 180.156, 'mg/dL')).toBe(10);
    expect(toCanonicalValue('temperature', 'value', 98.6, '[degF]')).toBe(37);
    expect(displayValue('temperature', 'value', 37, '[degF]')).toBe(98.6);
    expect(displayValue('blood-glucose', 'value', 5.5, 'mg/dL')).toBe(99);
  });

  // Every value a person can type in a non-canonical unit, at the precision shown, comes back
  // unchanged after storing: an edit that changes nothing changes nothing.
  it.each([
    ['blood-glucose', 'mg/dL', 10, 1080, 1, 0],
    ['weight', '[lb_av]', 1, 1400, 0.1, 1],
    ['temperature', '[degF]', 77, 113, 0.1, 1],
  ] as const)('%s typed in %s round-trips', (kind, unit, from, to, step, decimals) => {
    const steps = Math.round((to - from) / step);
    for (let i = 0; i <= steps; i++) {
      const typed = Number((from + i * step).toFixed(decimals));
      const stored = toCanonicalValue(kind, 'value', typed, unit);
      expect(displayValue(kind, 'value', stored, unit)).toBe(typed);
    }
  });

  it('writes a reading as a person reads it', () => {
    expect(formatMeasurement('blood-pressure', { systolic: 128, diastolic: 82, pulse: 64 }, 'mm[Hg]')).toBe(
      '128/82 mmHg, pulse 64',
    );
    expect(formatMeasurement('blood-glucose', { value: 6.2 }, 'mmol/L')).toBe('6.2 mmol/L');
    expect(formatMeasurement('weight', { value: 70 }, '[lb_av]')).toBe('154.3 lb');
    expect(formatMeasurement('inr', { value: 2.4 }, '{INR}')).toBe('2.4');
  });

  it('has a LOINC code for every kind, and components for blood pressure', () => {
    expect(MEASUREMENT_KINDS.map((k) => MEASUREMENT_TYPES[k].loinc)).toEqual([
      '85354-9',
      '2339-0',
      '29463-7',
      '8310-5',
      '59408-5',
      '6301-6',
      '19935-6',
    ]);
    expect(MEASUREMENT_TYPES['blood-pressure'].components.map((c) => c.loinc)).toEqual([
      '8480-6',
      '8462-4',
      '8867-4',
    ]);
  });
});

describe('a reading is judged before it is stored', () => {
  const judge = (
    kind: Parameters<typeof judgeMeasurement>[0]['kind'],
    unit: string,
    values: object,
    takenAt = NOW,
  ) => judgeMeasurement({ kind, unit, values: values as Record<string, number>, takenAt, now: NOW });

  it('stores canonical values', () => {
    expect(judge('blood-glucose', 'mg/dL', { value: 126 })).toEqual({ ok: true, values: { value: 6.99 } });
    expect(judge('blood-pressure', 'mm[Hg]', { systolic: 135, diastolic: 85 })).toEqual({
      ok: true,
      values: { systolic: 135, diastolic: 85 },
    });
  });

  it.each([
    [
      'a systolic below its diastolic',
      'blood-pressure',
      'mm[Hg]',
      { systolic: 80, diastolic: 120 },
      /systolic/,
    ],
    [
      'a systolic equal to its diastolic',
      'blood-pressure',
      'mm[Hg]',
      { systolic: 90, diastolic: 90 },
      /above/,
    ],
    ['a missing diastolic', 'blood-pressure', 'mm[Hg]', { systolic: 120 }, /Enter the diastolic/],
    [
      'a pulse past physical limits',
      'blood-pressure',
      'mm[Hg]',
      { systolic: 120, diastolic: 80, pulse: 400 },
      /between 20 and 300/,
    ],
    [
      'a glucose past limits, in the unit typed',
      'blood-glucose',
      'mg/dL',
      { value: 2000 },
      /between 9 and 1081 mg\/dL/,
    ],
    ['a temperature past limits in °F', 'temperature', '[degF]', { value: 120 }, /between 77 and 113 °F/],
    ['an SpO2 over 100 %', 'spo2', '%', { value: 101 }, /between 50 and 100 %/],
    ['an unknown unit', 'weight', 'stone', { value: 11 }, /kg or lb/],
    ['a value of another kind', 'weight', 'kg', { value: 70, systolic: 120 }, /no value/],
    ['not a number', 'inr', '{INR}', { value: Number.NaN }, /Enter a number/],
  ] as const)('refuses %s', (_, kind, unit, values, message) => {
    const result = judge(kind, unit, values);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('refuses a time beyond a few minutes ahead of the clock, and allows a fast device', () => {
    expect(judge('spo2', '%', { value: 97 }, NOW + 4 * 60_000).ok).toBe(true);
    expect(judge('spo2', '%', { value: 97 }, NOW + 6 * 60_000)).toMatchObject({
      ok: false,
      field: 'takenAt',
    });
  });
});
