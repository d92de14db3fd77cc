import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import {
  currentPasswordSchema,
  emailSchema,
  localeSchema,
  passwordSchema,
  personNameSchema,
  successSchema,
  timeZoneSchema,
  timestampSchema,
} from './primitives';
import { registerInvitationField } from './signups.contract';
import { EXAMPLE } from './examples';
import { ERROR_REASONS } from './constants';

export const publicUserSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean().meta({
      description: 'Whether the owner proved the address (the mailed link, or a sign-in provider).',
    }),
    createdAt: timestampSchema,
    lastLogin: timestampSchema.nullable(),
  })
  .meta({ id: 'User' });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** How long the ticket between a right password and the second factor works (decision 286). */
export const SECOND_STEP_MINUTES = 5;

/** The answer of a right password for an account with two-step sign-in: no session yet. */
export const secondStepSchema = z
  .object({
    ticket: z.string().meta({ description: 'Send it with a code to /api/auth/two-factor/sign-in.' }),
    expiresAt: timestampSchema,
    methods: z
      .array(z.enum(['totp', 'recovery-code']))
      .meta({ description: 'Factors this account can give; a passkey may be added by its own call.' }),
  })
  .meta({ id: 'SecondStep' });
export type SecondStep = z.infer<typeof secondStepSchema>;

/**
 * A sign-in's answer: the user (a session cookie is set), or, for an account with two-step sign-in,
 * the second step (no session yet). Accounts without it get `{ user }` as before.
 */
export const signInAnswerSchema = z.union([
  z.object({ user: publicUserSchema }),
  z.object({ secondStep: secondStepSchema }),
]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const registerInputSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  timezone: timeZoneSchema
    .optional()
    .meta({ description: 'The browser’s zone, saved as the first setting.' }),
  locale: localeSchema
    .optional()
    .meta({ description: 'The browser’s language, saved as the account’s (issue 54).' }),
  invitation: registerInvitationField,
});

export const loginInputSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema.min(1, 'Password is required.'),
  timezone: timeZoneSchema
    .optional()
    .meta({ description: 'The browser’s zone; saved only if none is saved yet.' }),
});

export const authContract = {
  register: defineProcedure({
    method: 'POST',
    path: '/api/user/register',
    tag: 'auth',
    summary: 'Create an account',
    access: 'public',
    successStatus: 201,
    errors: {
      403: 'Sign-ups are closed (data.reason SIGNUPS_CLOSED) or invite-only and the invitation is missing, used, expired or for another address (data.reason INVITATION_REQUIRED)',
      409: 'An account with this email already exists',
    },
    example: {
      name: EXAMPLE.name,
      email: EXAMPLE.email,
      password: EXAMPLE.password,
      timezone: EXAMPLE.timezone,
    },
    input: registerInputSchema,
    output: z.object({
      message: z.literal('Created'),
      user: publicUserSchema,
      verificationRequired: z.boolean().meta({
        description:
          'True when this server lets an account sign in only once its address is verified: a link was mailed to it.',
      }),
    }),
  }),
  login: defineProcedure({
    method: 'POST',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Sign in with email and password; sets the session cookie',
    access: 'public',
    errors: {
      401: 'Wrong email or password',
      403: 'The address is not verified yet and this server requires it (data.reason EMAIL_UNVERIFIED), or an administrator disabled the account (data.reason ACCOUNT_DISABLED)',
      429: 'Too many failed attempts',
    },
    description:
      'An account with two-step sign-in gets `{ secondStep }` and no session: send its ticket with a code to /api/auth/two-factor/sign-in.',
    example: { email: EXAMPLE.email, password: EXAMPLE.password, timezone: EXAMPLE.timezone },
    input: loginInputSchema,
    output: signInAnswerSchema,
  }),
  logout: defineProcedure({
    method: 'POST',
    path: '/api/auth/logout',
    tag: 'auth',
    summary: 'End the session server-side and clear its cookie',
    access: 'public',
    example: {},
    input: z.object({}).optional(),
    output: successSchema,
  }),
  session: defineProcedure({
    method: 'GET',
    path: '/api/auth/session',
    tag: 'auth',
    summary: 'The user of the current session cookie, or null',
    access: 'public',
    input: z.object({}).optional(),
    output: z.object({ user: publicUserSchema.nullable() }),
  }),
  signOutEverywhere: defineProcedure({
    method: 'POST',
    path: '/api/auth/sign-out-everywhere',
    tag: 'auth',
    summary: 'End every other session and every access token issued so far',
    description:
      'This device stays signed in through its session cookie and fetches a new access token; every other device must sign in again.',
    access: 'bearer',
    scope: 'account',
    example: {},
    input: z.object({}).optional(),
    output: successSchema,
  }),
  token: defineProcedure({
    method: 'POST',
    path: '/jwt',
    tag: 'auth',
    summary: 'Issue a 1-hour access token for a proven identity',
    description:
      'Proof is a live session cookie for this email, or the account password in the body (API clients).',
    access: 'session',
    errors: {
      401: 'Identity not proven',
      403: `The account has two-step sign-in: a password alone gets no token (data.reason ${ERROR_REASONS.twoFactorRequired}); sign in with a session, or use a personal access token`,
      429: 'Too many failed attempts',
    },
    example: { email: EXAMPLE.email, password: EXAMPLE.password },
    input: z.object({
      email: emailSchema,
      password: currentPasswordSchema.optional(),
    }),
    output: z.object({ token: z.string(), expiresAt: timestampSchema }),
  }),
};
