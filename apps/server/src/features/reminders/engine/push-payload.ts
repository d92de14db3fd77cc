import { type Notification, PUSH_ACTIONS, type PushPayload } from '@medrem/contract';
import { createHash } from 'node:crypto';
import type { ActionTokenCodec } from '../action-tokens';
import type { Intent } from './row-evaluation';

/** Web Push Topic / SW tag: ≤ 32 URL-safe characters, equal for a dose and its snoozed repeat. */
export function topicFor(userId: string, tagKey: string): string {
  return createHash('sha256').update(`${userId}|${tagKey}`).digest('base64url').slice(0, 32);
}

/**
 * The most bytes a push's JSON may take. Web Push carries at most 4,096 bytes per record, of which
 * RFC 8291's header, tag and padding take 103, and FCM refuses data over 4 KB: a larger payload is
 * refused by the push service, so the user would get no reminder at all (issue 8, finding 8). The
 * margin leaves room for the push service's own framing.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3072;
const ELLIPSIS = '…';

const bytes = (payload: PushPayload) => Buffer.byteLength(JSON.stringify(payload), 'utf8');

/** The longest prefix of `text` (whole code points) that makes `fits` true, with an ellipsis. */
function shorten(text: string, fits: (candidate: string) => boolean): string {
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(chars.slice(0, mid).join('') + ELLIPSIS)) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join('') + ELLIPSIS;
}

/**
 * Keeps a payload within PUSH_PAYLOAD_MAX_BYTES: the body is cut first (the app shows the whole
 * notification), then the title; the buttons and their tokens always stay.
 */
export function fitPayload(payload: PushPayload): PushPayload {
  if (bytes(payload) <= PUSH_PAYLOAD_MAX_BYTES) return payload;
  const within = (p: PushPayload) => bytes(p) <= PUSH_PAYLOAD_MAX_BYTES;
  let fitted = { ...payload, body: shorten(payload.body, (body) => within({ ...payload, body })) };
  if (!within(fitted)) {
    const empty = { ...fitted, body: ELLIPSIS };
    fitted = { ...empty, title: shorten(payload.title, (title) => within({ ...empty, title })) };
  }
  return fitted;
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
    url: intent.url ?? '/',
    createdAt: notification.createdAt,
    actions,
  };
  return { payload: fitPayload(payload), topic };
}
