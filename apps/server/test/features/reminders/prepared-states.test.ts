import { describe, expect, it } from 'vitest';
import { PreparedStates } from '../../../src/features/reminders/engine/prepared-states';
import type { UserState } from '../../../src/features/reminders/engine/row-types';
import type { PushSubscriptionRow } from '../../../src/features/push/push-subscription.repository';

/** What preparation read is handed out only under the stamp it was read under (decision 015). */
describe('PreparedStates', () => {
  const state = { medicines: [], taken: new Map(), care: [] } as unknown as UserState;
  const at = new Date('2026-11-21T07:00:00Z');

  it('gives a kept state back only for the same stamp and dates it holds', () => {
    const kept = new PreparedStates();
    kept.keepState('ann', 3, state, new Set(['2026-11-21']), at);
    kept.keepState('bob', null, state, new Set(['2026-11-21']), at);
    expect(kept.stateFor('ann', 3, new Set(['2026-11-21']))).toBe(state);
    expect(kept.stateFor('ann', 4, new Set(['2026-11-21']))).toBeUndefined();
    expect(kept.stateFor('ann', null, new Set(['2026-11-21']))).toBeUndefined();
    // Read for the 21st only: a firing about the 22nd needs flags it does not hold.
    expect(kept.stateFor('ann', 3, new Set(['2026-11-21', '2026-11-22']))).toBeUndefined();
    // Nothing was ever written for Bob: null is his stamp, and a first write makes it a number.
    expect(kept.stateFor('bob', null, new Set(['2026-11-21']))).toBe(state);
    expect(kept.stateFor('bob', 1, new Set(['2026-11-21']))).toBeUndefined();
    expect(kept.stateFor('cy', null, new Set(['2026-11-21']))).toBeUndefined();
    expect(kept.reused).toBe(2);
  });

  it('gives kept devices back only for the same stamp, an empty list included', () => {
    const kept = new PreparedStates();
    const phone = { id: 'phone' } as PushSubscriptionRow;
    kept.keepDevices('ann', 7, [phone], at);
    kept.keepDevices('bob', 2, [], at);
    expect(kept.devicesFor('ann', 7)).toEqual([phone]);
    expect(kept.devicesFor('ann', 8)).toBeUndefined();
    expect(kept.devicesFor('bob', 2)).toEqual([]);
  });

  it('drops what was kept for instants before the limit', () => {
    const kept = new PreparedStates();
    kept.keepState('ann', 1, state, new Set(['2026-11-21']), at);
    kept.keepDevices('ann', 1, [], new Date(at.getTime() + 60_000));
    kept.evictBefore(at.getTime() + 1);
    expect(kept.size).toBe(1);
    expect(kept.stateFor('ann', 1, new Set(['2026-11-21']))).toBeUndefined();
    expect(kept.devicesFor('ann', 1)).toEqual([]);
  });
});
