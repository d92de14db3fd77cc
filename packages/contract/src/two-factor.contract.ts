import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { currentPasswordSchema, successSchema, textSchema, timestampSchema } from './primitives';
import { ERROR_REASONS } from './constants';
import { publicUserSchema } from './auth.contract';

/** TOTP as authenticator apps read it (RFC 6238, decision 287). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes made at once; each works once (decision 288). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A second factor as typed: the 6 digits of the authenticator app, or one recovery code (letters
 * and digits, dashes and spaces ignored). The server tells them apart by their shape.
 */
export const twoFactorCodeSchema = textSchema('Code', { error: 'Enter the code.' })
  .trim()
  .min(1, 'Enter the 6-digit code from your app, or a recovery code.')
  .max(32, 'This code is too long: enter the 6-digit code from your app, or a recovery code.')
  .meta({
    description:
      'The 6-digit code of the authenticator app, or an unused recovery code (e.g. `k3m9q-x7p2d`).',
    example: '123456',
  });

const ticketSchema = textSchema('Ticket', { error: 'The sign-in step is missing: sign in again.' })
  .min(1, 'The sign-in step is missing: sign in again.')
  .max(128, 'This sign-in step is not valid: sign in again.')
  .meta({ description: 'The `secondStep.ticket` of the password sign-in’s answer.' });

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabledAt: timestampSchema.nullable(),
    /** Set up but not yet confirmed with a code. */
    pending: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

const recoveryCodesOutput = z.object({
  recoveryCodes: z
    .array(z.string())
    .meta({ description: 'Shown this once: only their hashes are kept. Each works once.' }),
});

const factorInput = z.object({ code: twoFactorCodeSchema });
const refusals = {
  400: `A wrong, expired or already used code (data.reason ${ERROR_REASONS.twoFactorCodeInvalid}); nothing changed`,
  429: 'Too many wrong codes',
};

/**
 * Two-step sign-in (issue 57): TOTP and recovery codes. Only a signed-in session manages it: no
 * personal token may call these (scope 'account').
 */
export const twoFactorContract = {
  status: defineProcedure({
    method: 'GET',
    path: '/api/auth/two-factor',
    tag: 'auth',
    summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
    access: 'bearer',
    scope: 'account',
    input: z.object({}).optional(),
    output: twoFactorStatusSchema,
  }),
  startSetup: defineProcedure({
    method: 'POST',
    path: '/api/auth/two-factor/setup',
    tag: 'auth',
    summary: 'Start setting up an authenticator app: a new secret, its otpauth URI and QR code',
    description:
      'Two-step sign-in is not on until /setup/confirm gets a right code. Starting again replaces an unconfirmed secret.',
    access: 'bearer',
    scope: 'account',
    errors: { 409: 'Two-step sign-in is on already: turn it off first' },
    example: {},
    input: z.object({}).optional(),
    output: z.object({
      secret: z.string().meta({ description: 'The base32 key, for typing it into the app by hand.' }),
      otpauthUri: z.string(),
      qrSvg: z.string().meta({ description: 'The otpauth URI as an SVG QR code.' }),
    }),
  }),
  confirmSetup: defineProcedure({
    method: 'POST',
    path: '/api/auth/two-factor/setup/confirm',
    tag: 'auth',
    summary: 'Turn two-step sign-in on with a code from the app; answers the recovery codes once',
    access: 'bearer',
    scope: 'account',
    description:
      'Every other session of the account ends, and every access token issued before (this device fetches a new one with its session): whoever signed in with the password alone is out (decision 353).',
    errors: { ...refusals, 409: 'Nothing to confirm: start the setup first, or it is on already' },
    example: { code: '123456' },
    input: factorInput,
    output: recoveryCodesOutput.extend({
      otherSessionsEnded: z.number().int().meta({ description: 'How many other sessions were ended.' }),
    }),
  }),
  regenerateRecoveryCodes: defineProcedure({
    method: 'POST',
    path: '/api/auth/two-factor/recovery-codes',
    tag: 'auth',
    summary: 'New recovery codes (the old ones stop working); needs a current code',
    access: 'bearer',
    scope: 'account',
    errors: { ...refusals, 409: 'Two-step sign-in is off' },
    example: { code: '123456' },
    input: factorInput,
    output: recoveryCodesOutput,
  }),
  disable: defineProcedure({
    method: 'POST',
    path: '/api/auth/two-factor/disable',
    tag: 'auth',
    summary: 'Turn two-step sign-in off; needs a current code and, for a password account, the password',
    access: 'bearer',
    scope: 'account',
    errors: { ...refusals, 409: 'Two-step sign-in is off' },
    example: { code: '123456', password: 'correct-horse-battery' },
    input: factorInput.extend({ password: currentPasswordSchema.optional() }),
    output: successSchema,
  }),
  completeSignIn: defineProcedure({
    method: 'POST',
    path: '/api/auth/two-factor/sign-in',
    tag: 'auth',
    summary: 'The second step of a sign-in: the ticket and a code; sets the session cookie',
    access: 'public',
    errors: {
      400: `A wrong or used code (data.reason ${ERROR_REASONS.twoFactorCodeInvalid}), or an expired or unknown ticket (data.reason ${ERROR_REASONS.twoFactorTicketInvalid})`,
      403: 'An administrator disabled the account (data.reason ACCOUNT_DISABLED)',
      429: 'Too many wrong codes',
    },
    example: { ticket: 'q8Zt3vKp0sYw1xRb6nLm4cHd9fGj2aEu', code: '123456' },
    input: z.object({ ticket: ticketSchema, code: twoFactorCodeSchema }),
    output: z.object({ user: publicUserSchema }),
  }),
};
