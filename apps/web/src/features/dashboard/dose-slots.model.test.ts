import type { Medicine } from '@medrem/contract';
import { describe, expect, it } from 'vitest';
import { medicine } from '../../test/factories';
import {
  buildDoseSlots,
  buildIntervalDoses,
  doseLine,
  intervalNote,
  orderDoseCards,
} from './dose-slots.model';

const times = ['08:00', '14:00', '20:00'];
const aspirin = medicine({ id: 'a', name: 'Aspirin', frequency: '1-0-1' });
const ibuprofen = medicine({ id: 'b', name: 'Ibuprofen', frequency: '1-1-0' });

function slotsAt(
  nowMinutes: number,
  taken: Record<string, string> = {},
  medicines = [aspirin, ibuprofen],
  takeEarlyMinutes = 60,
) {
  return buildDoseSlots({
    medicines,
    defaultReminderTimes: times,
    takenById: new Map(Object.entries(taken)),
    today: '2026-11-21',
    nowMinutes,
    takeEarlyMinutes,
    timeZone: 'UTC',
  });
}

/** One every-N-hours medicine's cards on 2026-11-21 in UTC, with today's taken flags. */
function intervalCardsAt(nowMinutes: number, m: Medicine, taken: string) {
  return buildIntervalDoses({
    medicines: [m],
    takenById: new Map([[m.id, taken]]),
    today: '2026-11-21',
    nowMinutes,
    takeEarlyMinutes: 60,
    timeZone: 'UTC',
  });
}

describe('a medicine added today after some of its dose times (decision 187)', () => {
  // Added at 19:30 on its start date, beside one added a day earlier: the morning dose of the new
  // one was never owed.
  const added = medicine({
    id: 'c',
    name: 'Added tonight',
    frequency: '1-0-1',
    startDate: '2026-11-21',
    createdAt: '2026-11-21T19:30:00.000Z',
  });

  it('lists its morning dose, tickable, in a card neither Missed nor Due', () => {
    for (const now of [8 * 60 + 30, 21 * 60 + 30]) {
      const [morning] = slotsAt(now, {}, [added]);
      expect(morning?.doses).toMatchObject([{ medicine: { id: 'c' }, taken: false, beforeAdded: true }]);
      expect(morning?.status).toBe('Not due');
      expect(morning?.available).toBe(true);
    }
    // The evening dose, after it was added, is owed as usual.
    const evening = slotsAt(21 * 60 + 30, {}, [added])[2];
    expect(evening?.doses[0]?.beforeAdded).toBeUndefined();
    expect(evening?.status).toBe('Missed');
  });

  it('counts it once ticked, and judges the card by the doses that were owed', () => {
    expect(slotsAt(21 * 60 + 30, { c: '1-0-0' }, [added])[0]?.status).toBe('Completed');
    // Beside a medicine whose morning dose was owed and missed, the card is Missed for that one.
    expect(slotsAt(21 * 60 + 30, {}, [added, aspirin])[0]?.status).toBe('Missed');
    expect(slotsAt(21 * 60 + 30, { a: '1-0-0' }, [added, aspirin])[0]?.status).toBe('Completed');
  });

  it('keeps every dose owed when the start date is before the day it was added', () => {
    const backdated = { ...added, startDate: '2026-11-20' };
    const [morning] = slotsAt(21 * 60 + 30, {}, [backdated]);
    expect(morning?.doses[0]?.beforeAdded).toBeUndefined();
    expect(morning?.status).toBe('Missed');
  });

  it('gives an every-N-hours dose before it was added a Not due card, tickable', () => {
    const abx = medicine({
      id: 'd',
      name: 'Amoxicillin',
      frequency: '0',
      startDate: '2026-11-21',
      createdAt: '2026-11-21T12:30:00.000Z',
      schedule: { kind: 'interval', everyHours: 6, startTime: '06:00' },
    });
    const cards = intervalCardsAt(19 * 60 + 30, abx, '0-1-0-0');
    // Every 6 hours from 06:00, added at 12:30: the 06:00 and 12:00 doses were never owed.
    expect(cards.map((c) => [c.time, c.status, c.available])).toEqual([
      ['06:00', 'Not due', true],
      ['12:00', 'Completed', true],
      ['18:00', 'Missed', true],
    ]);
  });
});

