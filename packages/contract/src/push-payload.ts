import * as z from 'zod/mini';
import { NOTIFICATION_TYPES } from './notification-types';

/**
 * The wire format of a reminder push, shared by the engine that builds it and the service worker
 * that reads it. A module of its own (subpath `@medrem/contract/push-payload`) so the service worker
 * bundles this schema and zod's small 'mini' build, not the whole contract and classic zod.
 */

/** The labels and ids of the buttons a reminder push shows. */
export const PUSH_ACTIONS = {
  take: { action: 'take', title: 'Mark as taken' },
  snooze: { action: 'snooze', title: 'Snooze 10 min' },
} as const;

/** The app's one-screen dose page a tap on a reminder opens, with the link's token (decision 241). */
export const DOSE_PAGE_PATH = '/dose';

/** The button that records every dose of a slot's reminder naming more than one medicine (issue 53). */
export const TAKE_ALL_TITLE = 'Take all';

/** Declarative Web Push (W3C Push API; Safari 18.4+): the member and value that mark such a message. */
export const DECLARATIVE_PUSH = { member: 'web_push', value: 8030 } as const;

const actionSchema = z.object({ action: z.enum(['take', 'snooze']), title: z.string(), token: z.string() });

/** A path of this app (never `//host`), or an absolute http(s) URL whose path the worker opens. */
const linkSchema = z
  .string()
  .check(z.regex(/^(\/(?!\/)|https?:\/\/)/, 'The push link must be a path of this app or its URL.'));

/**
 * The notification a browser with Declarative Web Push shows by itself, without the service worker
 * (decision 242), and the one place a push carries its words, tag and link (decision 262): the
 * service worker shows the same `title`, `body` and `tag`, and opens the path of `navigate`.
 */
const declarativeNotificationSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The dose page with its `open` token (decision 241) for a dose, else a page of the app. */
  navigate: linkSchema,
  /** Same for a dose and its repeats, so a resend replaces the shown notification. */
  tag: z.string(),
  lang: z.optional(z.string()),
});

/**
 * What a push message carries (JSON): a declarative push message (`web_push`, `notification`,
 * decision 242), the one place of its dose page link and token (decision 262), plus what only the
 * service worker uses: the id, type, time and the buttons with their action tokens. It also keeps
 * the first shape's own members (`v: 1`, `title`, `body`, `tag`, `url`) for the service workers
 * installed before decision 262: the app asks before it replaces its worker (`registerType:
 * 'prompt'`), so an old one can stay active for weeks and would show a push it cannot read as "You
 * have a new notification", without its medicines or buttons. Their `url` is the app, not the dose
 * page, so the page's token is still carried once.
 */
export const pushPayloadSchema = z.object({
  v: z.literal(1),
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  /** What a worker from before decision 262 opens: a path of this app, never another site. */
  url: z.string().check(z.regex(/^\/(?!\/)/, 'The push URL must be a path of this app.')),
  createdAt: z.string(),
  actions: z.array(actionSchema),
  web_push: z.literal(DECLARATIVE_PUSH.value),
  notification: declarativeNotificationSchema,
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * The first shape (until decision 242): the words, tag and link as the worker's own members, the
 * declarative copy optional. Still read, since a push stored in the outbox before an upgrade may be
 * sent (or retried) after it.
 */
export const legacyPushPayloadSchema = z.object({
  v: z.literal(1),
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  /** Where a click on the notification goes: a path of this app, never another site. */
  url: z.string().check(z.regex(/^\/(?!\/)/, 'The push URL must be a path of this app.')),
  createdAt: z.string(),
  actions: z.array(actionSchema),
  web_push: z.optional(z.literal(DECLARATIVE_PUSH.value)),
  notification: z.optional(
    z.object({
      title: z.string(),
      body: z.optional(z.string()),
      navigate: linkSchema,
      tag: z.optional(z.string()),
      lang: z.optional(z.string()),
    }),
  ),
});

/** A push as a reader (the service worker, a delivery channel) meets it: either shape. */
export const receivedPushSchema = z.union([pushPayloadSchema, legacyPushPayloadSchema]);
export type ReceivedPush = z.infer<typeof receivedPushSchema>;

/** What a reader shows and opens, whichever shape the push came in. */
export interface PushContent {
  id: string;
  type: PushPayload['type'];
  title: string;
  body: string;
  tag: string;
  /** The link as sent: a path, or (the declarative `navigate`) an absolute URL of the app. */
  link: string;
  createdAt: string;
  actions: PushPayload['actions'];
}

export function pushContentOf(push: ReceivedPush): PushContent {
  const { id, type, createdAt, actions } = push;
  // The declarative notification's words and link when it is whole (decision 262: the dose page is
  // linked only there); a push of the first shape has its own.
  const n = push.notification;
  if (n && n.body !== undefined && n.tag !== undefined) {
    return { id, type, createdAt, actions, title: n.title, body: n.body, tag: n.tag, link: n.navigate };
  }
  return { id, type, createdAt, actions, title: push.title, body: push.body, tag: push.tag, link: push.url };
}

/** The payload of a push with these words and link, in the one shape every sender builds. */
export function pushPayloadOf(content: Omit<PushContent, 'link'> & { navigate: string }): PushPayload {
  const { id, type, createdAt, actions, title, body, tag, navigate } = content;
  return {
    v: 1,
    id,
    type,
    title,
    body,
    tag,
    url: workerUrlOf(navigate),
    createdAt,
    actions,
    web_push: DECLARATIVE_PUSH.value,
    notification: { title, body, navigate, tag, lang: 'en' },
  };
}

/** The path a worker from before decision 262 opens: the app for the dose page (its token is in `navigate`). */
function workerUrlOf(navigate: string): string {
  const path = navigate.replace(/^https?:\/\/[^/]+/, '') || '/';
  return path === DOSE_PAGE_PATH || path.startsWith(`${DOSE_PAGE_PATH}?`) || !path.startsWith('/')
    ? '/'
    : path;
}
