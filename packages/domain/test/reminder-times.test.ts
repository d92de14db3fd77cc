import { describe, expect, it } from 'vitest';
import { identitySlotMap, losesDose, remapFlags, slotMapFrom } from '../src/reminder-times';

describe('default reminder times as slots', () => {
  it('maps each old slot to the position of the time that came from it; new times map nothing', () => {
    expect([...slotMapFrom([2, null, 0])]).toEqual([
      [2, 0],
      [0, 2],
    ]);
    expect([...identitySlotMap(3)]).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('knows when a frequency still takes a dose at a removed time', () => {
    const keepsMorningAndEvening = slotMapFrom([0, 2]);
    expect(losesDose('1-0-1', keepsMorningAndEvening)).toBe(false);
    expect(losesDose('1-1-0', keepsMorningAndEvening)).toBe(true);
    expect(losesDose('0-1', identitySlotMap(1))).toBe(true);
    expect(losesDose('1-0-0', identitySlotMap(1))).toBe(false);
  });

  it('moves flags with their slots, growing and trimming to the new list', () => {
    // 12:00 added between 08:00 and 14:00: the evening dose moves from the 3rd to the 4th slot.
    const added = slotMapFrom([0, null, 1, 2]);
    expect(remapFlags('1-0-1', added, 4)).toBe('1-0-0-1');
    expect(remapFlags('0-0-1', added, 4)).toBe('0-0-0-1');
    // The evening time edited to 07:00 sorts first.
    expect(remapFlags('1-0-1', slotMapFrom([2, 0, 1]), 3)).toBe('1-1-0');
    // An unused middle time removed: trailing zero flags beyond the list are dropped.
    expect(remapFlags('1-0-1', slotMapFrom([0, 2]), 2)).toBe('1-1');
    expect(remapFlags('1-0-0', slotMapFrom([0, 2]), 2)).toBe('1-0');
    expect(remapFlags('', identitySlotMap(3), 3)).toBe('0');
  });
});
