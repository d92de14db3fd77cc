import { describe, expect, it } from 'vitest';
import {
  PREPARED_KEPT_MS,
  type PreparedNotification,
  PreparedPushes,
} from '../../../src/features/reminders/engine/prepared-pushes';
import type { Intent } from '../../../src/features/reminders/engine/row-types';

const at = new Date('2026-11-25T07:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);

const intent: Intent = {
  key: 'dose:0:2026-11-25',
  type: 'reminder',
  title: 'Time for your Morning dose',
  message: 'Aspirin (500mg)',
  medicineName: null,
  dose: { slot: 0, date: '2026-11-25', snoozable: true },
};

function notification(overrides: Partial<PreparedNotification> = {}): PreparedNotification {
  return {
    intent,
    recipientId: 'user-1',
    notificationId: 'n-1',
    createdAt: at,
    payload: {} as PreparedNotification['payload'],
    topic: 'topic',
    ...overrides,
  };
}

const body = { forToken: 'token', bytes: 6 };

describe('PreparedPushes (the memo of decision 048)', () => {
  it('gives back a prepared notification only for exactly the same intent and recipient, once', () => {
    const memo = new PreparedPushes(10);
    memo.add('row-1', at, [notification()], [{ notificationId: 'n-1', subscriptionId: 'd-1', push: body }]);

    const match = memo.take('row-1', at, at);
    expect(match({ ...intent }, 'user-1')?.notificationId).toBe('n-1');
    expect(match({ ...intent, message: 'Aspirin Forte (500mg)' }, 'user-1')).toBeUndefined();
    expect(match({ ...intent, dose: { ...intent.dose!, snoozable: false } }, 'user-1')).toBeUndefined();
    expect(match(intent, 'caregiver-1')).toBeUndefined();
    // Consumed: the row's occurrence is decided once.
    expect(memo.take('row-1', at, at)(intent, 'user-1')).toBeUndefined();
    // Another occurrence of the row is another entry.
    expect(memo.has('row-1', at)).toBe(false);
  });

  it('is not used once its instant is more than PREPARED_KEPT_MS past', () => {
    const memo = new PreparedPushes(10);
    memo.add('row-1', at, [notification()], []);
    expect(memo.take('row-1', at, later(PREPARED_KEPT_MS + 1))(intent, 'user-1')).toBeUndefined();
  });

  it('keeps a device body until its push is done, and counts those sent with one', () => {
    const memo = new PreparedPushes(10);
    memo.add('row-1', at, [notification()], [{ notificationId: 'n-1', subscriptionId: 'd-1', push: body }]);
    expect(memo.bodyFor('n-1', 'd-2')).toBeUndefined();
    expect(memo.bodyFor('n-1', 'd-1')).toBe(body);
    memo.done('n-1', 'd-1', true);
    expect(memo.bodyFor('n-1', 'd-1')).toBeUndefined();
    expect(memo.used).toBe(1);
    expect(memo.made).toBe(1);
  });

  it('is full at its bound of rows plus bodies, and evicts what is too old to be used', () => {
    const memo = new PreparedPushes(3);
    memo.add('row-1', at, [notification()], [{ notificationId: 'n-1', subscriptionId: 'd-1', push: body }]);
    expect(memo.full).toBe(false);
    memo.add('row-2', later(120_000), [notification({ notificationId: 'n-2' })], []);
    expect(memo.full).toBe(true);

    memo.evict(later(PREPARED_KEPT_MS + 60_000));
    expect(memo.has('row-1', at)).toBe(false);
    expect(memo.bodyFor('n-1', 'd-1')).toBeUndefined();
    expect(memo.has('row-2', later(120_000))).toBe(true);
    expect(memo.full).toBe(false);
  });
});
