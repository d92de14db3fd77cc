import { describe, expect, it } from 'vitest';
import type { PushSubscriptionRow } from '../../../src/features/push/push-subscription.repository';
import { deliveryTargets } from '../../../src/features/reminders/engine/delivery-targets';

const row = (id: string, kind: string, mode = 'every'): PushSubscriptionRow => ({
  id,
  userId: 'u',
  kind,
  endpoint: `${kind}:${id}`,
  token: '',
  mode,
  secret: null,
  createdAt: new Date(0),
});

/** Decision 233: which devices and channels one notification goes to. */
describe('deliveryTargets', () => {
  it('leaves out fallback channels while a browser or app device is there', () => {
    const own = [row('phone', 'webpush'), row('mail', 'email', 'fallback'), row('topic', 'ntfy')];
    expect(deliveryTargets(own).map((r) => r.id)).toEqual(['phone', 'topic']);
    expect(deliveryTargets([row('app', 'fcm'), row('hook', 'webhook', 'fallback')]).map((r) => r.id)).toEqual(
      ['app'],
    );
  });

  it('sends to fallback channels when there is no browser or app device', () => {
    const own = [row('mail', 'email', 'fallback'), row('hook', 'webhook', 'fallback'), row('topic', 'ntfy')];
    expect(deliveryTargets(own)).toBe(own);
  });

  it('answers the list itself when nothing is left out (no allocation on the due second)', () => {
    const own = [row('phone', 'webpush'), row('topic', 'ntfy')];
    expect(deliveryTargets(own)).toBe(own);
  });
});
