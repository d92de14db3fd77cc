import { z } from 'zod';
import { SIGNUP_INVITATION_DAYS, SIGNUP_POLICIES } from './constants';
import { defineProcedure } from './define-procedure';
import { EXAMPLE } from './examples';
import { emailSchema, successSchema, textSchema } from './primitives';

export { SIGNUP_INVITATION_DAYS, SIGNUP_POLICIES, type SignupPolicy } from './constants';

export const signupPolicySchema = z.enum(SIGNUP_POLICIES).meta({
  id: 'SignupPolicy',
  description:
    '`open`: anyone may register; `invite`: only with an invitation link mailed to that address; `closed`: nobody (existing accounts still sign in).',
});

/** An invitation link's token as it arrives: bounded text; whether it is real the server decides. */
export const invitationTokenSchema = textSchema('Invitation', { error: 'The invitation link is incomplete.' })
  .min(1, 'The invitation link is incomplete.')
  .max(128, 'This invitation link is not valid.')
  .meta({ description: 'The `invite` parameter of the mailed invitation link.' });

export const signupsContract = {
  policy: defineProcedure({
    method: 'GET',
    path: '/api/signups',
    tag: 'signups',
    summary: 'Who may register on this server (the register screen says it)',
    access: 'public',
    input: z.object({}).optional(),
    output: z.object({ policy: signupPolicySchema }),
  }),
  roles: defineProcedure({
    method: 'GET',
    path: '/api/signups/roles',
    tag: 'signups',
    summary: 'What the caller may do for the instance: administer it, invite people',
    description:
      'An administrator is an account whose address is in ADMIN_EMAILS and verified. Anyone signed in may ask; the answer is only about the caller.',
    access: 'bearer',
    scope: 'account',
    input: z.object({}).optional(),
    output: z.object({
      admin: z.boolean(),
      mayInvite: z.boolean().meta({
        description:
          'Whether the caller may send invitations (administrators, or anyone with SIGNUP_INVITES_BY_USERS=true and a verified address).',
      }),
    }),
  }),
  invite: defineProcedure({
    method: 'POST',
    path: '/api/signups/invitations',
    tag: 'signups',
    summary: 'Mail an invitation to register to an address',
    description: `The link works once, for ${SIGNUP_INVITATION_DAYS} days, and only for that address; only its hash is stored. An address that already has an account gets no mail (and the answer is the same).`,
    access: 'bearer',
    scope: 'account',
    successStatus: 202,
    errors: {
      403: 'The caller may not invite (not an administrator, and user invitations are off)',
      429: 'Too many invitations',
    },
    example: { email: EXAMPLE.email },
    input: z.object({ email: emailSchema }),
    output: successSchema,
  }),
};

export const registerInvitationField = invitationTokenSchema
  .optional()
  .meta({ description: 'The token of an invitation link; needed while sign-ups are invite-only.' });
