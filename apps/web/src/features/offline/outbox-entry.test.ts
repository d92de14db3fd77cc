import { describe, expect, it } from 'vitest';
import { type OutboxEntry, requestOf } from './outbox-entry';

const base = {
  seq: 1,
  key: 'k-123456789',
  userId: 'u1',
  userEmail: 'ada@example.com',
  madeAt: '2026-11-21T08:05:00.000Z',
};

describe('the REST call of a waiting write', () => {
  it('sends a tick as one slot with the moment it was made and its key', () => {
    const entry: OutboxEntry = {
      ...base,
      kind: 'tick',
      medicineId: 'm1',
      medicineName: 'Aspirin',
      date: '2026-11-21',
      slot: 2,
      taken: false,
    };
    expect(requestOf(entry)).toEqual({
      method: 'PUT',
      path: '/api/medicine/m1/dose',
      body: { date: '2026-11-21', slot: 2, taken: false, tickedAt: base.madeAt, idempotencyKey: base.key },
      bearer: true,
    });
  });

  it('marks all read only up to what was seen, and a notification button carries its own proof', () => {
    expect(requestOf({ ...base, kind: 'markAllRead', upTo: '2026-11-21T08:00:00.001Z' })).toMatchObject({
      method: 'PATCH',
      path: '/api/notifications/ada%40example.com/read-all',
      body: { upTo: '2026-11-21T08:00:00.001Z', idempotencyKey: base.key },
      bearer: true,
    });
    expect(requestOf({ ...base, kind: 'pushAction', token: 'tok' })).toEqual({
      method: 'POST',
      path: '/api/push/action',
      body: { token: 'tok', at: base.madeAt, idempotencyKey: base.key },
      bearer: false,
    });
  });
});
