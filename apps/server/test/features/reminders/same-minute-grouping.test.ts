import { describe, expect, it } from 'vitest';
import type { Intent } from '../../../src/features/reminders/engine/row-types';
import { groupSameMinute } from '../../../src/features/reminders/engine/same-minute';

/** Decision 263's rule on what storeFresh kept (keys already recorded, so only fresh parts come in). */
const AT = new Date('2026-11-24T08:00:00Z');
const SLOT = 'dose:0:2026-11-24';

function item(
  userId: string,
  key: string,
  lines: string[],
  medicineId?: string,
  extra: Partial<Intent> = {},
) {
  const intent: Intent = {
    key,
    type: 'reminder',
    title: 'single',
    message: lines.join(', '),
    medicineName: null,
    dose: {
      slot: medicineId ? 1 : 0,
      date: '2026-11-24',
      snoozable: !medicineId,
      ...(medicineId ? { medicineId } : {}),
    },
    sameMinute: { localTime: '08:00', lines },
    ...extra,
  };
  return { userId, intent, id: `${userId}-${key}`, createdAt: AT, dueAt: AT, prepared: { made: 'ahead' } };
}

describe('groupSameMinute (decision 263)', () => {
  it("merges one user's slot and own doses of an instant, the slot leading, and drops the prepared push", () => {
    const items = [
      item('u1', 'interval:m2:2026-11-24:1', ['Levothyroxine (50 mcg)'], 'm2'),
      item('u1', SLOT, ['Metformin (850 mg)']),
      item('u1', 'interval:m3:2026-11-24:0', ['Eye drops'], 'm3'),
    ];
    const [merged, ...rest] = groupSameMinute(items);
    expect(rest).toEqual([]);
    expect(merged!.intent).toMatchObject({
      key: SLOT,
      title: '3 medicines at 8:00 AM',
      message: 'Metformin (850 mg), Eye drops, Levothyroxine (50 mcg)',
      mergedKeys: ['interval:m3:2026-11-24:0', 'interval:m2:2026-11-24:1'],
      dose: {
        slot: 0,
        snoozable: true,
        count: 3,
        also: [
          { medicineId: 'm3', slot: 1 },
          { medicineId: 'm2', slot: 1 },
        ],
      },
    });
    // A new id: a body prepared for one part must never be sent for the whole.
    expect(items.map((i) => i.id)).not.toContain(merged!.id);
    expect(merged).not.toHaveProperty('prepared');
  });

  it('keeps apart other users, other instants, follow-ups from reminders, and what has no dose', () => {
    const later = {
      ...item('u1', 'interval:m2:2026-11-24:1', ['B'], 'm2'),
      dueAt: new Date(AT.getTime() + 60_000),
    };
    const followUp = item('u1', 'followup-interval:m3:2026-11-24:0:10', ['C'], 'm3', {
      sameMinute: { localTime: '08:00', lines: ['C'], followUp: true },
    });
    const { sameMinute: _s, ...plain } = item('u1', 'refill:m4:2026-11-24', ['D']).intent;
    const refill = { ...item('u1', 'x', ['D']), intent: plain };
    const items = [
      item('u1', SLOT, ['A']),
      item('u2', 'interval:m9:2026-11-24:0', ['Z'], 'm9'),
      later,
      followUp,
      refill,
    ];
    expect(groupSameMinute(items)).toBe(items);
  });

  it('merges follow-ups of one instant with their own words, and lets only one slot lead', () => {
    const f = (key: string, lines: string[], medicineId?: string) =>
      item('u1', key, lines, medicineId, { sameMinute: { localTime: '08:00', lines, followUp: true } });
    const merged = groupSameMinute([
      f('followup-interval:m2:2026-11-24:1:10', ['B'], 'm2'),
      f('followup-interval:m3:2026-11-24:0:10', ['A'], 'm3'),
    ]);
    expect(merged.map((m) => [m.intent.key, m.intent.title, m.intent.message])).toEqual([
      ['followup-interval:m3:2026-11-24:0:10', 'Still to take: 2 medicines at 8:00 AM', 'A, B'],
    ]);
    // Two slot reminders at one instant (two default times alike) are never merged with each other.
    const twoSlots = groupSameMinute([item('u1', SLOT, ['A']), item('u1', 'dose:1:2026-11-24', ['B'])]);
    expect(twoSlots.map((m) => m.intent.key)).toEqual([SLOT, 'dose:1:2026-11-24']);
  });
});
