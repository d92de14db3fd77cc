import { z } from 'zod';
import { publicUserSchema } from './auth.contract';
import { defineProcedure } from './define-procedure';
import { currentPasswordSchema, emailSchema, successSchema, textSchema } from './primitives';
import { EXAMPLE } from './examples';

/** How long a verification link works; an email-change link works a day (decision 208). */
export const EMAIL_VERIFICATION_HOURS = 48;
export const EMAIL_CHANGE_HOURS = 24;

/** A mailed link's token, as the link carries it (43 base64url characters; anything else is refused). */
const linkTokenSchema = textSchema('Token', { error: 'The link has no token.' })
  .trim()
  .min(1, 'The link has no token.')
  .max(200, 'The link’s token is too long.')
  .meta({ description: 'The `token` parameter of the mailed link.' });

/**
 * Verified addresses and the email change (issue 52, decisions 208–211). The verification link and
 * the change link are opened from a mailbox, maybe in another browser: confirming needs the link
 * alone, never a session.
 */
export const emailContract = {
  resendVerification: defineProcedure({
    method: 'POST',
    path: '/api/auth/email-verification/resend',
    tag: 'auth',
    summary: 'Mail a new verification link to an account’s address',
    description:
      'The same answer whether or not the address has an account, or one still to verify (nobody learns which addresses have accounts). Limited per address and per IP; a new link replaces the older ones.',
    access: 'public',
    errors: { 429: 'Too many mails asked for this address or from this network' },
    example: { email: EXAMPLE.email },
    input: z.object({ email: emailSchema }),
    output: successSchema,
  }),
  verify: defineProcedure({
    method: 'POST',
    path: '/api/auth/email-verification/confirm',
    tag: 'auth',
    summary: 'Verify an address with the mailed link’s token',
    description: `The link works once, for ${EMAIL_VERIFICATION_HOURS} hours, and only while the account still uses the address it was sent to. Signed in or not.`,
    access: 'public',
    errors: { 400: 'The link is used, expired, replaced by a newer one, or not a link of ours' },
    example: { token: EXAMPLE.linkToken },
    input: z.object({ token: linkTokenSchema }),
    output: successSchema.extend({ email: z.string() }),
  }),
  requestChange: defineProcedure({
    method: 'POST',
    path: '/api/user/{userEmail}/email-change',
    tag: 'users',
    summary: 'Ask to change the account’s address: a confirmation goes to the new one',
    description: `Nothing changes until the link mailed to the new address is opened (it works ${EMAIL_CHANGE_HOURS} hours); the current address gets a notice. Asks who is at the keyboard again, as deleting the account does (decision 198): the password in the body, or for an account without one a sign-in of the last minutes.`,
    access: 'bearer',
    scope: 'account',
    errors: {
      400: 'The new address is the current one, or the password is missing or not correct',
      403: 'Not your account, or (no password set) no recent sign-in',
      409: 'An account with the new address exists',
      429: 'Too many attempts or mails',
    },
    example: { userEmail: EXAMPLE.email, newEmail: 'ada.king@example.com', password: EXAMPLE.password },
    input: z.object({
      userEmail: emailSchema,
      newEmail: emailSchema,
      password: currentPasswordSchema
        .optional()
        .meta({ description: 'The account’s password; required when the account has one.' }),
    }),
    output: successSchema,
  }),
  confirmChange: defineProcedure({
    method: 'POST',
    path: '/api/auth/email-change/confirm',
    tag: 'auth',
    summary: 'Confirm a new address with the link mailed to it; the change takes effect now',
    description:
      'The account signs in with the new address from now on, and it is verified. Sessions stay signed in; access tokens issued for the old address must be fetched again (POST /jwt with the new address).',
    access: 'public',
    errors: {
      400: 'The link is used, expired, replaced by a newer one, or not a link of ours',
      409: 'Another account took the new address meanwhile: nothing changed',
    },
    example: { token: EXAMPLE.linkToken },
    input: z.object({ token: linkTokenSchema }),
    output: successSchema.extend({ user: publicUserSchema }),
  }),
};
