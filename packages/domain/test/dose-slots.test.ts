import { describe, expect, it } from 'vitest';
import {
  countTaken,
  groupIntoSlots,
  isSlotAvailable,
  normaliseTaken,
  setTakenFlag,
  slotNameForTime,
  slotStatus,
} from '../src/dose-slots';
import type { SlotName, SlotStatus } from '../src/dose-slots';
import { DEFAULT_REMINDER_TIMES } from '../src/constants';

describe('slotNameForTime', () => {
  // Spec section 4: Morning 05-11, Afternoon 12-16, Evening 17-21, otherwise Night (by the hour).
  it.each<[string, SlotName]>([
    ['00:00', 'Night'],
    ['03:30', 'Night'],
    ['04:59', 'Night'],
    ['05:00', 'Morning'],
    ['08:00', 'Morning'],
    ['11:59', 'Morning'],
    ['12:00', 'Afternoon'],
    ['14:00', 'Afternoon'],
    ['16:59', 'Afternoon'],
    ['17:00', 'Evening'],
    ['20:00', 'Evening'],
    ['21:59', 'Evening'],
    ['22:00', 'Night'],
    ['23:59', 'Night'],
  ])('%s is %s', (time, expected) => {
    expect(slotNameForTime(time)).toBe(expected);
  });
});

describe('slotStatus', () => {
  it.each<[string, boolean[], boolean, SlotStatus]>([
    ['no medicines, time not passed', [], false, 'Upcoming'],
    ['no medicines, time passed', [], true, 'Upcoming'],
    ['all taken, time not passed', [true, true], false, 'Completed'],
    ['all taken, time passed', [true, true], true, 'Completed'],
    ['single medicine taken', [true], true, 'Completed'],
    ['some taken, time passed', [true, false], true, 'In Progress'],
    ['some taken, time not passed', [false, true, false], false, 'In Progress'],
    ['none taken, time passed', [false, false], true, 'Missed'],
    ['single medicine not taken, time passed', [false], true, 'Missed'],
    ['none taken, time not passed', [false, false], false, 'Upcoming'],
  ])('%s → %s', (_label, flags, passed, expected) => {
    expect(slotStatus(flags, passed)).toBe(expected);
  });
});

describe('isSlotAvailable', () => {
  it.each<[string, number, boolean]>([
    ['08:00', 8 * 60 - 1, false],
    ['08:00', 8 * 60, true],
    ['08:00', 8 * 60 + 1, true],
    ['08:00', 0, false],
    ['14:30', 14 * 60 + 29, false],
    ['14:30', 14 * 60 + 30, true],
    ['00:00', 0, true],
    ['23:59', 23 * 60 + 58, false],
    ['23:59', 23 * 60 + 59, true],
  ])('slot at %s, now minute %i → %s', (slotTime, now, expected) => {
    expect(isSlotAvailable(slotTime, now)).toBe(expected);
  });
});

describe('normaliseTaken', () => {
  it.each<[string | null | undefined, number, string]>([
    ['', 3, '0-0-0'],
    [null, 3, '0-0-0'],
    [undefined, 3, '0-0-0'],
    ['1', 3, '1-0-0'],
    ['0-1', 3, '0-1-0'],
    ['1-1-1', 3, '1-1-1'],
    ['0-0-0', 3, '0-0-0'],
    ['1-0', 5, '1-0-0-0-0'],
    ['1', 1, '1'],
    ['1-0-1-1', 3, '1-0-1'],
  ])('normaliseTaken(%j, %i) is %j', (taken, slots, expected) => {
    expect(normaliseTaken(taken, slots)).toBe(expected);
  });
});

