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

  it('tells the contract’s reason when a kind is incomplete', () => {
    expect(toSchedule({ ...draftOf(null), kind: 'weekdays', days: [] })).toEqual({
      error: 'Choose at least one day of the week.',
    });
    expect(toSchedule({ ...draftOf(null), kind: 'taper' })).toEqual({
      error: 'Each step needs its dose, e.g. 30 mg.',
    });
  });
});
