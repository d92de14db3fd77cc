import { describe, expect, it } from 'vitest';
import {
  applySlotChange,
  applyWholeDay,
  correctTakenAt,
  remapDay,
  takenInstants,
} from '../../../src/features/medicines/dose-ticks';

// Decision 070 as a pure rule: the change made last wins per slot, whatever order changes arrive in.
describe('dose tick merge', () => {
  const change = (slot: number, value: 0 | 1, at: number) => ({ slots: 3, slot, value, at });
  const replay = (changes: ReturnType<typeof change>[]) =>
    changes.reduce<{ taken: string | null; tickedAt: number[] | null } | undefined>(
      (day, c) => applySlotChange(day, c).day,
      undefined,
    );

  it('gives the same day for every arrival order of the same changes', () => {
    const changes = [change(0, 1, 100), change(0, 0, 300), change(2, 1, 200), change(0, 1, 250)];
    const orders = [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [1, 0, 3, 2],
      [2, 3, 0, 1],
    ];
    const results = orders.map((order) => replay(order.map((i) => changes[i]!)));
    for (const result of results)
      expect(result).toEqual({
        taken: '0-0-1',
        tickedAt: [300, 0, 200],
        takenAt: [0, 0, 200],
        takenCount: 1,
      });
  });

  it('says when a change lost, and leaves the day as it was', () => {
    const day = { taken: '1-0-0', tickedAt: [500, 0, 0] };
    const { day: after, applied } = applySlotChange(day, change(0, 0, 400));
    expect(applied).toBe(false);
    expect(after.taken).toBe('1-0-0');
  });

  it('treats a row from before the stamps (null) as never changed, and pads short rows', () => {
    const { day, applied } = applySlotChange({ taken: '1', tickedAt: null }, change(2, 1, 1));
    expect(applied).toBe(true);
    expect(day).toEqual({ taken: '1-0-1', tickedAt: [0, 0, 1], takenAt: [0, 0, 1], takenCount: 2 });
  });

  it('a whole-day write stamps the slots it changes and keeps the others’ stamps', () => {
    const day = applyWholeDay({ taken: '1-0-0', tickedAt: [10, 20, 30], takenAt: [10, 0, 0] }, '1-0-1', 1000);
    // Decision 191: a whole day says which doses were taken, not when: the new one has no instant.
    expect(day).toEqual({ taken: '1-0-1', tickedAt: [10, 20, 1000], takenAt: [10, 0, 0], takenCount: 2 });
  });

  it('a remap of the default times moves each slot’s flag and stamp together; new slots have none', () => {
    // Old slots 0, 1, 2 → new 1, 2, 3 (a time added first).
    const slotMap = new Map([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    const day = remapDay({ taken: '1-0-1', tickedAt: [10, 20, 30], takenAt: [9, 0, 29] }, slotMap, 4);
    expect(day).toEqual({
      taken: '0-1-0-1',
      tickedAt: [0, 10, 20, 30],
      takenAt: [0, 9, 0, 29],
      takenCount: 2,
    });
    // A removed slot (1) takes its stamp with it; a row from before the stamps has none to move.
    const shorter = remapDay(
      { taken: '1-0-0', tickedAt: [5, 6, 7] },
      new Map([
        [0, 0],
        [2, 1],
      ]),
      2,
    );
    expect(shorter).toEqual({ taken: '1-0', tickedAt: [5, 7], takenAt: [0, 0], takenCount: 1 });
    expect(remapDay({ taken: '0-1', tickedAt: null }, new Map([[1, 0]]), 1)).toEqual({
      taken: '1',
      tickedAt: [0],
      takenAt: [0],
      takenCount: 1,
    });
  });

  // Decision 191: when a dose was taken, apart from the stamps that order changes.
  it('keeps the first taken instant of a dose ticked twice, and clears it on an untick', () => {
    const first = applySlotChange(undefined, change(0, 1, 100)).day;
    const again = applySlotChange(first, change(0, 1, 200)).day;
    expect(again).toMatchObject({ tickedAt: [200, 0, 0], takenAt: [100, 0, 0] });
    expect(applySlotChange(again, change(0, 0, 300)).day.takenAt).toEqual([0, 0, 0]);
  });

  it('a correction changes the instant only, so the order of offline changes stays as it was', () => {
    const day = applySlotChange(undefined, change(2, 1, 500)).day;
    const corrected = correctTakenAt(day, 3, 2, 50)!;
    expect(corrected).toMatchObject({ taken: '0-0-1', tickedAt: [0, 0, 500], takenAt: [0, 0, 50] });
    // An untick pressed at 400 (after the correction's 50, before the tick's 500) still loses.
    expect(applySlotChange(corrected, change(2, 0, 400)).applied).toBe(false);
    expect(correctTakenAt(day, 3, 0, 50)).toBeNull();
    expect(takenInstants(corrected, 3)).toEqual([null, null, 50]);
    expect(takenInstants({ taken: '1-0-0', tickedAt: [70, 0, 0] }, 3)).toEqual([null, null, null]);
  });
});
