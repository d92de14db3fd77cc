import { describe, expect, it } from 'vitest';
import { medicineContract, medicineSchema } from '../src/medicine.contract';
import { accepted, refusals, text } from './support/parse';
import {
  EMAIL,
  MEDICINE_ID,
  serverMedicine,
  specCreateMedicineBody,
  specUpdateMedicineBody,
} from './support/payloads';

const { list, get, create, update, getTaken, setTaken, history, refill, refillReminders } = medicineContract;

/** One malformed field of a medicine body, and what the 400 answer says about it. */
const badFields: [string, Record<string, unknown>, string][] = [
  ['no name', { name: undefined }, 'name: Name is required.'],
  ['a blank name', { name: '  ' }, 'name: Name is required.'],
  ['a 121-character name', { name: text(121) }, 'name: Name is too long (at most 120 characters).'],
  ['a 61-character dosage', { dosage: text(61) }, 'dosage: Dosage is too long (at most 60 characters).'],
  [
    'no frequency, with the spec’s warning',
    { frequency: undefined },
    'frequency: Please fill in the frequency pattern field.',
  ],
  [
    'a frequency of no dose for a daily schedule',
    { frequency: '0-0-0', schedule: null },
    'frequency: Frequency must include at least one dose (a 1).',
  ],
  [
    'a frequency of no dose for a weekday schedule',
    { frequency: '0', schedule: { kind: 'weekdays', days: [1] } },
    'frequency: Frequency must include at least one dose (a 1).',
  ],
  [
    'own times out of order (decision 212)',
    { frequency: '1-1', doseTimes: ['20:00', '08:00'] },
    'doseTimes: List the times in the order of the day, earliest first.',
  ],
  [
    'an own time twice',
    { frequency: '1-1', doseTimes: ['08:00', '08:00'] },
    'doseTimes: 8:00 AM is listed twice: each time once.',
  ],
  [
    'an own time in another form',
    { frequency: '1', doseTimes: ['8am'] },
    'doseTimes: "8am" is not a time: use 24-hour HH:MM, e.g. 07:00.',
  ],
  [
    'own times with a frequency of another length',
    { frequency: '1-0-1', doseTimes: ['08:00', '20:00'] },
    'frequency: With its own times, a medicine takes one dose at each: frequency must be "1-1".',
  ],
  [
    'a follow-up interval under 5 minutes (decision 254)',
    { followUps: { everyMinutes: 4, times: 2 } },
    'followUps.everyMinutes: Follow-up interval must be at least 5.',
  ],
  [
    'seven follow-ups',
    { followUps: { everyMinutes: 10, times: 7 } },
    'followUps.times: Number of follow-ups must be at most 6.',
  ],
  [
    'follow-ups as a word',
    { followUps: 'custom' },
    'followUps: followUps must be null (use my default) or { everyMinutes, times }.',
  ],
  [
    'a start date in another form',
    { startDate: '11/21/2026' },
    'startDate: Dates must be in YYYY-MM-DD form.',
  ],
  ['a start date that does not exist', { startDate: '2026-02-30' }, 'startDate: Not a real calendar date.'],
  [
    'a duration sent as text (numbers not converted)',
    { durationDays: '10' },
    'durationDays: Duration must be a whole number.',
  ],
  ['a supply of 0 days', { durationDays: 0 }, 'durationDays: Duration must be at least 1.'],
  [
    'a course of 0 days',
    { originalDurationDays: 0 },
    'originalDurationDays: Total duration must be at least 1.',
  ],
  [
    'a course of more than ten years',
    { originalDurationDays: 3651 },
    'originalDurationDays: Total duration must be at most 3650.',
  ],
  ['half a pill in the supply', { totalPills: 20.5 }, 'totalPills: Total pills must be a whole number.'],
  ['no pills', { totalPills: 0 }, 'totalPills: Total pills must be at least 1.'],
  ['0 pills per dose', { pillsPerDose: 0 }, 'pillsPerDose: Pills per dose must be at least 1.'],
  ['101 pills per dose', { pillsPerDose: 101 }, 'pillsPerDose: Pills per dose must be at most 100.'],
];

