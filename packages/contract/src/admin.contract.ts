import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { emailSchema, idSchema, successSchema, textSchema, timestampSchema } from './primitives';
import { signupPolicySchema } from './signups.contract';

/** The most accounts or actions one page of the admin screen lists. */
export const ADMIN_PAGE_SIZE_MAX = 100;

const pageSchema = z.coerce
  .number({ error: 'page must be a whole number from 1.' })
  .int('page must be a whole number from 1.')
  .min(1, 'page must be a whole number from 1.')
  .max(100_000, 'page is too large.')
  .default(1);

const pageSizeSchema = z.coerce
  .number({ error: `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}.` })
  .int(`pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}.`)
  .min(1, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}.`)
  .max(ADMIN_PAGE_SIZE_MAX, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}.`)
  .default(25);

/** An account as the admin screen lists it: never a medicine, a dose or a setting. */
export const adminAccountSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    createdAt: timestampSchema,
    lastActiveAt: timestampSchema.nullable().meta({ description: 'The last sign-in; null: never.' }),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean().meta({ description: 'Two-factor sign-in on (false until it exists).' }),
    profiles: z
      .number()
      .int()
      .meta({ description: 'People the account keeps medicines for (1 until profiles exist).' }),
    disabled: z.boolean(),
    admin: z.boolean().meta({ description: 'Listed in ADMIN_EMAILS with a verified address.' }),
  })
  .meta({ id: 'AdminAccount' });
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminActionSchema = z
  .object({
    id: z.uuid(),
    actor: z.string().meta({ description: 'The administrator’s address, or "operator (CLI)".' }),
    action: z.enum(['disable', 'enable', 'delete', 'password-reset', 'signups', 'invite']),
    target: z.string().meta({ description: 'The account’s address, or the new sign-up policy.' }),
    at: timestampSchema,
  })
  .meta({ id: 'AdminAction' });
export type AdminActionView = z.infer<typeof adminActionSchema>;
export type AdminActionKind = AdminActionView['action'];

const accountInput = z.object({ id: idSchema });
const ACCOUNT_ERRORS = {
  403: 'The caller is not an administrator',
  404: 'No account has this id',
};

export const adminContract = {
  accounts: defineProcedure({
    method: 'GET',
    path: '/api/admin/accounts',
    tag: 'admin',
    summary: 'List accounts, newest first, paged and searchable by address',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'The caller is not an administrator' },
    input: z.object({
      query: textSchema('Search')
        .trim()
        .max(254, 'Search is too long.')
        .optional()
        .meta({ description: 'Part of an address (case-insensitive).' }),
      page: pageSchema,
      pageSize: pageSizeSchema,
    }),
    output: z.object({
      accounts: z.array(adminAccountSchema),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
  }),
  disable: defineProcedure({
    method: 'POST',
    path: '/api/admin/accounts/{id}/disable',
    tag: 'admin',
    summary: 'Disable an account: its sessions and tokens end at once, sign-in refused, reminders paused',
    access: 'bearer',
    scope: 'account',
    errors: { ...ACCOUNT_ERRORS, 400: 'Invalid input, or the caller’s own account' },
    input: accountInput,
    output: successSchema,
  }),
  enable: defineProcedure({
    method: 'POST',
    path: '/api/admin/accounts/{id}/enable',
    tag: 'admin',
    summary: 'Re-enable a disabled account: it may sign in again and its reminders resume',
    access: 'bearer',
    scope: 'account',
    errors: ACCOUNT_ERRORS,
    input: accountInput,
    output: successSchema,
  }),
  sendPasswordReset: defineProcedure({
    method: 'POST',
    path: '/api/admin/accounts/{id}/password-reset',
    tag: 'admin',
    summary: 'Mail the account a password reset link (the same link "Forgot password?" mails)',
    access: 'bearer',
    scope: 'account',
    successStatus: 202,
    errors: ACCOUNT_ERRORS,
    input: accountInput,
    output: successSchema,
  }),
  deleteAccount: defineProcedure({
    method: 'DELETE',
    path: '/api/admin/accounts/{id}',
    tag: 'admin',
    summary: 'Delete an account and everything it holds, once its address is typed to confirm',
    access: 'bearer',
    scope: 'account',
    errors: {
      ...ACCOUNT_ERRORS,
      400: 'Invalid input, the typed address is not the account’s, or the caller’s own account',
    },
    input: accountInput.extend({
      confirmEmail: emailSchema.meta({ description: 'The account’s address, typed again.' }),
    }),
    output: successSchema,
  }),
  signups: defineProcedure({
    method: 'GET',
    path: '/api/admin/signups',
    tag: 'admin',
    summary: 'The sign-up policy in force and where it comes from',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'The caller is not an administrator' },
    input: z.object({}).optional(),
    output: z.object({
      policy: signupPolicySchema,
      source: z.enum(['stored', 'environment']).meta({
        description:
          '`stored`: chosen in the admin screen or CLI (wins); `environment`: SIGNUPS, or its default.',
      }),
      invitesByUsers: z.boolean(),
    }),
  }),
  setSignups: defineProcedure({
    method: 'PUT',
    path: '/api/admin/signups',
    tag: 'admin',
    summary: 'Set the sign-up policy (stored; it wins over SIGNUPS from then on)',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'The caller is not an administrator' },
    example: { policy: 'invite' },
    input: z.object({ policy: signupPolicySchema }),
    output: successSchema,
  }),
  actions: defineProcedure({
    method: 'GET',
    path: '/api/admin/actions',
    tag: 'admin',
    summary: 'What administrators did, newest first (append-only record)',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'The caller is not an administrator' },
    input: z.object({ page: pageSchema, pageSize: pageSizeSchema }),
    output: z.object({ actions: z.array(adminActionSchema), total: z.number().int() }),
  }),
};
