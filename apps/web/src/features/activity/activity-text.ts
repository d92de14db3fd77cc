import type { ActivityEntry, SignInMethod } from '@medrem/contract';

const METHOD_TEXT: Record<SignInMethod, string> = {
  password: 'with your password',
  google: 'with Google',
  oidc: 'with single sign-on',
  'reset-link': 'with a password reset link',
  passkey: 'with a passkey',
};

/**
 * One entry in the person's words (decision 294: the server sends facts, the client words them).
 * Every kind of the contract has its sentence: the switch is exhaustive, so a new kind fails the
 * type check here until it is worded.
 */
export function activityText(entry: ActivityEntry): string {
  switch (entry.kind) {
    case 'sign-in':
      return `Signed in ${METHOD_TEXT[entry.detail.method]}`;
    case 'new-device':
      return 'Signed in from a new device (we emailed you about it)';
    case 'password-changed':
      return 'Password changed';
    case 'password-reset':
      return 'Password reset with an emailed link';
    case 'email-changed':
      return `Email address changed from ${entry.detail.from} to ${entry.detail.to}`;
    case 'signed-out-everywhere':
      return 'Signed out on every other device';
    case 'data-export':
      return 'All your data exported';
    case 'calendar-feed':
      return 'Your calendar feed was read by a calendar app';
    case 'token-created':
      return `Access token “${entry.detail.name}” created`;
    case 'token-revoked':
      return `Access token “${entry.detail.name}” revoked`;
    case 'two-factor-on':
      return 'Two-factor sign-in turned on';
    case 'two-factor-off':
      return 'Two-factor sign-in turned off';
    case 'passkey-added':
      return `Passkey “${entry.detail.name}” added`;
    case 'passkey-removed':
      return `Passkey “${entry.detail.name}” removed`;
    case 'care-read': {
      const { caregiver, what } = entry.detail;
      const who = caregiver.name ? `${caregiver.name} (${caregiver.email})` : caregiver.email;
      const seen =
        what === 'today-doses-and-medicines' ? 'today’s doses and your medicines' : 'today’s doses';
      return `Your caregiver ${who} viewed ${seen}`;
    }
  }
}

/** The entry's time, device and network, e.g. "14:05 · Firefox on Windows · network 203.0.113.0". */
export function activityMeta(entry: ActivityEntry, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone }).format(new Date(entry.at));
  return [time, entry.device, entry.ip ? `network ${entry.ip}` : null].filter(Boolean).join(' · ');
}

/** The day's key and heading of an entry: "Today", "Yesterday", or the date. */
function dayOf(at: Date, now: Date, timeZone?: string): { key: string; label: string } {
  const keyOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(d);
  const key = keyOf(at);
  if (key === keyOf(now)) return { key, label: 'Today' };
  if (key === keyOf(new Date(now.getTime() - 86_400_000))) return { key, label: 'Yesterday' };
  const label = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone }).format(at);
  return { key, label };
}

export interface ActivityDay {
  key: string;
  label: string;
  entries: ActivityEntry[];
}

/** Entries (newest first) grouped by day in the device's time zone, keeping their order. */
export function groupByDay(entries: ActivityEntry[], now: Date, timeZone?: string): ActivityDay[] {
  const days: ActivityDay[] = [];
  for (const entry of entries) {
    const { key, label } = dayOf(new Date(entry.at), now, timeZone);
    const last = days.at(-1);
    if (last?.key === key) last.entries.push(entry);
    else days.push({ key, label, entries: [entry] });
  }
  return days;
}
