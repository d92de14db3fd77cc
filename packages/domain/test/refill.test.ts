import { describe, expect, it } from 'vitest';
import {
  defaultRefillPills,
  durationBand,
  isUrgentRefill,
  needsRefillSoon,
  supplyAfterRefill,
  supplyFigures,
  upcomingRefillCount,
} from '../src/refill';
import type { DurationBand, SupplyFigures } from '../src/refill';

describe('supplyFigures', () => {
  it.each<[string, number, number, number, number, SupplyFigures]>([
    // label, totalPills, dosesTakenSinceRefill, pillsPerDose, dosesPerDay, result
    ['nothing taken yet', 30, 0, 1, 2, { pillsLeft: 30, daysLeft: 15 }],
    ['some doses taken', 30, 4, 1, 2, { pillsLeft: 26, daysLeft: 13 }],
    ['two pills per dose', 30, 4, 2, 2, { pillsLeft: 22, daysLeft: 5 }],
    ['days are floored', 10, 0, 1, 3, { pillsLeft: 10, daysLeft: 3 }],
    ['less than a day left', 2, 0, 1, 3, { pillsLeft: 2, daysLeft: 0 }],
    ['exactly used up', 20, 10, 2, 1, { pillsLeft: 0, daysLeft: 0 }],
    ['pills left never negative', 10, 8, 2, 2, { pillsLeft: 0, daysLeft: 0 }],
    ['no doses a day', 30, 0, 1, 0, { pillsLeft: 30, daysLeft: 0 }],
    ['no pills per dose', 30, 0, 0, 2, { pillsLeft: 30, daysLeft: 0 }],
  ])('%s', (_label, totalPills, dosesTakenSinceRefill, pillsPerDose, dosesPerDay, expected) => {
    expect(supplyFigures({ totalPills, dosesTakenSinceRefill, pillsPerDose, dosesPerDay })).toEqual(expected);
  });
});

describe('isUrgentRefill', () => {
  // Spec: urgent when pillsLeft is 5 or fewer, or daysLeft is 2 or fewer; decision 182: only while
  // running low (7 days or fewer), so five pills that last ten days are not urgent.
  it.each<[number, number, boolean]>([
    [5, 10, false],
    [0, 10, false],
    [5, 7, true],
    [6, 10, false],
    [6, 3, false],
    [6, 2, true],
    [100, 2, true],
    [100, 0, true],
    [100, 3, false],
    [5, 2, true],
  ])('pillsLeft %i, daysLeft %i → urgent %s', (pillsLeft, daysLeft, expected) => {
    expect(isUrgentRefill({ pillsLeft, daysLeft })).toBe(expected);
  });
});

describe('one running-low rule (decision 182)', () => {
  it('never calls urgent what the dashboard calls enough', () => {
    for (let daysLeft = 0; daysLeft <= 40; daysLeft += 1) {
      for (const pillsLeft of [0, 1, 5, 6, 30]) {
        if (isUrgentRefill({ pillsLeft, daysLeft })) expect(durationBand(daysLeft)).not.toBe('green');
      }
      expect(durationBand(daysLeft) !== 'green').toBe(needsRefillSoon({ daysLeft }));
    }
  });

  it('adds the pills of a refill to what is left, a pack by default', () => {
    expect(supplyAfterRefill(18, 20)).toBe(38);
    expect(defaultRefillPills(undefined, 20)).toBe(20);
    expect(defaultRefillPills(28, 20)).toBe(28);
  });
});

describe('needsRefillSoon', () => {
  it.each<[number, boolean]>([
    [0, true],
    [3, true],
    [7, true],
    [8, false],
    [30, false],
  ])('daysLeft %i → %s', (daysLeft, expected) => {
    expect(needsRefillSoon({ daysLeft })).toBe(expected);
  });
});

describe('upcomingRefillCount', () => {
  it.each<[number[], number]>([
    [[], 0],
    [[8, 30], 0],
    [[7], 1],
    [[0, 7, 8, 2, 100], 3],
    [[1, 2, 3], 3],
  ])('daysLeft %j → %i upcoming', (days, expected) => {
    expect(upcomingRefillCount(days.map((daysLeft) => ({ daysLeft })))).toBe(expected);
  });
});

describe('durationBand', () => {
  // Spec: 3 or fewer red, 4 to 7 yellow, more than 7 green.
  it.each<[number, DurationBand]>([
    [0, 'red'],
    [1, 'red'],
    [3, 'red'],
    [4, 'yellow'],
    [5, 'yellow'],
    [7, 'yellow'],
    [8, 'green'],
    [30, 'green'],
  ])('%i days left → %s', (daysLeft, expected) => {
    expect(durationBand(daysLeft)).toBe(expected);
  });
});
