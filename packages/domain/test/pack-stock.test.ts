import { describe, expect, it } from 'vitest';
import {
  compareUseOrder,
  expiryReminderStage,
  nextExpiryReminderDay,
  packStock,
  runsOutOn,
} from '../src/pack-stock';

let addedOrder = 0;
const pack = (id: string, expiresOn: string | null, pills: number, added = '2026-12-01T00:00:00Z') => ({
  id,
  expiresOn,
  pills,
  addedAt: new Date(added),
  addedOrder: ++addedOrder,
});

describe('packs on hand (decision 322)', () => {
  it('uses packs first-expiring-first, a pack without expiry after them, the same expiry by when added', () => {
    const packs = [
      pack('none', null, 10),
      pack('late', '2027-06-30', 10),
      pack('early-second', '2027-01-31', 10, '2026-12-02T00:00:00Z'),
      pack('early-first', '2027-01-31', 10),
    ];
    expect([...packs].sort(compareUseOrder).map((p) => p.id)).toEqual([
      'early-first',
      'early-second',
      'late',
      'none',
    ]);
  });

  it('of two packs added in the same millisecond, uses the one added first (its ids sort the other way)', () => {
    const first = pack('z-added-first', '2027-01-31', 30);
    const second = pack('a-added-second', '2027-01-31', 30);
    expect([second, first].sort(compareUseOrder).map((p) => p.id)).toEqual([
      'z-added-first',
      'a-added-second',
    ]);
    // 40 pills left: the first pack, used first, holds 10 of them; the second is still full.
    expect(packStock([second, first], 40).pillsLeft).toEqual(
      new Map([
        ['a-added-second', 30],
        ['z-added-first', 10],
      ]),
    );
  });

  it('puts the pills left in the packs used last; loose pills are used first', () => {
    const packs = [pack('a', '2027-01-31', 30), pack('b', '2027-03-31', 30)];
    expect(packStock(packs, 70)).toEqual({
      pillsLeft: new Map([
        ['b', 30],
        ['a', 30],
      ]),
      loosePills: 10,
    });
    expect(packStock(packs, 45).pillsLeft.get('a')).toBe(15);
    expect(packStock(packs, 45).loosePills).toBe(0);
    expect(packStock(packs, 12).pillsLeft).toEqual(
      new Map([
        ['b', 12],
        ['a', 0],
      ]),
    );
    expect(packStock(packs, -3).pillsLeft.get('b')).toBe(0);
  });
});

describe('expiry reminders (decision 323)', () => {
  const expiry = '2027-01-20';
  it('are due 30 days before (caught up for 6 days), 7 days before to the day before, and on the day', () => {
    const stageOn = (day: string) => expiryReminderStage(expiry, day);
    expect(stageOn('2026-12-20')).toBeNull(); // 31 days
    expect(stageOn('2026-12-21')).toBe(30);
    expect(stageOn('2026-12-27')).toBe(30); // 24 days: the last day it is caught up
    expect(stageOn('2026-12-28')).toBeNull();
    expect(stageOn('2027-01-13')).toBe(7);
    expect(stageOn('2027-01-19')).toBe(7);
    expect(stageOn('2027-01-20')).toBe(0);
    expect(stageOn('2027-01-21')).toBeNull();
    expect(expiryReminderStage(null, '2027-01-20')).toBeNull();
  });

  it('names the day the next stage begins', () => {
    expect(nextExpiryReminderDay(expiry, '2026-12-01')).toBe('2026-12-21');
    expect(nextExpiryReminderDay(expiry, '2026-12-22')).toBe('2027-01-13');
    expect(nextExpiryReminderDay(expiry, '2027-01-14')).toBe('2027-01-20');
    expect(nextExpiryReminderDay(expiry, '2027-01-21')).toBeNull();
  });

  it('says when a supply runs out, unless nothing is used a day', () => {
    expect(runsOutOn('2026-12-10', 5, 2)).toBe('2026-12-15');
    expect(runsOutOn('2026-12-10', 0, 0)).toBeNull();
  });
});
