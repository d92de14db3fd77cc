import { describe, expect, it } from 'vitest';
import { MAX_DAY_DOSES, type ScheduledMedicineFields, intervalDosesOn, nextIntervalDose } from '../src';

const every = (everyHours: number, startTime: string): ScheduledMedicineFields => ({
  frequency: '0',
  startDate: '2026-10-24',
  originalDurationDays: 3,
  schedule: { kind: 'interval', everyHours, startTime },
});

// Decision 196: every-N-hours doses in quarter hours from 1 hour, not whole hours from 4.
describe('every-N-hours doses in parts of an hour', () => {
  it('every 1.5 hours: 09:30, 11:00, … each on a whole minute, sixteen a day', () => {
    const drops = every(1.5, '08:00');
    const doses = intervalDosesOn(drops, '2026-10-24', 'UTC');
    expect(doses.slice(0, 3).map((d) => d.time)).toEqual(['08:00', '09:30', '11:00']);
    expect(doses.map((d) => d.slot)).toEqual([...doses.keys()]);
    expect(doses).toHaveLength(11); // 08:00 … 23:00 on the first day
    expect(intervalDosesOn(drops, '2026-10-25', 'UTC')).toHaveLength(16);
    const next = nextIntervalDose(drops, Date.parse('2026-10-24T09:00:00Z'), 'UTC');
    expect(next).toMatchObject({ time: '09:30', at: Date.parse('2026-10-24T09:30:00Z') });
  });

  it('every hour on the night the clocks go back: 25 doses, the most a day can hold', () => {
    const hourly = every(1, '00:00');
    const doses = intervalDosesOn(hourly, '2026-10-25', 'Europe/Berlin');
    expect(doses).toHaveLength(25);
    expect(MAX_DAY_DOSES).toBe(25);
  });
});
