import { z } from 'zod';
import { ERROR_REASONS } from './constants';
import { defineProcedure } from './define-procedure';
import { idSchema, textSchema, timestampSchema } from './primitives';
import {
  MAX_PERSONAL_TOKENS,
  PAT_PREFIX,
  TOKEN_MAX_YEARS,
  TOKEN_NAME_MAX,
  TOKEN_SCOPES,
  TOKEN_SCOPE_TEXT,
} from './token-scopes';

export * from './token-scopes';

const scopeList = TOKEN_SCOPES.map((scope) => `\`${scope}\`: ${TOKEN_SCOPE_TEXT[scope]}`).join(' ');

export const tokenScopeSchema = z
  .enum(TOKEN_SCOPES, { error: `Unknown scope: use ${TOKEN_SCOPES.join(', ')}.` })
  .meta({ id: 'TokenScope', description: scopeList });

export const PersonalTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scopes: z.array(tokenScopeSchema),
    createdAt: timestampSchema,
    lastUsedAt: timestampSchema
      .nullable()
      .meta({ description: 'Last call made with it (to the minute); null: never used' }),
    expiresAt: timestampSchema.nullable().meta({ description: 'When it stops working; null: never' }),
  })
  .meta({ id: 'PersonalToken' });
export type PersonalToken = z.infer<typeof PersonalTokenSchema>;

export const tokenNameSchema = textSchema('Token name', { error: 'Token name is required.' })
  .trim()
  .min(1, 'Token name is required.')
  .max(TOKEN_NAME_MAX, `Token name is too long (at most ${TOKEN_NAME_MAX} characters).`)
  .meta({
    description: 'What the token is for, e.g. the script or app using it.',
    example: 'Kitchen display',
  });

export const createTokenInputSchema = z.object({
  name: tokenNameSchema,
  scopes: z
    .array(tokenScopeSchema, { error: 'scopes must be a list, e.g. ["read"].' })
    .min(1, 'Choose at least one scope.')
    .max(TOKEN_SCOPES.length, 'A scope may be named once.')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope may be named once.')
    .meta({ example: ['read'] }),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'expiresAt must be an ISO 8601 date-time, e.g. 2027-01-31T00:00:00Z.' })
    .nullable()
    .optional()
    .meta({
      description: `When the token stops working: in the future, at most ${TOKEN_MAX_YEARS} years ahead. Left out or null: never.`,
      example: '2027-06-30T00:00:00Z',
    }),
});
export type CreateTokenInput = z.infer<typeof createTokenInputSchema>;

/**
 * Personal access tokens (issue 59): a user's own revocable, scoped tokens for scripts and apps, sent
 * as `Authorization: Bearer mr_pat_…`. Only a signed-in session manages them: no personal token may
 * call these (scope 'account').
 */
export const accessTokenContract = {
  list: defineProcedure({
    method: 'GET',
    path: '/api/tokens',
    tag: 'Tokens',
    summary: 'The caller’s personal access tokens, newest first (never their secrets)',
    access: 'bearer',
    scope: 'account',
    input: z.object({}).optional(),
    output: z.object({ tokens: z.array(PersonalTokenSchema) }),
  }),
  create: defineProcedure({
    method: 'POST',
    path: '/api/tokens',
    tag: 'Tokens',
    summary: 'Create a personal access token; its secret is in this answer only',
    description: `The secret (\`${PAT_PREFIX}…\`) is shown once: only its hash is kept. Use it as \`Authorization: Bearer\` on the calls its scopes allow. An account holds at most ${MAX_PERSONAL_TOKENS} tokens.`,
    access: 'bearer',
    scope: 'account',
    successStatus: 201,
    errors: {
      400: 'Invalid input: an unknown or repeated scope, a name too long, or an expiry in the past or too far ahead',
      409: `The account holds ${MAX_PERSONAL_TOKENS} tokens already: revoke one first (reason ${ERROR_REASONS.tokenLimit})`,
    },
    example: { name: 'Kitchen display', scopes: ['read', 'doses:write'], expiresAt: '2027-06-30T00:00:00Z' },
    input: createTokenInputSchema,
    output: z.object({
      token: PersonalTokenSchema,
      secret: z
        .string()
        .meta({ description: `The token itself (${PAT_PREFIX}…): shown this once, never again` }),
    }),
  }),
  revoke: defineProcedure({
    method: 'DELETE',
    path: '/api/tokens/{id}',
    tag: 'Tokens',
    summary: 'Revoke a personal access token: it stops working at once',
    access: 'bearer',
    scope: 'account',
    errors: { 404: 'No such token of yours' },
    input: z.object({ id: idSchema }),
    output: z.object({ revoked: z.literal(true) }),
  }),
};
