import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { doseSkipSchema, skipNoteSchema, skipReasonSchema } from './dose-record.contract';
import { notificationSchema } from './notification.contract';
import {
  changedAtSchema,
  idempotencyKeySchema,
  isoDateSchema,
  successSchema,
  textSchema,
  timeSchema,
} from './primitives';

export {
  DECLARATIVE_PUSH,
  DOSE_PAGE_PATH,
  PUSH_ACTIONS,
  TAKE_ALL_TITLE,
  type PushContent,
  type PushPayload,
  type ReceivedPush,
  legacyPushPayloadSchema,
  pushContentOf,
  pushPayloadOf,
  pushPayloadSchema,
  receivedPushSchema,
} from './push-payload';

/**
 * What a dose's buttons or its dose page may do. 'skip' (decisions 225, 229) settles the dose,
 * stopping its follow-ups; from the dose page with the reason and note the person chose.
 * 'postpone' (decision 343): the dose page moves the link's open doses to `newTime` today.
 */
export const doseActionSchema = z.enum(['take', 'snooze', 'skip', 'postpone']);

/** The token a reminder carries: signed, short-lived, naming one dose (decision 241). */
const doseTokenSchema = (label: string) => textSchema(label).min(20).max(2000);

/**
 * The dose page (decisions 241, 259): the slot a reminder's link names, each dose's state (taken
 * and when, or skipped and why), and nothing else of the account.
 */
export const dosePageSchema = z.object({
  date: isoDateSchema,
  /** 'HH:MM' in the user's zone. */
  time: timeSchema,
  /** 'Morning', 'Evening'…: the slot's name from its time. */
  slotName: z.string(),
  medicines: z.array(
    z.object({
      name: z.string(),
      dosage: z.string(),
      taken: z.boolean(),
      /** When it was taken, where known (decision 191); only on a taken dose. */
      takenAt: z.iso.datetime().optional(),
      /** The skip that holds (decision 225), with its reason and note; only on a skipped dose. */
      skipped: doseSkipSchema.optional(),
      /** 'HH:MM' the open dose is postponed to today (decisions 316, 343); only on a postponed dose. */
      postponedTo: timeSchema.optional(),
    }),
  ),
  /**
   * While a dose of the link is neither taken nor skipped: take, snooze (a slot's reminder only),
   * skip, and postpone (today's dose, while a later time is left today). Once each is settled and
   * one is skipped: take alone ('Take it anyway'). All taken: none.
   */
  actions: z.array(doseActionSchema),
  /**
   * The zone the dose's times are in (the user's saved zone): a postponement's new time is a time of
   * that day there, so the page offers only times still ahead in it (decision 343).
   */
  timeZone: z.string(),
  /** When the link stops working. */
  expiresAt: z.iso.datetime(),
});
export type DosePage = z.infer<typeof dosePageSchema>;

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
      "The service worker posts the short-lived, signed, single-purpose token a reminder push carries; the token names one action on one dose and is the only proof needed. A snooze token works once. The dose page's token runs the action asked: take, snooze, skip, or postpone with newTime (the link's open doses to a later time today; 400 without newTime, into another day or before now; 409 once they are all taken or skipped).",
    access: 'public',
    errors: {
      401: 'The action token is invalid or has expired',
      404: 'The dose is no longer scheduled',
      409: 'Nothing left to postpone: the doses are taken or skipped',
    },
    example: { token: 'eyJtIjoiM2YyYjhjMWUiLCJzIjowfQ.c2lnbmVkLWFjdGlvbi10b2tlbg', action: 'take' },
    input: z.object({
      token: doseTokenSchema('Action token'),
      /** Which action to run: needed with a dose page's token, which allows more than one. */
      action: doseActionSchema.optional(),
      /** A skip's reason and note (decision 225), from the dose page; a button's skip has none. */
      reason: skipReasonSchema.optional(),
      note: skipNoteSchema.optional(),
      /**
       * 'postpone' only (decision 343): the new time of the link's open doses, 'HH:MM' the same day,
       * later than the planned time and than now.
       */
      newTime: timeSchema.optional(),
      /** When the button was pressed: a press queued offline by the service worker syncs later. */
      at: changedAtSchema('at').optional(),
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    output: successSchema.extend({ action: doseActionSchema }),
  }),
  dose: defineProcedure({
    method: 'GET',
    path: '/api/push/dose',
    tag: 'push',
    summary: 'The dose a reminder link names: its medicines, time and the actions the link allows',
    description:
      "What the dose page shows when a notification is tapped (decision 241): the token of the reminder's link is the only proof, and it reads that one dose slot and nothing else of the account.",
    access: 'public',
    errors: {
      401: 'The link is invalid or has expired',
      404: 'The dose is no longer scheduled',
    },
    input: z.object({ token: doseTokenSchema('Dose link token') }),
    output: dosePageSchema,
  }),
};
