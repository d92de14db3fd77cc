import { describe, expect, it } from 'vitest';
import {
  type DoseSchedule,
  doseCells,
  doseTimesOn,
  dosesOn,
  dosesDueSoFarToday,
  hasOwnTimes,
  monthAggregates,
  nextDoseAfter,
  ownTimesFrequency,
  ownTimesFrequencyIssue,
  ownTimesIssue,
  slotTimesOf,
  timedOnItsOwn,
  wallClockInstant,
} from '../src';

const defaults = ['08:00', '14:00', '20:00'];
const berlin = { timeZone: 'Europe/Berlin', defaultReminderTimes: defaults };
const medicine = (
  extra: Partial<{
    frequency: string;
    doseTimes: string[] | null;
    schedule: DoseSchedule | null;
    createdAt: string;
  }> = {},
) => ({
  frequency: '1-0-1',
  startDate: '2026-12-01',
  originalDurationDays: 30,
  pillsPerDose: 1,
  schedule: null,
  ...extra,
});
const thyroid = medicine({ frequency: '1', doseTimes: ['06:30'] });
const antibiotic = medicine({ frequency: '1-1-1', doseTimes: ['07:00', '15:00', '23:00'] });

describe('own times of a medicine (decision 212)', () => {
  it('refuses a list that is empty, malformed, unsorted, repeated or longer than 8', () => {
    expect(ownTimesIssue(['06:30', '19:00'])).toBeNull();
    expect(ownTimesIssue([])).toMatch(/at least one time/);
    expect(ownTimesIssue(['6:30'])).toMatch(/"6:30" is not a time/);
    expect(ownTimesIssue(['24:00'])).toMatch(/not a time/);
    expect(ownTimesIssue(['19:00', '06:30'])).toMatch(/order of the day/);
    expect(ownTimesIssue(['07:00', '07:00'])).toMatch(/7:00 AM is listed twice/);
    const nine = Array.from({ length: 9 }, (_, i) => `0${i}:00`);
    expect(ownTimesIssue(nine)).toMatch(/at most 8/);
  });

  it('asks for one dose flag per own time', () => {
    expect(ownTimesFrequency(['07:00', '15:00', '23:00'])).toBe('1-1-1');
    expect(ownTimesFrequencyIssue('1-1-1', ['07:00', '15:00', '23:00'])).toBeNull();
    expect(ownTimesFrequencyIssue('1-0-1', ['07:00', '15:00', '23:00'])).toMatch(/"1-1-1"/);
    expect(ownTimesFrequencyIssue('1-1', ['07:00', '15:00', '23:00'])).toMatch(/"1-1-1"/);
  });

  it('puts the slots at the own times; without them at the default times', () => {
    expect(hasOwnTimes(thyroid)).toBe(true);
    expect(hasOwnTimes(medicine({ doseTimes: null }))).toBe(false);
    expect(slotTimesOf(thyroid, defaults)).toEqual(['06:30']);
    expect(slotTimesOf(medicine(), defaults)).toBe(defaults);
    expect(timedOnItsOwn(thyroid)).toBe(true);
    expect(timedOnItsOwn(medicine())).toBe(false);
  });

  it('gives the doses of a date at the own times, with their instants in the zone', () => {
    expect(doseTimesOn(antibiotic, '2026-12-06', berlin)).toEqual(['07:00', '15:00', '23:00']);
    expect(doseTimesOn(medicine(), '2026-12-06', berlin)).toEqual(['08:00', '20:00']);
    const [dose] = dosesOn(thyroid, '2026-12-06', berlin);
    expect(dose).toMatchObject({ slot: 0, time: '06:30' });
    expect(dose!.at).toBe(Date.parse('2026-12-06T05:30:00Z'));
    // A weekday medicine with its own time: only on its days (2026-12-06 is a Sunday).
    const sundays = medicine({
      frequency: '1',
      doseTimes: ['06:30'],
      schedule: { kind: 'weekdays', days: [0] },
    });
    expect(doseTimesOn(sundays, '2026-12-06', berlin)).toEqual(['06:30']);
    expect(doseTimesOn(sundays, '2026-12-07', berlin)).toEqual([]);
  });

  it('finds the next dose after an instant, across days, skipping one before it was added', () => {
    const after = Date.parse('2026-12-06T14:30:00Z'); // 15:30 in Berlin
    expect(nextDoseAfter(antibiotic, after, berlin)).toMatchObject({
      date: '2026-12-06',
      slot: 2,
      time: '23:00',
      at: wallClockInstant('2026-12-06', '23:00', 'Europe/Berlin'),
    });
    const late = Date.parse('2026-12-06T22:00:00Z'); // 23:00 Berlin: strictly after it
    expect(nextDoseAfter(antibiotic, late, berlin)).toMatchObject({ date: '2026-12-07', time: '07:00' });
    // Added at 10:00 on its start date: that day's 07:00 dose is not the next one, 15:00 is.
    const added = medicine({
      frequency: '1-1-1',
      doseTimes: ['07:00', '15:00', '23:00'],
      createdAt: '2026-12-01T09:00:00Z',
    });
    const start = Date.parse('2026-12-01T00:00:00Z');
    expect(nextDoseAfter(added, start, berlin)).toMatchObject({ date: '2026-12-01', time: '15:00' });
    // After the course's last dose: none.
    expect(nextDoseAfter(thyroid, Date.parse('2026-12-30T06:00:00Z'), berlin)).toBeNull();
  });

  it('judges a dose missed by its own time, not by the default slot of its index', () => {
    // 07:40 in UTC: the thyroid pill (06:30) is past its missed-dose delay; slot 0's default
    // time (08:00) is not even reached.
    const window = {
      from: '2026-12-06',
      to: '2026-12-06',
      today: '2026-12-06',
      nowMinutes: 7 * 60 + 40,
      defaultReminderTimes: defaults,
      timeZone: 'UTC',
    };
    expect(doseCells(thyroid, [], window)).toEqual([{ date: '2026-12-06', slot: 0, due: true, taken: 0 }]);
    expect(doseCells(medicine({ frequency: '1' }), [], window)).toEqual([]);
    expect(dosesDueSoFarToday(thyroid, '2026-12-06', 7 * 60, defaults)).toBe(1);
    expect(dosesDueSoFarToday(medicine({ frequency: '1' }), '2026-12-06', 7 * 60, defaults)).toBe(0);
  });

  it('counts an own time in the report bar of that time, not in the default slot of its index', () => {
    const items = [
      { medicineId: 'a', name: 'Thyroid', medicine: thyroid, history: [{ date: '2026-12-02', taken: '1' }] },
      {
        medicineId: 'b',
        name: 'Daily',
        medicine: medicine({ frequency: '1', doseTimes: ['08:00'] }),
        history: [],
      },
    ];
    const month = monthAggregates(items, {
      month: '2026-12',
      today: '2026-12-03',
      nowMinutes: 23 * 60,
      defaultReminderTimes: defaults,
      timeZone: 'UTC',
    });
    expect(month.slots.map((s) => [s.slot, s.time, s.due, s.taken])).toEqual([
      [0, '08:00', 3, 0],
      [1, '14:00', 0, 0],
      [2, '20:00', 0, 0],
      [3, '06:30', 3, 1],
    ]);
  });
});
