import { describe, expect, it } from 'vitest';
import { stoppedNotice } from '../../../src/features/push/device-stopped';
import type { PushSubscriptionRow } from '../../../src/features/push/push-subscription.repository';

const device = {
  kind: 'webpush',
  endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/abc',
  token: '',
  createdAt: new Date('2026-11-03T10:00:00Z'),
} as PushSubscriptionRow;

describe('the notice that a device stopped receiving reminders (decision 234, 364)', () => {
  it('keeps its English words for an account without a language', () => {
    expect(stoppedNotice(device)).toEqual({
      title: 'A device stopped receiving reminders',
      message:
        'Browser: Firefox, added on November 3, 2026, no longer receives reminders: its push service says the subscription has ended. Open the app on that device and turn notifications on again, or add another channel in Settings → Notifications.',
    });
  });

  it('is written in its owner’s language, the date as the language writes it', () => {
    const german = stoppedNotice(device, { locale: 'de', clock: 'auto' });
    expect(german.title).toBe('Ein Gerät erhält keine Erinnerungen mehr');
    expect(german.message).toContain('3. November 2026');
    expect(german.message).toContain('Browser: Firefox');
  });
});
