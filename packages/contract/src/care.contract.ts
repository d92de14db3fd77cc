import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { emailSchema, idSchema, successSchema, timestampSchema } from './primitives';
import { EXAMPLE } from './examples';

/** Bounds of a caregiver's alert delay (minutes after the patient's own missed-dose alert). */
export const CARE_DELAY_MINUTES = { min: 15, max: 720, default: 60 } as const;
/** How long an invitation link works. */
export const CARE_INVITATION_DAYS = 7;

/** What a caregiver may see and when they are alerted (decision 140). */
export const carePermissionsSchema = z
  .object({
    canSeeMedicines: z
      .boolean({ error: 'canSeeMedicines must be true or false.' })
      .meta({ description: 'false: adherence only; true: also the medicine list.' }),
    missedDoseAlerts: z.boolean({ error: 'missedDoseAlerts must be true or false.' }),
    missedDelayMinutes: z
      .number({ error: `missedDelayMinutes must be a whole number of minutes.` })
      .int(`missedDelayMinutes must be a whole number of minutes.`)
      .min(
        CARE_DELAY_MINUTES.min,
        `missedDelayMinutes must be ${CARE_DELAY_MINUTES.min} to ${CARE_DELAY_MINUTES.max}.`,
      )
      .max(
        CARE_DELAY_MINUTES.max,
        `missedDelayMinutes must be ${CARE_DELAY_MINUTES.min} to ${CARE_DELAY_MINUTES.max}.`,
      )
      .meta({
        description:
          'Minutes after the patient’s own “still not taken?” alert (itself 60 minutes after the dose) before this caregiver is alerted.',
      }),
    refillAlerts: z.boolean({ error: 'refillAlerts must be true or false.' }),
  })
  .meta({ id: 'CarePermissions' });
export type CarePermissions = z.infer<typeof carePermissionsSchema>;

export const DEFAULT_CARE_PERMISSIONS: CarePermissions = {
  canSeeMedicines: false,
  missedDoseAlerts: true,
  missedDelayMinutes: CARE_DELAY_MINUTES.default,
  refillAlerts: false,
};

export const caregiverSchema = z
  .object({
    caregiverId: z.uuid(),
    name: z.string(),
    email: z.string(),
    since: timestampSchema,
    permissions: carePermissionsSchema,
  })
  .meta({ id: 'Caregiver' });
export type CaregiverView = z.infer<typeof caregiverSchema>;

export const careInvitationSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    expiresAt: timestampSchema,
    permissions: carePermissionsSchema,
  })
  .meta({ id: 'CareInvitation' });
export type CareInvitationView = z.infer<typeof careInvitationSchema>;

const doseCount = { due: z.number().int(), taken: z.number().int() };

export const caredPersonSchema = z
  .object({
    patientId: z.uuid(),
    name: z.string(),
    canSeeMedicines: z.boolean(),
    today: z.object({
      date: z.string().meta({ description: "The patient's today in their time zone" }),
      ...doseCount,
      slots: z.array(
        z.object({
          slot: z.number().int(),
          name: z.string(),
          time: z.string(),
          planned: z.number().int(),
          taken: z.number().int(),
          status: z.enum(['taken', 'not-taken', 'upcoming']),
        }),
      ),
    }),
    medicines: z
      .array(
        z.object({
          name: z.string(),
          dosage: z.string(),
          ...doseCount,
          asNeeded: z
            .array(z.object({ time: z.string(), override: z.boolean() }))
            .nullable()
            .meta({
              description:
                'As-needed medicines: today’s intakes (HH:MM in the patient’s zone), override when taken past a safety limit; null for scheduled medicines',
            }),
        }),
      )
      .nullable()
      .meta({ description: 'Only when the patient lets this caregiver see the medicine list; else null.' }),
  })
  .meta({ id: 'CaredPerson' });
export type CaredPersonView = z.infer<typeof caredPersonSchema>;

export const careTokenSchema = z
  .string({ error: 'The invitation token is missing.' })
  .min(20, 'This invitation link is not valid.')
  .max(400, 'This invitation link is not valid.')
  .regex(/^[A-Za-z0-9._-]+$/, 'This invitation link is not valid.');

const userEmail = emailSchema.meta({ description: 'The caller’s own email' });

