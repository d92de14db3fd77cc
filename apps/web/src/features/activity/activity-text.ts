import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { ActivityEntry, SignInMethod } from '@medrem/contract';
import { dateTimeFormat, formatDateTime } from '../../i18n/intl-formats';

const SIGN_IN_TEXT: Record<SignInMethod, MessageDescriptor> = {
  password: msg`Signed in with your password`,
  google: msg`Signed in with Google`,
  oidc: msg`Signed in with single sign-on`,
  'reset-link': msg`Signed in with a password reset link`,
  passkey: msg`Signed in with a passkey`,
};

/**
 * One entry in the person's words (decision 294: the server sends facts, the client words them).
 * Every kind of the contract has its sentence: the switch is exhaustive, so a new kind fails the
 * type check here until it is worded.
 */
export function activityText(entry: ActivityEntry): string {
  switch (entry.kind) {
    case 'sign-in':
      return i18n._(SIGN_IN_TEXT[entry.detail.method]);
    case 'new-device':
      return t`Signed in from a new device (we emailed you about it)`;
    case 'password-changed':
      return t`Password changed`;
    case 'password-reset':
      return t`Password reset with an emailed link`;
    case 'email-changed': {
      const { from, to } = entry.detail;
      return t`Email address changed from ${from} to ${to}`;
    }
    case 'signed-out-everywhere':
      return t`Signed out on every other device`;
    case 'data-export':
      return t`All your data exported`;
    case 'calendar-feed':
      return t`Your calendar feed was read by a calendar app`;
    case 'token-created': {
      const { name } = entry.detail;
      return t`Access token “${name}” created`;
    }
    case 'token-revoked': {
      const { name } = entry.detail;
      return t`Access token “${name}” revoked`;
    }
    case 'two-factor-on':
      return t`Two-factor sign-in turned on`;
    case 'two-factor-off':
      return t`Two-factor sign-in turned off`;
    case 'passkey-added': {
      const { name } = entry.detail;
      return t`Passkey “${name}” added`;
    }
    case 'passkey-removed': {
      const { name } = entry.detail;
      return t`Passkey “${name}” removed`;
    }
    case 'care-read': {
      const { caregiver, what } = entry.detail;
      const { name, email } = caregiver;
      const who = name ? t`${name} (${email})` : email;
      return what === 'today-doses-and-medicines'
        ? t`Your caregiver ${who} viewed today’s doses and your medicines`
        : t`Your caregiver ${who} viewed today’s doses`;
    }
  }
}

/** The entry's time, device and network, e.g. "14:05 · Firefox on Windows · network 203.0.113.0". */
export function activityMeta(entry: ActivityEntry, timeZone?: string): string {
  const time = dateTimeFormat({ timeStyle: 'short', timeZone }, 'en-GB').format(new Date(entry.at));
  const ip = entry.ip;
  return [time, entry.device, ip ? t`network ${ip}` : null].filter(Boolean).join(' · ');
}

/** The day's key and heading of an entry: "Today", "Yesterday", or the date. */
function dayOf(at: Date, now: Date, timeZone?: string): { key: string; label: string } {
  // The key, never shown: a YYYY-MM-DD date whatever the page's language.
  const keyOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(d);
  const key = keyOf(at);
  if (key === keyOf(now)) return { key, label: t`Today` };
  if (key === keyOf(new Date(now.getTime() - 86_400_000))) return { key, label: t`Yesterday` };
  const label = formatDateTime(at, { dateStyle: 'full', timeZone }, 'en-GB');
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
