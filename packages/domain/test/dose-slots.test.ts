import { describe, expect, it } from 'vitest';
import {
  cardStatus,
  countTaken,
  countText,
  dosePhase,
  dosePhaseAt,
  durationText,
  groupIntoSlots,
  isTakeable,
  tooEarlyMessage,
  isSlotAvailable,
  normaliseTaken,
  setTakenFlag,
  slotNameForTime,
  slotStatus,
} from '../src/dose-slots';
import type { DosePhase, SlotName, SlotStatus } from '../src/dose-slots';
import {
  DEFAULT_REMINDER_TIMES,
  DEFAULT_TAKE_EARLY_MINUTES,
  MISSED_DOSE_ALERT_DELAY_MINUTES,
} from '../src/constants';
import { scheduleText } from '../src/schedule-text';

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
  it.each<[string, boolean[], DosePhase, SlotStatus]>([
    ['no medicines, time not passed', [], 'upcoming', 'No doses'],
    ['no medicines, time long passed (decision 192: not "Upcoming")', [], 'missed', 'No doses'],
    ['all taken, time not passed', [true, true], 'early', 'Completed'],
    ['all taken, time passed', [true, true], 'missed', 'Completed'],
    ['single medicine taken', [true], 'due', 'Completed'],
    ['some taken, time passed', [true, false], 'missed', 'In Progress'],
    ['some taken, time not passed', [false, true, false], 'upcoming', 'In Progress'],
    ['none taken, the alert delay passed', [false, false], 'missed', 'Missed'],
    ['none taken, time reached (decision 190: Due, not yet Missed)', [false], 'due', 'Due'],
    ['none taken, in the take-early window', [false, false], 'early', 'Upcoming'],
    ['none taken, time not reached', [false, false], 'upcoming', 'Upcoming'],
  ])('%s → %s', (_label, flags, phase, expected) => {
    expect(slotStatus(flags, phase)).toBe(expected);
  });
});

describe('cardStatus (decision 187: a dose before the medicine was added)', () => {
  const owed = (taken: boolean) => ({ taken });
  const before = (taken: boolean) => ({ taken, beforeAdded: true });
  it.each<[string, { taken: boolean; beforeAdded?: boolean }[], DosePhase, SlotStatus]>([
    [
      'only doses before it was added, none ticked: neither Missed nor Due',
      [before(false)],
      'missed',
      'Not due',
    ],
    ['the same while Due', [before(false), before(false)], 'due', 'Not due'],
    ['one before it was added, ticked', [before(true)], 'missed', 'Completed'],
    ['two before it was added, one ticked', [before(true), before(false)], 'missed', 'Completed'],
    ['an owed dose missed beside one before it was added', [owed(false), before(false)], 'missed', 'Missed'],
    ['an owed dose due beside one before it was added', [before(false), owed(false)], 'due', 'Due'],
    ['an owed dose taken beside one before it was added', [owed(true), before(false)], 'missed', 'Completed'],
    [
      'an owed dose missed, one before it was added ticked',
      [owed(false), before(true)],
      'missed',
      'In Progress',
    ],
    ['no doses at all', [], 'missed', 'No doses'],
  ])('%s → %s', (_label, doses, phase, expected) => {
    expect(cardStatus(doses, phase)).toBe(expected);
  });
});

describe('dosePhase (decision 190)', () => {
  const early = DEFAULT_TAKE_EARLY_MINUTES;
  it.each<[string, number, number, DosePhase]>([
    ['20:00', 18 * 60 + 59, early, 'upcoming'],
    ['20:00', 19 * 60, early, 'early'],
    ['20:00', 19 * 60 + 30, early, 'early'],
    ['20:00', 19 * 60 + 59, early, 'early'],
    ['20:00', 20 * 60, early, 'due'],
    ['20:00', 20 * 60 + 1, early, 'due'],
    ['20:00', 20 * 60 + MISSED_DOSE_ALERT_DELAY_MINUTES - 1, early, 'due'],
    ['20:00', 20 * 60 + MISSED_DOSE_ALERT_DELAY_MINUTES, early, 'missed'],
    ['20:00', 19 * 60 + 59, 0, 'upcoming'],
    ['20:00', 19 * 60 + 45, 15, 'early'],
    ['20:00', 19 * 60 + 44, 15, 'upcoming'],
  ])('dose at %s, now minute %i, window %i → %s', (time, now, window, expected) => {
    expect(dosePhase(time, now, window)).toBe(expected);
    expect(isTakeable(dosePhase(time, now, window))).toBe(expected !== 'upcoming');
  });

  it('reads instants the same way (an every-N-hours dose across midnight)', () => {
    const at = Date.parse('2026-03-02T00:30:00Z');
    expect(dosePhaseAt(at, at - 61 * 60_000, 60)).toBe('upcoming');
    expect(dosePhaseAt(at, at - 60 * 60_000, 60)).toBe('early');
  });

  it('says when an early press becomes allowed', () => {
    expect(tooEarlyMessage('20:00', 60)).toBe(
      'This dose is scheduled for 8:00 PM: it can be marked taken up to 1 hour before its time (from 7:00 PM).',
    );
    expect(tooEarlyMessage('08:00', 0)).toBe(
      'This dose is scheduled for 8:00 AM: it can be marked taken at its time.',
    );
  });
});

describe('countText and durationText (decision 192)', () => {
  it.each<[number, string]>([
    [1, '1 pill'],
    [2, '2 pills'],
    [0.5, '0.5 pills'],
  ])('%d → %s', (n, text) => expect(countText(n, 'pill')).toBe(text));
  it.each<[number, string]>([
    [360, '6 hours'],
    [60, '1 hour'],
    [90, '1 hour 30 minutes'],
    [45, '45 minutes'],
  ])('%d minutes → %s', (n, text) => expect(durationText(n)).toBe(text));
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

describe('scheduleText in 12-hour time (decision 192)', () => {
  it('says an every-N-hours plan like every other time on a screen', () => {
    expect(scheduleText({ kind: 'interval', everyHours: 6, startTime: '19:00' })).toBe(
      'Every 6 hours from 7:00 PM',
    );
  });
});
