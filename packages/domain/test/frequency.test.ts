import { describe, expect, it } from 'vitest';
import {
  FREQUENCY_PATTERN,
  dosesInFrequency,
  frequencyLabel,
  frequencyLabelCode,
  isValidFrequency,
  parseFrequency,
} from '../src/frequency';

describe('parseFrequency', () => {
  it.each<[string | null | undefined, number[]]>([
    ['1-0-1', [1, 0, 1]],
    ['0-0-0', [0, 0, 0]],
    ['1', [1]],
    ['0-1-1-0-1', [0, 1, 1, 0, 1]],
    ['', []],
    [null, []],
    [undefined, []],
  ])('parseFrequency(%j) is %j', (frequency, expected) => {
    expect(parseFrequency(frequency)).toEqual(expected);
  });
});

describe('isValidFrequency', () => {
  it.each<[string, boolean]>([
    ['1', true],
    ['0', false],
    ['1-0-1', true],
    ['0-0-1', true],
    ['0-0-0', false],
    ['1-0-1-0-1-0-1-0', true],
    ['0-0-0-0-0-0-0-1', true],
    ['0-0-0-0-0-0-0-0', false],
    ['1-0-1-0-1-0-1-0-1', false],
    ['1-1-1-1-1-1-1-1-1', false],
    ['1--0', false],
    ['2-0', false],
    [' 1-0', false],
    ['1-0 ', false],
    ['1-0-', false],
    ['-1-0', false],
    ['1,0,1', false],
    ['101', false],
    ['', false],
  ])('isValidFrequency(%j) is %s', (frequency, expected) => {
    expect(isValidFrequency(frequency)).toBe(expected);
  });

  it('FREQUENCY_PATTERN is ^[01](-[01])*$ (shape only, not the count rules)', () => {
    expect(FREQUENCY_PATTERN.test('0-0-0')).toBe(true);
    expect(FREQUENCY_PATTERN.test('1-0-1-0-1-0-1-0-1')).toBe(true);
    expect(FREQUENCY_PATTERN.test('1--0')).toBe(false);
    expect(FREQUENCY_PATTERN.test('x1-0')).toBe(false);
    expect(FREQUENCY_PATTERN.test('1-0x')).toBe(false);
  });
});

describe('frequencyLabel', () => {
  // Spec section 4, "Frequency labels".
  it.each<[string | null | undefined, string | null]>([
    ['1-1-1', 'Three times daily'],
    ['1-0-1', 'Twice daily'],
    ['0-1-1', 'Twice daily'],
    ['1-1-0', 'Twice daily'],
    ['1-0-0', 'Once daily'],
    ['0-0-1', 'Once daily'],
    ['0-1-0', 'Once daily'],
    ['0-0-0', null],
    ['1-1', null],
    ['1', null],
    ['1-1-1-1', null],
    ['1-0-1-0', null],
    ['1-0-0-0', null],
    [' 1-1-1', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['constructor', null],
    ['toString', null],
  ])('frequencyLabel(%j) is %j', (frequency, expected) => {
    expect(frequencyLabel(frequency)).toBe(expected);
  });
});

describe('dosesInFrequency', () => {
  it.each<[string | null | undefined, number]>([
    ['1-1-1', 3],
    ['1-0-1', 2],
    ['0-1-0', 1],
    ['0-0-0', 0],
    ['1-0-1-0-1-0-1-0', 4],
    ['1-1-1-1-1-1-1-1', 8],
    ['1', 1],
    ['', 0],
    [null, 0],
    [undefined, 0],
  ])('dosesInFrequency(%j) is %i', (frequency, expected) => {
    expect(dosesInFrequency(frequency)).toBe(expected);
  });
});

describe('frequencyLabelCode', () => {
  it('names the label by a code the web translates (issue 54), null where the spec has none', () => {
    expect(['1-1-1', '0-1-1', '0-0-1', '1-1', 'constructor'].map(frequencyLabelCode)).toEqual([
      'threeTimesDaily',
      'twiceDaily',
      'onceDaily',
      null,
      null,
    ]);
  });
});