describe('buildDoseSlots', () => {
  it('lists a medicine with its own times in a card at each of them (decision 212)', () => {
    const thyroid = medicine({ id: 't', name: 'Thyroid', frequency: '1', doseTimes: ['06:30'] });
    const antibiotic = medicine({
      id: 'x',
      name: 'Antibiotic',
      frequency: '1-1',
      doseTimes: ['08:00', '23:00'],
    });
    const cards = orderDoseCards(slotsAt(7 * 60, { x: '0-1' }, [aspirin, thyroid, antibiotic]));
    expect(cards.map((c) => [c.id, c.time, c.doses.map((d) => [d.medicine.name, d.slot, d.taken])])).toEqual([
      ['time-0630', '06:30', [['Thyroid', 0, false]]],
      // Its 08:00 joins the default time's card, ticked at its own slot 0.
      [
        'slot-0',
        '08:00',
        [
          ['Aspirin', 0, false],
          ['Antibiotic', 0, false],
        ],
      ],
      ['slot-1', '14:00', []],
      ['slot-2', '20:00', [['Aspirin', 2, false]]],
      ['time-2300', '23:00', [['Antibiotic', 1, true]]],
    ]);
    // 07:00: the 06:30 dose is Due by its own time, never by the default slot of its index.
    expect(cards[0]).toMatchObject({ status: 'Due', available: true, title: 'Morning · 6:30 AM' });
    expect(cards[4]).toMatchObject({ status: 'Completed', name: 'Night' });
  });

  it('names each slot from its time and lists only the medicines whose flag is 1', () => {
    const slots = slotsAt(9 * 60);
    expect(slots.map((s) => s.name)).toEqual(['Morning', 'Afternoon', 'Evening']);
    expect(slots.map((s) => s.doses.map((d) => d.medicine.name))).toEqual([
      ['Aspirin', 'Ibuprofen'],
      ['Ibuprofen'],
      ['Aspirin'],
    ]);
  });

  it('gives each slot its status: Due after its time, Missed once the missed-dose delay passed', () => {
    // 09:00: the morning dose is an hour late, nothing taken; the afternoon not reached.
    expect(slotsAt(9 * 60).map((s) => s.status)).toEqual(['Missed', 'Upcoming', 'Upcoming']);
    // Decision 190: a minute after its time a dose is Due, not Missed.
    expect(slotsAt(8 * 60 + 1)[0]?.status).toBe('Due');
    expect(slotsAt(8 * 60 + 59)[0]?.status).toBe('Due');
    // One of two morning doses taken: in progress; both: completed.
    expect(slotsAt(9 * 60, { a: '1-0-0' })[0]?.status).toBe('In Progress');
    expect(slotsAt(9 * 60, { a: '1-0-0', b: '1-0-0' })[0]?.status).toBe('Completed');
    // Decision 192: a slot without medicines says so, never "Upcoming" once its time has passed.
    expect(slotsAt(23 * 60, {}, [aspirin])[1]?.status).toBe('No doses');
  });

  it('makes a tick available from the take-early window before the slot time (decision 190)', () => {
    expect(slotsAt(6 * 60 + 59)[0]?.available).toBe(false);
    expect(slotsAt(7 * 60)[0]?.available).toBe(true);
    expect(slotsAt(7 * 60 + 30)[0]?.status).toBe('Upcoming');
    expect(slotsAt(7 * 60 + 59, {}, undefined, 0)[0]?.available).toBe(false);
    expect(slotsAt(8 * 60, {}, undefined, 0)[0]?.available).toBe(true);
  });

  it('pads a short or missing taken string with zeros', () => {
    const [morning] = slotsAt(9 * 60, { a: '1' });
    expect(morning?.doses.find((d) => d.medicine.id === 'a')).toMatchObject({
      taken: true,
      takenToday: '1-0-0',
    });
    expect(morning?.doses.find((d) => d.medicine.id === 'b')?.takenToday).toBe('0-0-0');
  });

  it('leaves out medicines whose course has not started or has ended', () => {
    const future = medicine({ id: 'c', startDate: '2026-11-22' });
    const ended = medicine({ id: 'd', startDate: '2026-10-01', originalDurationDays: 5 });
    expect(slotsAt(9 * 60, {}, [future, ended]).every((s) => s.doses.length === 0)).toBe(true);
  });
});

