import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { timestampSchema } from './primitives';

/** How long the account's activity record is kept (issue 57, decision 294). */
export const ACTIVITY_RETENTION_DAYS = 180;
/** The most entries one page of the activity record holds. */
export const ACTIVITY_PAGE_SIZE_MAX = 100;

/** How a sign-in proved who it was; `passkey` is written by the passkeys feature. */
export const SIGN_IN_METHODS = ['password', 'google', 'oidc', 'reset-link', 'passkey'] as const;
export const signInMethodSchema = z.enum(SIGN_IN_METHODS);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** What a caregiver's read showed them (care.patients: today's doses, and the medicines if allowed). */
export const CARE_READS = ['today-doses', 'today-doses-and-medicines'] as const;

const base = {
  id: z.uuid(),
  at: timestampSchema,
  device: z
    .string()
    .nullable()
    .meta({ description: 'The browser and system named by the user agent, e.g. "Firefox on Windows".' }),
  ip: z
    .string()
    .nullable()
    .meta({ description: 'The address truncated: IPv4 to its /24 (203.0.113.0), IPv6 to its /48.' }),
};

const nothing = z.object({}).strict();
const named = z.object({ name: z.string() });

/**
 * One entry of the activity record, its detail typed per kind. The client words each entry (the
 * server sends facts, not sentences). Kinds written by features still to come (two-factor sign-in,
 * passkeys) are here already, so those features only call the recorder.
 */
export const activityEntrySchema = z
  .discriminatedUnion('kind', [
    z.object({
      ...base,
      kind: z.enum(['sign-in', 'new-device']),
      detail: z.object({ method: signInMethodSchema }),
    }),
    z.object({
      ...base,
      kind: z.enum([
        'password-changed',
        'password-reset',
        'signed-out-everywhere',
        'data-export',
        'calendar-feed',
        'two-factor-on',
        'two-factor-off',
      ]),
      detail: nothing,
    }),
    z.object({
      ...base,
      kind: z.literal('email-changed'),
      detail: z.object({ from: z.string(), to: z.string() }),
    }),
    z.object({
      ...base,
      kind: z.enum(['token-created', 'token-revoked', 'passkey-added', 'passkey-removed']),
      detail: named,
    }),
    z.object({
      ...base,
      kind: z.literal('care-read'),
      detail: z.object({
        what: z.enum(CARE_READS),
        caregiver: z
          .object({ name: z.string(), email: z.string() })
          .meta({ description: 'Who read, as they were named when they read.' }),
      }),
    }),
  ])
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export type ActivityKind = ActivityEntry['kind'];

/** A kind with its detail, as a service records it (the server adds id, time, device and address). */
export type ActivityFact = ActivityEntry extends infer E
  ? E extends { kind: infer K; detail: infer D }
    ? K extends unknown
      ? { kind: K; detail: D }
      : never
    : never
  : never;

/** An opaque position in the record: the last entry's time and id, as the server wrote them. */
const cursorSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'cursor must be the nextCursor of an earlier page.',
  );

export const activityContract = {
  list: defineProcedure({
    method: 'GET',
    path: '/api/account/activity',
    tag: 'auth',
    summary:
      'The account’s recent activity, newest first: sign-ins, security changes, exports, caregivers’ reads',
    description: `Kept ${ACTIVITY_RETENTION_DAYS} days. Page on with \`cursor\` = the last page's \`nextCursor\`.`,
    access: 'bearer',
    scope: 'account',
    input: z
      .object({
        cursor: cursorSchema.optional(),
        limit: z.coerce
          .number({ error: `limit must be a whole number from 1 to ${ACTIVITY_PAGE_SIZE_MAX}.` })
          .int(`limit must be a whole number from 1 to ${ACTIVITY_PAGE_SIZE_MAX}.`)
          .min(1, `limit must be a whole number from 1 to ${ACTIVITY_PAGE_SIZE_MAX}.`)
          .max(ACTIVITY_PAGE_SIZE_MAX, `limit must be a whole number from 1 to ${ACTIVITY_PAGE_SIZE_MAX}.`)
          .default(30),
      })
      .optional(),
    output: z.object({
      entries: z.array(activityEntrySchema),
      nextCursor: z.string().nullable().meta({ description: 'null: nothing older.' }),
    }),
  }),
};
