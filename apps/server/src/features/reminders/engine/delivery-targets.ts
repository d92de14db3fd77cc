import type { PushSubscriptionRow } from '../../push/push-subscription.repository';

const isPushDevice = (kind: string) => kind === 'webpush' || kind === 'fcm';

/**
 * The devices and channels one notification of a user goes to now (decision 233), from all of the
 * user's rows: every browser and app device and every 'every' channel; a 'fallback' channel only
 * when the user has no browser or app device (a push that fails later reaches it through
 * channel-fallback.ts). The engine's one rule for it, asked per notification by the fire job and
 * staging (and by any later kind of notification, such as follow-ups, that goes through them).
 * Without a fallback channel, the common case, the user's list is answered as it is.
 */
export function deliveryTargets(own: readonly PushSubscriptionRow[]): readonly PushSubscriptionRow[] {
  let fallback = false;
  let push = false;
  for (const row of own) {
    if (row.mode === 'fallback') fallback = true;
    else if (isPushDevice(row.kind)) push = true;
  }
  if (!fallback || !push) return own;
  return own.filter((row) => row.mode !== 'fallback');
}

export { isPushDevice };