describe('setTakenFlag', () => {
  it.each<[string | null | undefined, number, number, 0 | 1, string]>([
    ['', 3, 1, 1, '0-1-0'],
    [null, 3, 0, 1, '1-0-0'],
    [undefined, 3, 2, 1, '0-0-1'],
    ['1', 3, 2, 1, '1-0-1'],
    ['1-1-1', 3, 2, 0, '1-1-0'],
    ['1-0-1', 3, 0, 0, '0-0-1'],
    ['0-1-0', 3, 1, 1, '0-1-0'],
    ['0-1-0', 3, 0, 0, '0-1-0'],
    ['1-0', 4, 3, 1, '1-0-0-1'],
  ])('setTakenFlag(%j, %i slots, slot %i, %i) is %j', (taken, slots, slot, value, expected) => {
    expect(setTakenFlag(taken, slots, slot, value)).toBe(expected);
  });

  it('toggles a flag on and back off', () => {
    const on = setTakenFlag('0-0-0', 3, 1, 1);
    expect(on).toBe('0-1-0');
    expect(setTakenFlag(on, 3, 1, 0)).toBe('0-0-0');
  });
});

describe('countTaken', () => {
  it.each<[string | null | undefined, number]>([
    ['1-0-1', 2],
    ['1-1-1', 3],
    ['0-0-0', 0],
    ['1', 1],
    ['0', 0],
    ['0-1-0-1-0-1-0-1', 4],
    ['', 0],
    [null, 0],
    [undefined, 0],
  ])('countTaken(%j) is %i', (taken, expected) => {
    expect(countTaken(taken)).toBe(expected);
  });
});

describe('groupIntoSlots', () => {
  interface Med {
    id: string;
    frequency: string | null;
  }
  const morningEvening: Med = { id: 'morning-evening', frequency: '1-0-1' };
  const afternoon: Med = { id: 'afternoon', frequency: '0-1-0' };
  const thrice: Med = { id: 'thrice', frequency: '1-1-1' };
  const empty: Med = { id: 'empty', frequency: '' };
  const missing: Med = { id: 'missing', frequency: null };
  const fourFlags: Med = { id: 'four-flags', frequency: '1-0-0-1' };
  const none: Med = { id: 'none', frequency: '0-0-0' };
  const medicines = [morningEvening, afternoon, thrice, empty, missing, fourFlags, none];

  const ids = (slot: { medicines: Med[] }): string[] => slot.medicines.map((m) => m.id);

  it('builds one slot per default time with its index, time and name', () => {
    const slots = groupIntoSlots(medicines, DEFAULT_REMINDER_TIMES);
    expect(slots.map(({ index, time, name }) => ({ index, time, name }))).toEqual([
      { index: 0, time: '08:00', name: 'Morning' },
      { index: 1, time: '14:00', name: 'Afternoon' },
      { index: 2, time: '20:00', name: 'Evening' },
    ]);
  });

  it.each<[number, string[]]>([
    [0, ['morning-evening', 'thrice', 'four-flags']],
    [1, ['afternoon', 'thrice']],
    [2, ['morning-evening', 'thrice']],
  ])('slot %i lists only the medicines whose flag is 1, in list order', (index, expected) => {
    const slot = groupIntoSlots(medicines, DEFAULT_REMINDER_TIMES)[index];
    expect(slot && ids(slot)).toEqual(expected);
  });

  it('puts a medicine with an empty or null frequency in no slot', () => {
    const slots = groupIntoSlots([empty, missing, none], DEFAULT_REMINDER_TIMES);
    expect(slots).toHaveLength(3);
    for (const slot of slots) expect(slot.medicines).toEqual([]);
  });

  it('lists a flag beyond the last time in no slot, and uses extra times when the user has them', () => {
    const fourTimes = ['06:00', '12:00', '18:00', '22:30'];
    const slots = groupIntoSlots(medicines, fourTimes);
    expect(slots.map((s) => s.name)).toEqual(['Morning', 'Afternoon', 'Evening', 'Night']);
    expect(slots[3] && ids(slots[3])).toEqual(['four-flags']);
  });

  it('keeps the medicine objects themselves', () => {
    const slots = groupIntoSlots([thrice], DEFAULT_REMINDER_TIMES);
    expect(slots[0]?.medicines[0]).toBe(thrice);
  });

  it('has no slots without default times', () => {
    expect(groupIntoSlots(medicines, [])).toEqual([]);
  });
});