describe('medicine.create (POST /api/medicine)', () => {
  it('accepts the spec’s body: every field the add form sends, numbers converted', () => {
    expect(accepted(create.input, specCreateMedicineBody)).toEqual(specCreateMedicineBody);
  });

  it('treats dosage and instructions as optional, stored empty', () => {
    const { dosage: _d, instructions: _i, ...rest } = specCreateMedicineBody;
    expect(accepted(create.input, rest)).toMatchObject({ dosage: '', instructions: '' });
  });

  it('takes the derived fields without requiring them (the server derives its own)', () => {
    const { scheduledTimes: _s, originalTotalPills: _o, dosesPerDay: _p, ...rest } = specCreateMedicineBody;
    expect(accepted(create.input, rest)).not.toHaveProperty('scheduledTimes');
  });

  it.each([
    ...badFields,
    [
      'instructions over 1000 characters',
      { instructions: text(1001) },
      'instructions: Instructions are too long (at most 1000 characters).',
    ],
    [
      'a scheduled time that is not HH:MM',
      { scheduledTimes: ['8:00'] },
      'scheduledTimes.0: Times must be in 24-hour HH:MM form.',
    ],
    ['no owner', { userEmail: undefined }, 'userEmail: Please enter a valid email address.'],
  ])('refuses %s', (_label, change, message) => {
    expect(refusals(create.input, { ...specCreateMedicineBody, ...change })[0]).toBe(message);
  });

  it('answers the stored medicine with its supply figures', () => {
    expect(accepted(create.output, serverMedicine)).toEqual(serverMedicine);
  });
});

describe('medicine.update (PUT /api/medicine/{id})', () => {
  it('accepts the spec’s body (no instructions) with the id of the path', () => {
    expect(accepted(update.input, specUpdateMedicineBody)).toEqual(specUpdateMedicineBody);
  });

  it('leaves out what was not sent, so the stored dosage and instructions are kept', () => {
    const { dosage: _d, ...rest } = specUpdateMedicineBody;
    const parsed = accepted(update.input, rest);
    expect(parsed.dosage).toBeUndefined();
    expect(parsed.instructions).toBeUndefined();
  });

  it.each([...badFields, ['an id that is not a UUID', { id: '42' }, 'id: Not a valid id.']])(
    'refuses %s',
    (_label, change, message) => {
      expect(refusals(update.input, { ...specUpdateMedicineBody, ...change })[0]).toBe(message);
    },
  );
});

describe('what a medicine reads back is accepted back (decision 184)', () => {
  it.each([
    ['every N hours', { kind: 'interval', everyHours: 8, startTime: '08:00' }],
    ['as needed', { kind: 'asNeeded', maxPer24h: null, minIntervalMinutes: null }],
  ])('takes the frequency "0" of a medicine taken %s', (_label, schedule) => {
    expect(accepted(create.input, { ...specCreateMedicineBody, frequency: '0', schedule })).toMatchObject({
      frequency: '0',
    });
    expect(accepted(update.input, { ...specUpdateMedicineBody, frequency: '0', schedule })).toMatchObject({
      frequency: '0',
    });
  });

  it('leaves an update without a schedule to the server, which knows the stored one', () => {
    expect(accepted(update.input, { ...specUpdateMedicineBody, frequency: '0-0-0' })).toMatchObject({
      frequency: '0-0-0',
    });
  });

  it('refuses a taper longer than a course may be, which could not be saved back', () => {
    const steps = [
      { days: 3650, dose: '20 mg', pillsPerDose: 1 },
      { days: 1, dose: '10 mg', pillsPerDose: 1 },
    ];
    expect(refusals(create.input, { ...specCreateMedicineBody, schedule: { kind: 'taper', steps } })).toEqual(
      ['schedule.steps: A tapering plan lasts at most 3650 days in all.'],
    );
  });
});

describe('medicine.list, get and delete', () => {
  it('take the email or id of the path', () => {
    expect(accepted(list.input, { userEmail: EMAIL })).toEqual({ userEmail: EMAIL });
    expect(accepted(get.input, { id: MEDICINE_ID })).toEqual({ id: MEDICINE_ID });
    expect(refusals(get.input, { id: 'aspirin' })).toEqual(['id: Not a valid id.']);
    expect(refusals(medicineContract.delete.input, {})).toEqual(['id: Not a valid id.']);
  });

  it('answer findMedicine, the medicine, and the deleted id', () => {
    expect(accepted(list.output, { findMedicine: [serverMedicine] })).toEqual({
      findMedicine: [serverMedicine],
    });
    expect(
      accepted(get.output, { ...serverMedicine, lastRefillAt: '2026-11-22T08:00:00.000Z' }),
    ).toBeTruthy();
    const deleted = { success: true, message: 'Deleted', id: MEDICINE_ID };
    expect(accepted(medicineContract.delete.output, deleted)).toEqual(deleted);
  });

  it('refuse an answer that lacks a field the screens read', () => {
    const { pillsLeft: _p, ...withoutSupply } = serverMedicine;
    expect(refusals(medicineSchema, withoutSupply)[0]).toMatch(/^pillsLeft: /);
    expect(refusals(medicineSchema, { ...serverMedicine, durationDays: 1.5 })[0]).toMatch(/^durationDays: /);
  });
});

