import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { emailSchema, successSchema, timestampSchema } from './primitives';

export const identityProviderSchema = z.enum(['firebase', 'oidc']).meta({
  description: '`firebase`: Google through Firebase Auth; `oidc`: the server’s OpenID Connect provider.',
});
export type IdentityProviderName = z.infer<typeof identityProviderSchema>;

export const signInProvidersSchema = z
  .object({
    firebase: z
      .object({
        apiKey: z.string(),
        authDomain: z.string(),
        projectId: z.string(),
        emulatorUrl: z.string().nullable().meta({ description: 'The Auth emulator (tests only).' }),
      })
      .nullable(),
    oidc: z
      .object({
        label: z.string().meta({ description: 'The provider’s name for the button.' }),
        startUrl: z.string().meta({ description: 'Open this (a full-page navigation) to sign in.' }),
      })
      .nullable(),
  })
  .meta({ id: 'SignInProviders' });
export type SignInProviders = z.infer<typeof signInProvidersSchema>;

export const signInMethodsSchema = z.object({
  hasPassword: z.boolean(),
  providers: z.array(
    z.object({
      provider: identityProviderSchema,
      label: z.string(),
      email: z.string(),
      linkedAt: timestampSchema,
    }),
  ),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

export const socialContract = {
  providers: defineProcedure({
    method: 'GET',
    path: '/api/auth/providers',
    tag: 'auth',
    summary: 'The third-party sign-in options this server offers (none when unconfigured)',
    access: 'public',
    input: z.object({}).optional(),
    output: signInProvidersSchema,
  }),
  signInMethods: defineProcedure({
    method: 'GET',
    path: '/api/user/{userEmail}/sign-in-methods',
    tag: 'users',
    summary: 'How the caller can sign in: a password, and the providers linked to the account',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your account' },
    input: z.object({ userEmail: emailSchema }),
    output: signInMethodsSchema,
  }),
  unlink: defineProcedure({
    method: 'DELETE',
    path: '/api/user/{userEmail}/sign-in-methods/{provider}',
    tag: 'users',
    summary: 'Unlink a sign-in provider from the account',
    description: 'Refused (409) when it is the last way to sign in: set a password first.',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your account', 404: 'That provider is not linked', 409: 'The last way to sign in' },
    input: z.object({ userEmail: emailSchema, provider: identityProviderSchema }),
    output: successSchema,
  }),
};
