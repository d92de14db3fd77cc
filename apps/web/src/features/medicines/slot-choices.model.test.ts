import { describe, expect, it } from 'vitest';
import { choicesOfFrequency, frequencyOfChoices } from './slot-choices.model';

describe('dose slots as choices (decision 195)', () => {
  it('writes the spec’s pattern, three flags at least', () => {
    expect(frequencyOfChoices([true, false, true, false])).toBe('1-0-1');
    expect(frequencyOfChoices([true])).toBe('1-0-0');
    expect(frequencyOfChoices([false, false, false, true])).toBe('0-0-0-1');
    expect(frequencyOfChoices([false, false, false, false])).toBe('0-0-0');
  });

  it('reads a pattern back as one choice per slot shown, more when it has more flags', () => {
    expect(choicesOfFrequency('1-0-1', 4)).toEqual([true, false, true, false]);
    expect(choicesOfFrequency('', 3)).toEqual([false, false, false]);
    expect(choicesOfFrequency('0-0-0-0-1', 4)).toEqual([false, false, false, false, true]);
  });
});
