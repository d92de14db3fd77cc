import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { notificationSchema } from './notification.contract';
import { changedAtSchema, idempotencyKeySchema, successSchema } from './primitives';

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
  url: z.string(),
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
  action: defineProcedure({
    method: 'POST',
    path: '/api/push/action',
    tag: 'push',
    summary: "Run a notification button ('Mark as taken' or 'Snooze 10 min') with its action token",
    description:
      'The service worker posts the short-lived, signed, single-purpose token a reminder push carries; the token names one action on one dose and is the only proof needed. A snooze token works once.',
    access: 'public',
    errors: { 401: 'The action token is invalid or has expired', 404: 'The dose is no longer scheduled' },
    input: z.object({
      token: z.string().min(20).max(2000),
      /** When the button was pressed: a press queued offline by the service worker syncs later. */
      at: changedAtSchema('at').optional(),
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    output: successSchema.extend({ action: z.enum(['take', 'snooze']) }),
  }),
};
