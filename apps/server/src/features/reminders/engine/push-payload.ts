import { type Notification, PUSH_ACTIONS, type PushPayload } from '@medrem/contract';
import { createHash } from 'node:crypto';
import type { ActionTokenCodec } from '../action-tokens';
import type { Intent } from './row-evaluation';

/** Web Push Topic / SW tag: ≤ 32 URL-safe characters, equal for a dose and its snoozed repeat. */
export function topicFor(userId: string, tagKey: string): string {
  return createHash('sha256').update(`${userId}|${tagKey}`).digest('base64url').slice(0, 32);
}

/**
 * The push a stored notification becomes, in the contract's shape (the service worker validates it
 * with the same schema). A dose reminder carries 'Mark as taken' and, unless it is a missed-dose
 * alert, 'Snooze 10 min', each with its own signed action token.
 */
export function pushPayloadFor(
  tokens: ActionTokenCodec,
  userId: string,
  intent: Intent,
  notification: Notification,
  now: Date,
): { payload: PushPayload; topic: string } {
  const dose = intent.dose;
  const tagKey = dose?.snoozable ? `dose:${dose.slot}:${dose.date}` : intent.key;
  const topic = topicFor(userId, tagKey);
  const actions: PushPayload['actions'] = [];
  if (dose) {
    const base = { userId, slot: dose.slot, date: dose.date, medicineId: dose.medicineId };
    actions.push({ ...PUSH_ACTIONS.take, token: tokens.sign({ ...base, action: 'take' }, now) });
    if (dose.snoozable) {
      actions.push({ ...PUSH_ACTIONS.snooze, token: tokens.sign({ ...base, action: 'snooze' }, now) });
    }
  }
  // Typed by the contract's schema (checked at compile time; the service worker parses it at run time).
  const payload: PushPayload = {
    v: 1,
    id: notification.id,
    type: notification.type,
    title: notification.title,
    body: notification.message,
    tag: topic,
    url: '/',
    createdAt: notification.createdAt,
    actions,
  };
  return { payload, topic };
}
