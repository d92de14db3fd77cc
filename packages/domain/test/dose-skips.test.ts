import { describe, expect, it } from 'vitest';
import { cardStatus } from '../src/dose-slots';
import { doseCells } from '../src/dose-cells';
import { settledFlags, skipOf, skipText } from '../src/dose-skips';
import {
  inQuietHours,
  isFollowUpStep,
  nextFollowUpOffset,
  nextSharedFollowUpOffset,
  quietHoursIssue,
} from '../src/follow-ups';

// Decision 225: a skip holds while the slot is not taken and no later change stamped the slot.
describe('a skipped dose', () => {
  const skip = { reason: 'felt_unwell' as const, at: 1_000 };

  it('holds while no later change of the slot came, and never over a taken flag', () => {
    expect(skipOf({ taken: '0-0', tickedAt: [1_000, 0], skipped: [skip, null] }, 0)).toEqual(skip);
    // A take from another device stamped the slot later: the skip is gone, whatever the flag.
    expect(skipOf({ taken: '0-0', tickedAt: [2_000, 0], skipped: [skip, null] }, 0)).toBeNull();
    expect(skipOf({ taken: '1-0', tickedAt: [1_000, 0], skipped: [skip, null] }, 0)).toBeNull();
    expect(skipOf({ taken: '0-0', tickedAt: [1_000, 0], skipped: [skip, null] }, 1)).toBeNull();
    // As the API answers it (no stamps): the server sent only skips that hold.
    expect(skipOf({ taken: '0-0', skipped: [{ reason: null }] }, 0)).toEqual({ reason: null });
  });

  it('is settled for the reminder engine, but not taken', () => {
    expect(settledFlags({ taken: '0-1-0', tickedAt: [1_000, 5, 0], skipped: [skip, null, null] }, 3)).toBe(
      '1-1-0',
    );
  });

  it('reads "Skipped — reason: note"', () => {
    expect(skipText({ reason: 'doctors_advice' })).toBe("Skipped — Doctor's advice");
    expect(skipText({ reason: 'other', note: 'travelling' })).toBe('Skipped — Other reason: travelling');
    expect(skipText({ reason: null })).toBe('Skipped');
  });

  it('makes a card Skipped when all its doses are, and never Due or Missed', () => {
    expect(cardStatus([{ taken: false, skipped: true }], 'missed')).toBe('Skipped');
    expect(cardStatus([{ taken: true }, { taken: false, skipped: true }], 'missed')).toBe('Completed');
    expect(cardStatus([{ taken: false }, { taken: false, skipped: true }], 'missed')).toBe('Missed');
  });

  it('is a due cell not taken, marked skipped (today before its missed time too)', () => {
    const medicine = { frequency: '1-1', startDate: '2026-11-01', originalDurationDays: 365, schedule: null };
    const window = {
      from: '2026-11-20',
      to: '2026-11-20',
      today: '2026-11-20',
      nowMinutes: 14 * 60 + 30,
      defaultReminderTimes: ['08:00', '14:00'],
    };
    const cells = doseCells(
      medicine,
      [{ date: '2026-11-20', taken: '0-0', skipped: [null, { reason: 'ran_out' }] }],
      window,
    );
    expect(cells).toEqual([
      { date: '2026-11-20', slot: 0, due: true, taken: 0 },
      { date: '2026-11-20', slot: 1, due: true, taken: 0, skipped: true },
    ]);
  });
});

// Decisions 227, 228.
describe('follow-up steps and quiet hours', () => {
  const every10 = { everyMinutes: 10, times: 3 };

  it('steps N, 2N … K·N, counting on from a held follow-up', () => {
    expect(nextFollowUpOffset(0, every10)).toBe(10);
    expect(nextFollowUpOffset(10, every10)).toBe(20);
    expect(nextFollowUpOffset(25, every10)).toBe(30);
    expect(nextFollowUpOffset(30, every10)).toBeNull();
    expect(nextFollowUpOffset(0, { everyMinutes: 10, times: 0 })).toBeNull();
  });

  it('a shared dose steps at each cadence’s steps, none starved by a neighbour at 0 (decision 254)', () => {
    const every5 = { everyMinutes: 5, times: 2 };
    const none = { everyMinutes: 10, times: 0 };
    const walk = (cadences: { everyMinutes: number; times: number }[], skip?: number) => {
      const offsets: number[] = [];
      for (let at = nextSharedFollowUpOffset(0, cadences, skip); at !== null;) {
        offsets.push(at);
        at = nextSharedFollowUpOffset(at, cadences, skip);
      }
      return offsets;
    };
    expect(walk([every10, every5])).toEqual([5, 10, 20, 30]);
    expect(walk([none, every5])).toEqual([5, 10]);
    expect(walk([none])).toEqual([]);
    expect(walk([])).toEqual([]);
    // A step at the missed-dose alert's offset gives way to the cadence's next one.
    expect(walk([{ everyMinutes: 20, times: 4 }], 60)).toEqual([20, 40, 80]);
    expect([0, 5, 10, 15, 20].map((o) => isFollowUpStep(o, every5))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(isFollowUpStep(30, every10)).toBe(true);
    expect(isFollowUpStep(10, none)).toBe(false);
  });

  it('windows may cross midnight; the end is not inside', () => {
    const night = { enabled: true, start: '22:00', end: '07:00' };
    expect(['22:00', '23:59', '00:00', '06:59'].map((t) => inQuietHours(t, night))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['21:59', '07:00', '12:00'].map((t) => inQuietHours(t, night))).toEqual([false, false, false]);
    const afternoon = { enabled: true, start: '13:00', end: '15:00' };
    expect(['12:59', '13:00', '14:59', '15:00'].map((t) => inQuietHours(t, afternoon))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(inQuietHours('23:00', { ...night, enabled: false })).toBe(false);
    expect(quietHoursIssue({ start: '22:00', end: '22:00' })).toMatch(/different/);
  });
});
