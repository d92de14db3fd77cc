import { describe, expect, it } from 'vitest';
import { draftOf, toSchedule } from './schedule-draft.model';

describe('schedule draft', () => {
  it('is the spec’s daily rule (null) by default', () => {
    expect(toSchedule(draftOf(null))).toEqual({ schedule: null });
  });

  it('sends an empty as-needed limit as no limit, and hours as minutes', () => {
    const draft = { ...draftOf(null), kind: 'asNeeded' as const, maxPer24h: 4, minIntervalHours: 4.5 };
    expect(toSchedule(draft)).toEqual({
      schedule: { kind: 'asNeeded', maxPer24h: 4, minIntervalMinutes: 270 },
    });
    expect(toSchedule({ ...draft, maxPer24h: Number.NaN })).toEqual({
      schedule: { kind: 'asNeeded', maxPer24h: null, minIntervalMinutes: 270 },
    });
  });

  it('round-trips a stored schedule', () => {
    const schedule = { kind: 'asNeeded' as const, maxPer24h: 3, minIntervalMinutes: 240 };
    expect(toSchedule(draftOf(schedule))).toEqual({ schedule });
    const weekly = { kind: 'weekdays' as const, days: [1, 4] };
    expect(toSchedule(draftOf(weekly))).toEqual({ schedule: weekly });
  });

  it('tells each problem at its field: the contract’s reason, or the field left empty', () => {
    expect(toSchedule({ ...draftOf(null), kind: 'weekdays', days: [] })).toEqual({
      errors: { days: 'Choose at least one day of the week.' },
    });
    expect(
      toSchedule({ ...draftOf(null), kind: 'taper', steps: [{ days: 7, dose: '', pillsPerDose: 1 }] }),
    ).toEqual({
      errors: { 'steps.0.dose': 'Each step needs its dose, e.g. 30 mg.' },
    });
    expect(toSchedule({ ...draftOf(null), kind: 'cycle' })).toEqual({
      errors: { daysOn: 'Days taking it is required.', daysOff: 'Days off is required.' },
    });
    expect(toSchedule({ ...draftOf(null), kind: 'asNeeded', maxPer24h: 30 })).toEqual({
      errors: { maxPer24h: 'Maximum doses in 24 hours must be at most 24.' },
    });
  });

  it('fills in no dose day or time for the user (decision 195)', () => {
    const draft = draftOf(null);
    expect(draft.days).toEqual([]);
    expect([draft.daysOn, draft.daysOff, draft.everyHours, draft.steps[0]?.days]).toEqual([
      Number.NaN,
      Number.NaN,
      Number.NaN,
      Number.NaN,
    ]);
    expect(draft.startTime).toBe('');
  });
});
