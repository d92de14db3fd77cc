import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { notificationSchema } from './notification.contract';
import { changedAtSchema, idempotencyKeySchema, successSchema, textSchema } from './primitives';

export { PUSH_ACTIONS, type PushPayload, pushPayloadSchema } from './push-payload';

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
    input: z.object({
      token: textSchema('Action token').min(20).max(2000),
      /** When the button was pressed: a press queued offline by the service worker syncs later. */
      at: changedAtSchema('at').optional(),
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    output: successSchema.extend({ action: z.enum(['take', 'snooze']) }),
  }),
};
