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

/**
 * The notification a browser with Declarative Web Push shows by itself, without the service worker
 * (decision 242): the same words, and `navigate`, the dose page (or the app) a tap opens.
 */
const declarativeNotificationSchema = z.object({
  title: z.string(),
  body: z.optional(z.string()),
  navigate: z.string(),
  tag: z.optional(z.string()),
  lang: z.optional(z.string()),
});

/**
 * What a push message carries (JSON), read by the service worker. Also a declarative push message
 * (`web_push`, `notification`, decision 242); the service worker reads its own members, so a worker
 * that predates them reads the payload as before.
 */
export const pushPayloadSchema = z.object({
  v: z.literal(1),
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** Same for a dose and its repeats, so a resend replaces the shown notification. */
  tag: z.string(),
  /** Where a click on the notification goes: a path of this app, never another site. */
  url: z.string().check(z.regex(/^\/(?!\/)/, 'The push URL must be a path of this app.')),
  createdAt: z.string(),
  actions: z.array(z.object({ action: z.enum(['take', 'snooze']), title: z.string(), token: z.string() })),
  web_push: z.optional(z.literal(DECLARATIVE_PUSH.value)),
  notification: z.optional(declarativeNotificationSchema),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