describe('schedules on the dashboard (decision 120)', () => {
  it('lists a weekday medicine only on its days, so it is never missed on the others', () => {
    // 2026-11-21 is a Saturday.
    const saturdays = medicine({ id: 's', frequency: '1-0-0', schedule: { kind: 'weekdays', days: [6] } });
    const mondays = medicine({ id: 'm', frequency: '1-0-0', schedule: { kind: 'weekdays', days: [1] } });
    const morning = slotsAt(12 * 60, {}, [saturdays, mondays])[0]!;
    expect(morning.doses.map((d) => d.medicine.id)).toEqual(['s']);
    expect(slotsAt(12 * 60, {}, [mondays])[0]!.status).toBe('No doses');
  });

  it('makes a card per every-N-hours dose, its tick at the dose’s index in the day', () => {
    const abx = medicine({
      id: 'x',
      frequency: '0',
      startDate: '2026-11-20',
      schedule: { kind: 'interval', everyHours: 8, startTime: '06:00' },
    });
    const cards = intervalCardsAt(15 * 60, abx, '1-0-0');
    expect(cards.map((c) => [c.index, c.time, c.doses[0]!.taken, c.status])).toEqual([
      [0, '06:00', true, 'Completed'],
      [1, '14:00', false, 'Missed'],
      [2, '22:00', false, 'Upcoming'],
    ]);
    expect(intervalNote(cards[0]!)).toBe('Every 8 hours.');
  });

  it('orders every card by its time and tells apart two cards of one name (decision 192)', () => {
    const abx = medicine({
      id: 'x',
      frequency: '0',
      startDate: '2026-11-21',
      schedule: { kind: 'interval', everyHours: 6, startTime: '19:00' },
    });
    const today = {
      medicines: [aspirin, abx],
      takenById: new Map<string, string>(),
      today: '2026-11-21',
      nowMinutes: 9 * 60,
      takeEarlyMinutes: 60,
      timeZone: 'UTC',
    };
    const cards = orderDoseCards([
      ...buildDoseSlots({ ...today, defaultReminderTimes: times }),
      ...buildIntervalDoses(today),
    ]);
    expect(cards.map((c) => [c.time, c.title])).toEqual([
      ['08:00', 'Morning'],
      ['14:00', 'Afternoon'],
      ['19:00', 'Evening · 7:00 PM'],
      ['20:00', 'Evening · 8:00 PM'],
    ]);
    expect(intervalNote(cards[2] as Parameters<typeof intervalNote>[0])).toBe('Every 6 hours.');
  });
});

describe('a dose’s line', () => {
  it('says 1 pill and 2 pills, never "pill(s)" (decision 192)', () => {
    const [morning] = slotsAt(9 * 60);
    expect(doseLine(morning!.doses[0]!)).toMatch(/· 1 pill$/);
    expect(doseLine({ ...morning!.doses[0]!, medicine: { ...aspirin, pillsPerDose: 2 } })).toMatch(
      /· 2 pills$/,
    );
  });
});

describe('a taper on the dashboard', () => {
  it('shows the dose and pills of today’s step', () => {
    const prednisone = medicine({
      id: 'p',
      frequency: '1-0-0',
      startDate: '2026-11-18',
      schedule: {
        kind: 'taper',
        steps: [
          { days: 3, dose: '40 mg', pillsPerDose: 4 },
          { days: 3, dose: '30 mg', pillsPerDose: 3 },
        ],
      },
    });
    // 2026-11-21 is day 4: the second step.
    expect(slotsAt(9 * 60, {}, [prednisone])[0]!.doses[0]!.step).toEqual({ dose: '30 mg', pillsPerDose: 3 });
  });
});

describe('a dose postponed to later today (decisions 316, 317)', () => {
  const postponedAt = (nowMinutes: number, to: string | null, taken: Record<string, string> = {}) =>
    buildDoseSlots({
      medicines: [aspirin],
      defaultReminderTimes: times,
      takenById: new Map(Object.entries(taken)),
      postponedById: new Map([['a', [to, null, null]]]),
      today: '2026-11-21',
      nowMinutes,
      takeEarlyMinutes: 60,
      timeZone: 'UTC',
    });

  it('is judged at its new time: Upcoming, then Due, Missed only after its new time’s window', () => {
    expect(postponedAt(9 * 60 + 30, null)[0]?.status).toBe('Missed');
    const [morning] = postponedAt(9 * 60 + 30, '10:00');
    expect(morning?.doses[0]).toMatchObject({ plannedTime: '08:00', postponedTo: '10:00' });
    expect(morning?.status).toBe('Upcoming');
    expect(postponedAt(10 * 60 + 5, '10:00')[0]?.status).toBe('Due');
    expect(postponedAt(11 * 60, '10:00')[0]?.status).toBe('Missed');
  });

  it('is settled by a take: no longer shown postponed', () => {
    const [morning] = postponedAt(10 * 60 + 5, '10:00', { a: '1-0-0' });
    expect(morning?.doses[0]?.postponedTo).toBeUndefined();
    expect(morning?.status).toBe('Completed');
  });
});
