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

/** What a push message carries (JSON), read by the service worker. */
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
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
