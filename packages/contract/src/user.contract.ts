import { z } from 'zod';
import { ACTIVITY_RETENTION_DAYS, activityEntrySchema } from './activity.contract';
import { accountLinksExportSchema } from './account-links-export.contract';
import { PersonalTokenSchema } from './access-token.contract';
import { publicUserSchema } from './auth.contract';
import { defineProcedure } from './define-procedure';
import { journalExportSchema } from './journal-schemas.contract';
import { skipReasonSchema, takenDaySchema } from './dose-record.contract';
import { planChangeSchema } from './medicine-life.contract';
import { medicineSchema } from './medicine.contract';
import { notificationSchema } from './notification.contract';
import { gtinMappingExportSchema, packExportSchema } from './pack-schemas.contract';
import {
  LIMITS,
  currentPasswordSchema,
  emailSchema,
  localeSchema,
  passwordSchema,
  personNameSchema,
  successSchema,
  textSchema,
  timeZoneSchema,
  timestampSchema,
} from './primitives';
import { settingsSchema } from './settings.contract';
import { EXAMPLE } from './examples';

const pushTokenSchema = textSchema('Push token')
  .max(LIMITS.pushToken, 'Push token is too long.')
  .nullable()
  .meta({
    description:
      'A Web Push subscription serialised as a JSON string, or an FCM registration token; null when permission was not granted.',
  });

export const exportSchema = z
  .object({
    exportDate: timestampSchema,
    user: publicUserSchema,
    medicines: z.array(medicineSchema),
    doseHistory: z.array(takenDaySchema.extend({ medicineId: z.uuid() })),
    skippedDoses: z
      .array(
        z.object({
          medicineId: z.uuid(),
          date: z.string(),
          /** The slot's index in that day's `taken` flags. */
          slot: z.number().int().min(0),
          reason: skipReasonSchema.nullable(),
          note: z.string().optional(),
          skippedAt: timestampSchema,
        }),
      )
      .meta({
        description:
          'Every dose skipped on purpose whose skip still holds, with its reason and note (decisions 225, 226). Beside `doseHistory`, which keeps the spec’s shape: a skipped dose reads 0 in its `taken`.',
      }),
    // Optional: a file exported before postponements existed (issue 58) is still read.
    postponedDoses: z
      .array(
        z.object({
          medicineId: z.uuid(),
          date: z.string(),
          slot: z.number().int().min(0),
          to: z.string().meta({ description: 'The new time, HH:MM of that day in the user’s zone.' }),
          postponedAt: timestampSchema,
        }),
      )
      .optional()
      .meta({
        description:
          'Every dose postponed to a later time of its day (decision 316), beside `doseHistory`: the dose keeps its slot there.',
      }),
    refills: z.array(
      z.object({ medicineId: z.uuid(), pills: z.number().int(), refilledAt: timestampSchema }),
    ),
    asNeededIntakes: z
      .array(z.object({ medicineId: z.uuid(), takenAt: timestampSchema, override: z.boolean() }))
      .meta({ description: 'Every as-needed dose with its time; override marks one taken past a limit.' }),
    // Optional: a file exported before the history existed (issue 58) is still read.
    planChanges: z
      .array(planChangeSchema.extend({ medicineId: z.uuid() }))
      .optional()
      .meta({
        description:
          'Each medicine’s plan history, oldest first (decision 314): changes of dose, schedule, times or pills per dose, stops and resumes.',
      }),
    // Optional, as planChanges: a file exported before packs existed (issue 58) is still read.
    packs: z.array(packExportSchema).optional().meta({
      description: 'Every pack added, with its product number, batch, serial and expiry; used-up ones too.',
    }),
    gtinMappings: z.array(gtinMappingExportSchema).optional().meta({
      description: 'The product numbers (GTINs) named as medicines, with their pills per pack.',
    }),
    settings: settingsSchema,
    notifications: z.array(notificationSchema),
    devices: z
      .array(
        z.object({
          kind: z.string(),
          service: z.string().meta({ description: 'The push service host (Web Push) or "fcm".' }),
          registeredAt: timestampSchema,
        }),
      )
      .meta({ description: 'Devices registered for reminders.' }),
    sessions: z
      .array(z.object({ startedAt: timestampSchema, expiresAt: timestampSchema }))
      .meta({ description: 'Signed-in sessions that have not expired yet.' }),
    accessTokens: z.array(PersonalTokenSchema).meta({
      description: 'Personal access tokens not revoked: what they are, never their secrets (decision 268).',
    }),
    activity: z.array(activityEntrySchema).meta({
      description: `The account's activity record, newest first: sign-ins, security changes, exports, caregivers' reads (kept ${ACTIVITY_RETENTION_DAYS} days, decision 294).`,
    }),
    journal: journalExportSchema.meta({
      description: 'The health journal: readings, own types, preferences, symptoms and moods (issue 56).',
    }),
    twoFactor: z
      .object({ enabled: z.boolean(), enabledAt: timestampSchema.nullable() })
      .meta({ description: 'Whether two-step sign-in is on and since when; never its secret or codes.' }),
  })
  // Optional, as packs: a file exported before them (decision 352) is still read.
  .extend(accountLinksExportSchema.partial().shape)
  .meta({ id: 'Export' });