describe('medicine.getTaken and setTaken (/api/medicine/{id}/taken)', () => {
  it('accept the spec’s query (?date=yyyy-MM-dd) and body (date, taken)', () => {
    expect(accepted(getTaken.input, { id: MEDICINE_ID, date: '2026-11-21' })).toBeTruthy();
    const body = { id: MEDICINE_ID, date: '2026-11-21', taken: '1-0-1' };
    expect(accepted(setTaken.input, body)).toEqual(body);
  });

  it.each([
    ['no date', { date: undefined }, 'date: A date is required.'],
    ['a date not in yyyy-MM-dd form', { date: '2026-11-1' }, 'date: Dates must be in YYYY-MM-DD form.'],
    [
      'a flag other than 0 or 1',
      { taken: '1-0-2' },
      'taken: Taken must be 0/1 flags joined by dashes, e.g. 1-0-0.',
    ],
  ])('setTaken refuses %s', (_label, change, message) => {
    const body = { id: MEDICINE_ID, date: '2026-11-21', taken: '1-0-1', ...change };
    expect(refusals(setTaken.input, body)[0]).toBe(message);
  });

  it('setTaken refuses taken flags sent as a list, naming the field', () => {
    expect(refusals(setTaken.input, { id: MEDICINE_ID, date: '2026-11-21', taken: [1, 0, 1] })[0]).toMatch(
      /^taken: /,
    );
  });

  it('answer takenDay, null for a day with nothing recorded', () => {
    expect(accepted(getTaken.output, { takenDay: null })).toEqual({ takenDay: null });
    const day = { takenDay: { date: '2026-11-21', taken: '1-0-1' } };
    expect(accepted(setTaken.output, day)).toEqual(day);
    expect(refusals(setTaken.output, { takenDay: null })).toHaveLength(1);
  });
});

describe('medicine.history (GET /api/medicine/{id}/history)', () => {
  it('accepts from and to, the first and last day of a month', () => {
    const query = { id: MEDICINE_ID, from: '2026-11-01', to: '2026-11-30' };
    expect(accepted(history.input, query)).toEqual(query);
  });

  it('refuses a range with a missing or malformed end', () => {
    expect(refusals(history.input, { id: MEDICINE_ID, from: '2026-11-01' })).toEqual([
      'to: A date is required.',
    ]);
    expect(refusals(history.input, { id: MEDICINE_ID, from: '2026-11', to: '2026-11-30' })[0]).toBe(
      'from: Dates must be in YYYY-MM-DD form.',
    );
  });

  it('answers takenHistory', () => {
    const answer = { takenHistory: [{ date: '2026-11-01', taken: '1-0-1' }] };
    expect(accepted(history.output, answer)).toEqual(answer);
  });
});

describe('medicine.refill (PATCH /api/medicine/{id}/refill) and refillReminders', () => {
  it('refill: no body needed (the spec shows none), or a pill count of at least 1', () => {
    expect(accepted(refill.input, { id: MEDICINE_ID })).toEqual({ id: MEDICINE_ID });
    expect(accepted(refill.input, { id: MEDICINE_ID, pills: 30 })).toMatchObject({ pills: 30 });
    expect(refusals(refill.input, { id: MEDICINE_ID, pills: 0 })).toEqual([
      'pills: Pills must be at least 1.',
    ]);
    expect(accepted(refill.output, serverMedicine)).toBeTruthy();
  });

  it('refillReminders: takes ?userEmail= and answers id, name, pillsLeft, daysLeft, packPills', () => {
    expect(accepted(refillReminders.input, { userEmail: EMAIL })).toEqual({ userEmail: EMAIL });
    expect(refusals(refillReminders.input, {})).toEqual(['userEmail: Please enter a valid email address.']);
    // packPills: what a refill adds by default (decision 182).
    const items = [{ id: MEDICINE_ID, name: 'Metformin', pillsLeft: 3, daysLeft: 1, packPills: 20 }];
    expect(accepted(refillReminders.output, items)).toEqual(items);
    expect(refusals(refillReminders.output, [{ id: MEDICINE_ID, name: 'Metformin' }])).toHaveLength(3);
  });
});
