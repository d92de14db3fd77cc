import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { notificationSchema } from './notification.contract';
import { successSchema } from './primitives';

/** The labels and ids of the buttons a reminder push shows (service worker and server agree on them). */
export const PUSH_ACTIONS = {
  take: { action: 'take', title: 'Mark as taken' },
  snooze: { action: 'snooze', title: 'Snooze 10 min' },
} as const;

/** What a push message carries (JSON), read by the service worker. */
export const pushPayloadSchema = z.object({
  v: z.literal(1),
  id: z.uuid(),
  type: notificationSchema.shape.type,
  title: z.string(),
  body: z.string(),
  /** Same for a dose and its repeats, so a resend replaces the shown notification. */
  tag: z.string(),
  /** Where a click on the notification goes: a path of this app, never another site. */
  url: z.string().regex(/^\/(?!\/)/, 'The push URL must be a path of this app.'),
  createdAt: z.string(),
  actions: z.array(z.object({ action: z.enum(['take', 'snooze']), title: z.string(), token: z.string() })),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** One event of the live notification stream (tRPC subscription `push.notifications`, over SSE). */
export const notificationEventSchema = notificationSchema;

export const pushContract = {
  vapidPublicKey: defineProcedure({
    method: 'GET',
    path: '/api/push/vapid-public-key',
    tag: 'push',
    summary: 'The VAPID public key to subscribe to Web Push with (applicationServerKey)',
    access: 'public',
    input: z.object({}).optional(),
    output: z.object({ publicKey: z.string() }),
  }),
  /**
   * The live notification stream: a tRPC subscription (server-sent events), so it has no REST path
   * (`rest: false`). EventSource cannot send headers, so the session cookie proves the caller; API
   * clients may send a bearer token instead. Each event is a notification (notificationEventSchema).
   */
  notifications: defineProcedure({
    method: 'GET',
    path: '/trpc/push.notifications',
    tag: 'push',
    summary: 'Live notifications of the signed-in user (tRPC subscription over SSE)',
    access: 'public',
    rest: false,
    input: z.object({}).optional(),
    output: notificationEventSchema,
  }),
  action: defineProcedure({
    method: 'POST',
    path: '/api/push/action',
    tag: 'push',
    summary: "Run a notification button ('Mark as taken' or 'Snooze 10 min') with its action token",
    description:
      'The service worker posts the short-lived, signed, single-purpose token a reminder push carries; the token names one action on one dose and is the only proof needed. A snooze token works once.',
    access: 'public',
    errors: { 401: 'The action token is invalid or has expired', 404: 'The dose is no longer scheduled' },
    input: z.object({ token: z.string().min(20).max(2000) }),
    output: successSchema.extend({ action: z.enum(['take', 'snooze']) }),
  }),
};
