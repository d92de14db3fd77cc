import { DEFAULT_SETTINGS } from '@medrem/contract';
import { describe, expect, it } from 'vitest';
import { dueMedicines, evaluateRow } from '../../../src/features/reminders/engine/row-evaluation';
import type { DueRow, EngineMedicine, UserState } from '../../../src/features/reminders/engine/row-types';

/**
 * Decision 187: a medicine added at 08:30 on its start date has no 08:00 dose that day, so the
 * engine neither reminds of it nor sends its missed-dose alert at 09:00; its 20:00 dose and the
 * next day's doses are reminded as usual.
 */
describe('no reminder for a dose before the medicine was added', () => {
  const medicine: EngineMedicine = {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Metformin',
    dosage: '500 mg',
    frequency: '1-0-1',
    startDate: '2026-12-01',
    originalDurationDays: 30,
    createdAt: new Date('2026-12-01T08:30:00.000Z'),
    totalPills: 60,
    takenTotal: 0,
    takenAtLastRefill: 0,
    pillsPerDose: 1,
    dosesPerDay: 2,
    schedule: null,
  };
  const state: UserState = {
    settings: { ...DEFAULT_SETTINGS, timezone: 'UTC' },
    medicines: [medicine],
    taken: new Map(),
    care: [],
  };

  it('leaves the start date’s 08:00 dose out, keeps its 20:00 one and the next day’s', () => {
    expect(dueMedicines(state, 0, '2026-12-01')).toEqual([]);
    expect(dueMedicines(state, 2, '2026-12-01').map((m) => m.name)).toEqual(['Metformin']);
    expect(dueMedicines(state, 0, '2026-12-02').map((m) => m.name)).toEqual(['Metformin']);
  });

  it('sends no missed-dose alert at 09:00 for it', () => {
    const row: DueRow = {
      id: 'row',
      userId: 'user',
      kind: 'missed',
      slot: 0,
      localTime: '08:00',
      offsetMinutes: 60,
      timezone: 'UTC',
      occurrenceDate: '2026-12-01',
      fireAt: new Date('2026-12-01T09:00:00.000Z'),
      ref: null,
    };
    const now = new Date('2026-12-01T09:00:00.000Z');
    const outcome = evaluateRow(row, { date: '2026-12-01', fireAt: row.fireAt }, state, now);
    expect(outcome.intents).toEqual([]);
  });
});
