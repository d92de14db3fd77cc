import { describe, expect, it } from 'vitest';
import { type OutboxEntry, requestOf, userOfToken } from './outbox-entry';

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
    // The dose page's press kept offline (decision 260): the action, a skip's reason and note.
    const skip = { ...base, kind: 'pushAction' as const, token: 'tok', action: 'skip' as const };
    expect(requestOf({ ...skip, reason: 'ran_out', note: 'Pharmacy at noon' }).body).toEqual({
      token: 'tok',
      at: base.madeAt,
      idempotencyKey: base.key,
      action: 'skip',
      reason: 'ran_out',
      note: 'Pharmacy at noon',
    });
  });

  it('sends a journal entry to its contract path with its key, the mood to its own day', () => {
    const reading = { type: 'blood-pressure', unit: 'mm[Hg]', values: { systolic: 128, diastolic: 82 } };
    expect(
      requestOf({
        ...base,
        kind: 'journal',
        label: 'Blood pressure',
        call: { procedure: 'createMeasurement', body: reading },
      }),
    ).toEqual({
      method: 'POST',
      path: '/api/journal/measurements',
      body: { ...reading, idempotencyKey: base.key },
      bearer: true,
    });
    const mood = requestOf({
      ...base,
      kind: 'journal',
      label: 'Mood',
      call: { procedure: 'setMood', date: '2026-11-21', body: { mood: 4 } },
    });
    expect(mood).toMatchObject({ method: 'PUT', path: '/api/journal/moods/2026-11-21' });
    expect(mood.body).toEqual({ mood: 4, idempotencyKey: base.key });
  });

  it('reads the account a token names, and nothing from a malformed one', () => {
    const body = Buffer.from(JSON.stringify({ a: 'open', u: 'user-1' })).toString('base64url');
    expect(userOfToken(`${body}.signature`)).toBe('user-1');
    expect(userOfToken('not-a-token')).toBe('');
  });
});
