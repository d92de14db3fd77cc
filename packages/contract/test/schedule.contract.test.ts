import { describe, expect, it } from 'vitest';
import { medicineContract } from '../src/medicine.contract';
import { doseScheduleSchema } from '../src/schedule.contract';
import { accepted, refusals } from './support/parse';
import { specCreateMedicineBody } from './support/payloads';

describe('DoseSchedule (decision 120)', () => {
  it.each([
    { kind: 'daily' },
    { kind: 'interval', everyHours: 8, startTime: '06:00' },
    { kind: 'interval', everyHours: 2, startTime: '06:00' },
    { kind: 'interval', everyHours: 1.5, startTime: '06:00' },
    { kind: 'interval', everyHours: 1, startTime: '06:00' },
    { kind: 'weekdays', days: [0, 6] },
    { kind: 'cycle', daysOn: 21, daysOff: 7 },
    { kind: 'taper', steps: [{ days: 5, dose: '40 mg', pillsPerDose: 4 }] },
    { kind: 'asNeeded', maxPer24h: 4, minIntervalMinutes: 240 },
    { kind: 'asNeeded', maxPer24h: null, minIntervalMinutes: null },
  ])('accepts $kind', (schedule) => {
    expect(accepted(doseScheduleSchema, schedule)).toEqual(schedule);
  });

  it.each([
    ['an unknown kind', { kind: 'sometimes' }],
    [
      'every half hour (at least 1 hour, decision 196)',
      { kind: 'interval', everyHours: 0.5, startTime: '06:00' },
    ],
    ['every 1.1 hours (quarter hours only)', { kind: 'interval', everyHours: 1.1, startTime: '06:00' }],
    ['every 49 hours', { kind: 'interval', everyHours: 49, startTime: '06:00' }],
    ['a start time of 24:00', { kind: 'interval', everyHours: 8, startTime: '24:00' }],
    ['no weekday', { kind: 'weekdays', days: [] }],
    ['weekday 7', { kind: 'weekdays', days: [7] }],
    ['no day off', { kind: 'cycle', daysOn: 21, daysOff: 0 }],
    ['a taper without steps', { kind: 'taper', steps: [] }],
    ['a step without its dose', { kind: 'taper', steps: [{ days: 5, dose: ' ', pillsPerDose: 1 }] }],
    ['a maximum of 0', { kind: 'asNeeded', maxPer24h: 0, minIntervalMinutes: null }],
    ['limits left out (null is "no limit", absent is a mistake)', { kind: 'asNeeded' }],
  ])('refuses %s', (_label, schedule) => {
    expect(refusals(doseScheduleSchema, schedule).length).toBeGreaterThan(0);
  });

  it('takes a dose in any slot an every-hour day can have (25 on the night the clocks go back)', () => {
    const tick = { id: '00000000-0000-4000-8000-000000000000', date: '2026-10-25', taken: true };
    expect(accepted(medicineContract.tickDose.input, { ...tick, slot: 24 }).slot).toBe(24);
    expect(refusals(medicineContract.tickDose.input, { ...tick, slot: 25 }).length).toBeGreaterThan(0);
  });

  it('leaves the spec’s create body valid without a schedule', () => {
    expect(accepted(medicineContract.create.input, specCreateMedicineBody).schedule).toBeUndefined();
  });
});
