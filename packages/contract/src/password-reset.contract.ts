import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { signInAnswerSchema } from './auth.contract';
import { emailSchema, passwordSchema, successSchema, textSchema } from './primitives';
import { EXAMPLE } from './examples';

/** How long a mailed reset link works (issue 52). */
export const PASSWORD_RESET_LINK_MINUTES = 30;

/** A reset link's token as it arrives: bounded text; whether it is a real one the server decides. */
export const resetTokenSchema = textSchema('Token', { error: 'The reset link is incomplete.' })
  .min(1, 'The reset link is incomplete.')
  .max(128, 'This reset link is not valid.')
  .meta({ description: 'The `token` parameter of the mailed link.' });

/** What a reset link is now: the screen says which before it asks for a new password. */
export const resetLinkStateSchema = z.enum(['usable', 'used', 'expired', 'invalid']).meta({
  description:
    '`usable`: choose a new password; `used`: it worked once already; `expired`: older than 30 minutes; `invalid`: not a link this server sent, or replaced by a newer one.',
});
export type ResetLinkState = z.infer<typeof resetLinkStateSchema>;

export const passwordResetContract = {
  request: defineProcedure({
    method: 'POST',
    path: '/api/auth/password-reset',
    tag: 'auth',
    summary: 'Mail a password reset link (202 whether or not the address has an account)',
    description:
      'The same answer for every address, so nobody can learn which have accounts. An account that signs in only with a provider (Google, OpenID Connect) gets a mail saying how it signs in instead of a link. Limited per address and per IP.',
    access: 'public',
    successStatus: 202,
    errors: { 429: 'Too many reset requests for this address or from this network' },
    example: { email: EXAMPLE.email },
    input: z.object({ email: emailSchema }),
    output: successSchema,
  }),
  check: defineProcedure({
    method: 'POST',
    path: '/api/auth/password-reset/check',
    tag: 'auth',
    summary: 'Whether a reset link can still be used (it is not used up by asking)',
    access: 'public',
    example: { token: EXAMPLE.linkToken },
    input: z.object({ token: resetTokenSchema }),
    output: z.object({ state: resetLinkStateSchema }),
  }),
  confirm: defineProcedure({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    tag: 'auth',
    summary: 'Set a new password with a reset link; signs in as a sign-in does (session cookie)',
    description:
      'The link works once. Every other session and every access token issued before end; the other reset links of the account stop working; an unverified address counts as verified (the mail was read). An account with two-step sign-in gets `{ secondStep }` and no session, as a password sign-in does: the new password is set, the second factor still asked.',
    access: 'public',
    errors: {
      400: 'Invalid input, or the link is used, expired or not valid (nothing changed)',
      429: 'Too many failed attempts from this network',
    },
    example: { token: EXAMPLE.linkToken, password: 'a-new-long-passphrase' },
    input: z.object({ token: resetTokenSchema, password: passwordSchema }),
    output: signInAnswerSchema,
  }),
};