export const careContract = {
  invite: defineProcedure({
    method: 'POST',
    path: '/api/care/{userEmail}/invitations',
    tag: 'care',
    summary: 'Invite a caregiver by email: a signed link that works once, for 7 days',
    description:
      'The invitation is mailed to the invited address when the patient’s own address is verified (decision 210; `mailed` says whether); the answer also holds the token the patient may share as /care/accept?token=…. Only the account with the invited email can accept.',
    access: 'bearer',
    scope: 'account',
    successStatus: 201,
    errors: { 403: 'userEmail is not yours', 409: 'That person is already your caregiver' },
    example: { userEmail: EXAMPLE.email, email: EXAMPLE.otherEmail, permissions: EXAMPLE.permissions },
    input: z.object({ userEmail, email: emailSchema, permissions: carePermissionsSchema }),
    output: z.object({
      invitation: careInvitationSchema,
      token: z.string(),
      mailed: z.boolean().meta({
        description:
          'Whether the invitation mail was queued: false while the patient’s address is not verified.',
      }),
    }),
  }),
  circle: defineProcedure({
    method: 'GET',
    path: '/api/care/{userEmail}/caregivers',
    tag: 'care',
    summary: 'My caregivers and my invitations still open',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'userEmail is not yours' },
    input: z.object({ userEmail }),
    output: z.object({ caregivers: z.array(caregiverSchema), invitations: z.array(careInvitationSchema) }),
  }),
  updateCaregiver: defineProcedure({
    method: 'PUT',
    path: '/api/care/{userEmail}/caregivers/{caregiverId}',
    tag: 'care',
    summary: 'Change what a caregiver may see and when they are alerted',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'userEmail is not yours', 404: 'No such caregiver of yours' },
    example: { userEmail: EXAMPLE.email, caregiverId: EXAMPLE.otherId, permissions: EXAMPLE.permissions },
    input: z.object({ userEmail, caregiverId: idSchema, permissions: carePermissionsSchema }),
    output: z.object({ caregiver: caregiverSchema }),
  }),
  removeCaregiver: defineProcedure({
    method: 'DELETE',
    path: '/api/care/{userEmail}/caregivers/{caregiverId}',
    tag: 'care',
    summary: 'Remove a caregiver: they lose access and alerts at once',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'userEmail is not yours', 404: 'No such caregiver of yours' },
    input: z.object({ userEmail, caregiverId: idSchema }),
    output: successSchema,
  }),
  revokeInvitation: defineProcedure({
    method: 'DELETE',
    path: '/api/care/{userEmail}/invitations/{id}',
    tag: 'care',
    summary: 'Withdraw an invitation not yet accepted',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'userEmail is not yours', 404: 'No such open invitation of yours' },
    input: z.object({ userEmail, id: idSchema }),
    output: successSchema,
  }),
  invitation: defineProcedure({
    method: 'POST',
    path: '/api/care/invitation/preview',
    tag: 'care',
    summary: 'Who invites the caller, read from an invitation token (changes nothing)',
    description: 'POST keeps the token out of URLs and logs.',
    access: 'bearer',
    scope: 'account',
    errors: {
      403: 'The invitation is for another email',
      404: 'Unknown invitation',
      409: 'The invitation expired or was already used',
    },
    example: { token: EXAMPLE.linkToken },
    input: z.object({ token: careTokenSchema }),
    output: z.object({ patientName: z.string(), email: z.string(), expiresAt: timestampSchema }),
  }),
  accept: defineProcedure({
    method: 'POST',
    path: '/api/care/invitation/accept',
    tag: 'care',
    summary: 'Accept an invitation: the caller becomes the patient’s caregiver',
    access: 'bearer',
    scope: 'account',
    errors: {
      403: 'The invitation is for another email',
      404: 'Unknown invitation',
      409: 'The invitation expired or was already used; already their caregiver; one’s own invitation',
    },
    example: { token: EXAMPLE.linkToken },
    input: z.object({ token: careTokenSchema }),
    output: z.object({ patientId: z.uuid(), patientName: z.string() }),
  }),
  patients: defineProcedure({
    method: 'GET',
    path: '/api/care/{userEmail}/patients',
    tag: 'care',
    summary: 'The people I care for, with today’s status (read-only)',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'userEmail is not yours' },
    input: z.object({ userEmail }),
    output: z.object({ patients: z.array(caredPersonSchema) }),
  }),
  leave: defineProcedure({
    method: 'DELETE',
    path: '/api/care/{userEmail}/patients/{patientId}',
    tag: 'care',
    summary: 'Stop being someone’s caregiver: access and alerts end at once',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'userEmail is not yours', 404: 'You are not this person’s caregiver' },
    input: z.object({ userEmail, patientId: idSchema }),
    output: successSchema,
  }),
};
