import {
  DOSE_PAGE_PATH,
  type Notification,
  PUSH_ACTIONS,
  type PushPayload,
  pushPayloadOf,
} from '@medrem/contract';
import { createHash } from 'node:crypto';
import type { ActionTokenCodec } from '../action-tokens';
import { reminderTextsFor } from '../reminder-texts';
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

/** The payload with these words: the declarative notification's and the older workers' (decision 262). */
function withText(payload: PushPayload, title: string, body: string): PushPayload {
  return { ...payload, title, body, notification: { ...payload.notification, title, body } };
}

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
 * notification), then the title; the buttons, the links and their tokens always stay.
 */
export function fitPayload(payload: PushPayload): PushPayload {
  if (bytes(payload) <= PUSH_PAYLOAD_MAX_BYTES) return payload;
  const within = (p: PushPayload) => bytes(p) <= PUSH_PAYLOAD_MAX_BYTES;
  const { title, body } = payload.notification;
  let fitted = withText(
    payload,
    title,
    shorten(body, (body) => within(withText(payload, title, body))),
  );
  if (!within(fitted)) {
    const empty = withText(fitted, title, ELLIPSIS);
    fitted = withText(
      empty,
      shorten(title, (t) => within(withText(empty, t, ELLIPSIS))),
      ELLIPSIS,
    );
  }
  return fitted;
}

/** What a payload is built with: the action tokens, and the origin people open (PUBLIC_URL). */
export interface PayloadContext {
  tokens: ActionTokenCodec;
  /** Without it the declarative `navigate` is a path, resolved against the worker's scope. */
  publicUrl?: string | undefined;
}

/**
 * The push a stored notification becomes, in the contract's shape (the service worker validates it
 * with the same schema). A dose reminder carries 'Mark as taken' ('Take all' when its slot names
 * more than one medicine) and, unless it is a missed-dose alert, 'Snooze 10 min', each with its
 * own signed action token; its link opens the dose page with a token of its own (decision 241).
 * The payload is a declarative push message (decision 242): a browser that shows those by itself
 * (Safari 18.4+) needs no service worker for it, and a tap opens the same link. The dose page's
 * link is carried there only; the service worker reads it from it (decision 262), and the words
 * and tag once more for workers installed before that decision.
 */
export function pushPayloadFor(
  context: PayloadContext,
  userId: string,
  intent: Intent,
  notification: Notification,
  now: Date,
): { payload: PushPayload; topic: string } {
  const { tokens } = context;
  const dose = intent.dose;
  // One tag per dose: a slot's, or an own-timed medicine's dose (decision 251), so its follow-ups and
  // snoozed repeat replace the notification shown.
  const tagKey = dose?.snoozable
    ? `dose:${dose.medicineId ? `${dose.medicineId}:` : ''}${dose.slot}:${dose.date}`
    : (intent.tagKey ?? intent.key);
  const topic = topicFor(userId, tagKey);
  const actions: PushPayload['actions'] = [];
  let url = intent.url ?? '/';
  if (dose) {
    const base = { userId, slot: dose.slot, date: dose.date, medicineId: dose.medicineId };
    // 'Take all' and the dose page name every dose of a merged notification (decision 263); the
    // snooze stays the slot's.
    const named = dose.also?.length ? { ...base, also: dose.also } : base;
    // The buttons in the recipient's language (the contract's PUSH_ACTIONS titles are the English).
    const texts = reminderTextsFor(intent.language);
    const takeTitle = (dose.count ?? 1) > 1 ? texts.takeAllAction : texts.takeAction;
    actions.push({
      ...PUSH_ACTIONS.take,
      title: takeTitle,
      token: tokens.sign({ ...named, action: 'take' }, now),
    });
    if (dose.snoozable) {
      actions.push({
        ...PUSH_ACTIONS.snooze,
        title: texts.snoozeAction,
        token: tokens.sign({ ...base, action: 'snooze' }, now),
      });
    }
    // base64url and a dot: safe in a query as it is.
    url = `${DOSE_PAGE_PATH}?token=${tokens.sign({ ...named, action: 'open' }, now)}`;
  }
  // Typed by the contract's schema (checked at compile time; the service worker parses it at run time).
  const payload = pushPayloadOf({
    id: notification.id,
    type: notification.type,
    title: notification.title,
    body: notification.message,
    tag: topic,
    navigate: context.publicUrl ? `${context.publicUrl}${url}` : url,
    createdAt: notification.createdAt,
    actions,
  });
  return { payload: fitPayload(payload), topic };
}
