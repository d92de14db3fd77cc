import { checkCustomType } from './components/custom-type-form.component';
import { describe, expect, it } from 'vitest';
import { valueAxis } from './chart-scale';
import {
  componentUnitOf,
  parseTypedNumber,
  rangeText,
  rangeToCanonical,
  rangeToDisplay,
  typeUnitText,
  unitText,
} from './journal-units';
import { typeView } from './journal-test-types';

describe('journal values in the person’s unit', () => {
  it('shows a stored target range in the chosen unit by the domain’s exact factors, and back', () => {
    const glucose = typeView('blood-glucose');
    expect(rangeToDisplay(glucose, 'value', { low: 3.9, high: 7.8 }, 'mg/dL')).toEqual({
      low: 70,
      high: 141,
    });
    expect(rangeToCanonical(glucose, 'value', { low: 70, high: 141 }, 'mg/dL')).toEqual({
      low: 3.89,
      high: 7.83,
    });
    const weight = typeView('weight');
    expect(rangeToDisplay(weight, 'value', { high: 70 }, '[lb_av]')).toEqual({ low: undefined, high: 154.3 });
    expect(rangeToCanonical(weight, 'value', { high: 154.3 }, '[lb_av]').high).toBeCloseTo(69.989, 3);
  });

  it('keeps the pulse in beats per minute whatever the reading’s unit', () => {
    const pressure = typeView('blood-pressure');
    expect(componentUnitOf(pressure, 'pulse', 'mm[Hg]')).toBe('/min');
    expect(componentUnitOf(pressure, 'systolic', 'mm[Hg]')).toBe('mm[Hg]');
    expect(typeUnitText(pressure, '/min')).toBe('beats/min');
  });

  it('leaves an own type’s numbers as they are: it has one unit', () => {
    const own = {
      ...typeView('inr'),
      type: 'b1d7c0a4-8f7e-4c53-9a39-0f7d5b9d2a11',
      custom: true,
      units: ['cm'],
    };
    expect(rangeToDisplay(own, 'value', { low: 80.25, high: 94 }, 'cm')).toEqual({ low: 80.25, high: 94 });
    expect(typeUnitText(own, 'cm')).toBe('cm');
  });

  it('says a range in words, either end open', () => {
    expect(rangeText({ low: 90, high: 135 }, 'mmHg')).toBe('90–135 mmHg');
    expect(rangeText({ high: 7.8 }, 'mmol/L')).toBe('up to 7.8 mmol/L');
    expect(rangeText({ low: 2 }, '')).toBe('from 2');
    expect(rangeText({}, 'kg')).toBe('');
    expect(unitText('[degF]')).toBe('°F');
  });

  it('reads a typed number with a point or a comma, and refuses anything else as NaN', () => {
    expect(parseTypedNumber(' 6,2 ')).toBe(6.2);
    expect(parseTypedNumber('120')).toBe(120);
    expect(parseTypedNumber('')).toBeUndefined();
    expect(parseTypedNumber('12a')).toBeNaN();
    expect(parseTypedNumber('1e3')).toBeNaN();
    expect(parseTypedNumber('6.2.1')).toBeNaN();
  });
});

describe('the chart’s value axis', () => {
  it('covers every reading and the target band with whole steps', () => {
    const axis = valueAxis([128, 142, 80, 90, 135]);
    expect(axis.domain[0]).toBeLessThanOrEqual(80);
    expect(axis.domain[1]).toBeGreaterThanOrEqual(142);
    expect(axis.ticks[0]).toBe(axis.domain[0]);
    expect(axis.ticks.at(-1)).toBe(axis.domain[1]);
    expect(axis.ticks).toEqual([80, 100, 120, 140, 160]);
  });

  it('draws a single reading inside the frame, and decimal steps without float noise', () => {
    expect(valueAxis([2.5]).domain[0]).toBeLessThan(2.5);
    expect(valueAxis([2.5]).domain[1]).toBeGreaterThan(2.5);
    expect(valueAxis([0.1, 0.35]).ticks).toEqual([0.1, 0.2, 0.3, 0.4]);
    expect(valueAxis([Number.NaN]).domain).toEqual([0, 1]);
  });
});

describe('an own measurement type, checked before the call (issue 56)', () => {
  const draft = { name: ' Waist ', unit: 'cm', min: '30', max: '250', decimals: '1' };
  it('keeps a valid one, trimmed', () => {
    expect(checkCustomType(draft)).toEqual({
      type: { name: 'Waist', unit: 'cm', min: 30, max: 250, decimals: 1 },
    });
  });
  it('says what is wrong at its field', () => {
    expect(checkCustomType({ ...draft, name: '' })).toEqual({ errors: { name: 'Give it a name.' } });
    expect(checkCustomType({ ...draft, max: '20' })).toEqual({
      errors: { max: 'The highest value must be above the lowest.' },
    });
    expect(checkCustomType({ ...draft, min: 'low' })).toEqual({
      errors: { min: 'Enter the lowest value possible.' },
    });
  });
});
