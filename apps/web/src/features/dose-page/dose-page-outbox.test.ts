import { beforeEach, describe, expect, it, vi } from 'vitest';

const add = vi.hoisted(() => vi.fn((..._: unknown[]) => Promise.resolve()));
vi.mock('../offline/outbox.store', () => ({ OUTBOX_SYNC_TAG: 'medrem-outbox', outboxStore: { add } }));

const { keepDosePress, sentDosePress } = await import('./dose-page-outbox');

// A token's first part is its claims, base64url JSON: the outbox files the press under its user.
const token = `${btoa(JSON.stringify({ u: 'user-1' })).replace(/=+$/, '')}.signature`;

describe('a dose page press keeps one idempotency key and press time, sent or kept', () => {
  beforeEach(() => add.mockClear());

  it('a press whose online answer was lost is kept with the key and time it was sent with', async () => {
    const pressedAt = new Date('2026-12-06T08:01:00.000Z');
    const sent = sentDosePress({ action: 'snooze' }, pressedAt);
    expect(sent).toMatchObject({ action: 'snooze', at: '2026-12-06T08:01:00.000Z' });
    await keepDosePress(token, sent);
    expect(add).toHaveBeenCalledTimes(1);
    const [entry, madeAt, key] = add.mock.calls[0]!;
    expect(entry).toMatchObject({ kind: 'pushAction', userId: 'user-1', token, action: 'snooze' });
    expect(madeAt).toEqual(pressedAt);
    expect(key).toBe(sent.idempotencyKey);
  });

  it('each press has its own key', () => {
    const now = new Date('2026-12-06T08:01:00.000Z');
    expect(sentDosePress({ action: 'take' }, now).idempotencyKey).not.toBe(
      sentDosePress({ action: 'take' }, now).idempotencyKey,
    );
  });
});