export type DataExport = z.infer<typeof exportSchema>;

/** How fresh a sign-in must be to delete an account that has no password (decision 198). */
export const RECENT_SIGN_IN_MINUTES = 10;

export const userContract = {
  get: defineProcedure({
    method: 'GET',
    path: '/api/user/{id}',
    tag: 'users',
    summary: 'The caller’s own user record, by id or email',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your account' },
    input: z.object({ id: textSchema('id').trim().min(1).max(LIMITS.email) }),
    output: z.object({ findUser: publicUserSchema }),
  }),
  update: defineProcedure({
    method: 'PUT',
    path: '/api/user/{userEmail}',
    tag: 'users',
    summary: 'Update the profile (the email cannot change)',
    description: 'A new password needs the current one.',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your account', 400: 'The email cannot be changed, or the current password is wrong' },
    example: { userEmail: EXAMPLE.email, name: 'Ada King' },
    input: z.object({
      userEmail: emailSchema,
      name: personNameSchema,
      email: emailSchema.optional(),
      password: passwordSchema.optional(),
      currentPassword: currentPasswordSchema.optional(),
    }),
    output: z.object({ user: publicUserSchema, message: z.string() }),
  }),
  deleteAccount: defineProcedure({
    method: 'DELETE',
    path: '/api/user/{userEmail}/account',
    tag: 'users',
    summary: 'Delete the account and all its data',
    description: `Asks who is at the keyboard again (decision 198). An account with a password sends it in a JSON body, \`{"password": "…"}\` (never in the URL: a password in the query string is refused). An account that signs in only with Google or OpenID Connect needs a sign-in made within the last ${RECENT_SIGN_IN_MINUTES} minutes: this request's session cookie must be that fresh.`,
    access: 'bearer',
    scope: 'account',
    errors: {
      400: 'The password is missing or not correct',
      403: `Not your account, or (no password set) no sign-in within the last ${RECENT_SIGN_IN_MINUTES} minutes`,
      404: 'No such user',
      429: 'Too many wrong passwords: wait, as after failed sign-ins',
    },
    example: { userEmail: EXAMPLE.email, password: EXAMPLE.password },
    input: z.object({
      userEmail: emailSchema,
      password: currentPasswordSchema
        .optional()
        .meta({ description: 'The account’s password; required when the account has one.' }),
    }),
    output: successSchema,
  }),
  socialLogin: defineProcedure({
    method: 'POST',
    path: '/api/user/social-login',
    tag: 'users',
    summary: 'Sign in with Google: verifies the Firebase ID token, then sets the session cookie',
    description:
      'The Firebase ID token goes in `idToken` (or as `Authorization: Bearer`). The account is found, created, or linked by the token’s verified email; `email` must be that email. `linkedExistingAccount` is true only on the sign-in that linked a password account; `securedUnverifiedAccount` only when that account had never verified its address, so its password, sessions, devices, calendar feed, caregivers and open invitations were removed (whoever registered the address may not own it).',
    access: 'public',
    errors: {
      401: 'No token, or a token that is forged, expired, for another project, or of an unverified email',
    },
    example: {
      email: EXAMPLE.email,
      name: EXAMPLE.name,
      idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMDkifQ.c2lnbmF0dXJl',
      timezone: EXAMPLE.timezone,
    },
    input: z.object({
      email: emailSchema,
      name: personNameSchema,
      tokenForNotification: pushTokenSchema.optional(),
      idToken: textSchema('ID token').max(LIMITS.idToken, 'ID token is too long.').optional().meta({
        description: 'The Firebase ID token of this sign-in.',
      }),
      timezone: timeZoneSchema.optional().meta({ description: 'The browser’s zone, saved if none is.' }),
      locale: localeSchema
        .optional()
        .meta({ description: 'The browser’s language, saved as a new account’s (issue 54).' }),
    }),
    output: successSchema.extend({
      user: publicUserSchema,
      linkedExistingAccount: z.boolean(),
      securedUnverifiedAccount: z.boolean(),
    }),
  }),
  savePushToken: defineProcedure({
    method: 'POST',
    path: '/api/user/save-fcm-token',
    tag: 'users',
    summary: 'Register this device for push notifications',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your account' },
    example: { email: EXAMPLE.email, tokenForNotification: 'fGx3kP9qR2s:APA91bH-example-registration-token' },
    input: z.object({ email: emailSchema, tokenForNotification: pushTokenSchema }),
    output: successSchema,
  }),
  export: defineProcedure({
    method: 'GET',
    path: '/api/user/{userEmail}/export',
    tag: 'users',
    summary: 'All of the user’s data as one JSON document',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your account' },
    input: z.object({ userEmail: emailSchema }),
    output: exportSchema,
  }),
};
