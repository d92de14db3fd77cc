import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { publicUserSchema } from './auth.contract';
import { idSchema, textSchema, timeZoneSchema, timestampSchema } from './primitives';

/** How many passkeys one account may hold (each is a row and a choice in the browser's list). */
export const MAX_PASSKEYS = 20;
export const PASSKEY_NAME_MAX = 60;
/** How long a registration or sign-in may take between the options and the answer. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

export const PasskeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    createdAt: timestampSchema,
    lastUsedAt: timestampSchema.nullable().meta({ description: 'Last sign-in with it; null: never' }),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof PasskeySchema>;

export const passkeyNameSchema = textSchema('Passkey name', { error: 'Passkey name is required.' })
  .trim()
  .min(1, 'Passkey name is required.')
  .max(PASSKEY_NAME_MAX, `Passkey name is too long (at most ${PASSKEY_NAME_MAX} characters).`)
  .meta({ description: 'What the passkey is on, e.g. the phone or the security key.', example: 'My phone' });

/** One base64url field of a WebAuthn answer; the size bounds what a browser ever sends. */
const base64url = (field: string, max = 16_384) =>
  z
    .string({ error: `${field} must be base64url text.` })
    .max(max, `${field} is too long.`)
    .regex(/^[A-Za-z0-9_-]*$/, `${field} must be base64url text.`);

const credentialFields = {
  id: base64url('id', 1_400).min(1, 'id is required.'),
  rawId: base64url('rawId', 1_400).min(1, 'rawId is required.'),
  type: z.literal('public-key', { error: 'type must be "public-key".' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z
    .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
    .default({})
    .meta({ description: 'As the browser gave them; other extensions are ignored.' }),
};

/** What `navigator.credentials.create()` answered, as @simplewebauthn/browser serialises it. */
export const registrationResponseSchema = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url('clientDataJSON'),
      attestationObject: base64url('attestationObject'),
      transports: z
        .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
        .max(10)
        .optional(),
    }),
  })
  .meta({ id: 'PasskeyRegistrationResponse' });

/** What `navigator.credentials.get()` answered, as @simplewebauthn/browser serialises it. */
export const authenticationResponseSchema = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url('clientDataJSON'),
      authenticatorData: base64url('authenticatorData'),
      signature: base64url('signature', 2_048),
      userHandle: base64url('userHandle', 128).optional(),
    }),
  })
  .meta({ id: 'PasskeyAuthenticationResponse' });

/** The browser's options, as @simplewebauthn/browser's start… functions take them (optionsJSON). */
const optionsSchema = z.record(z.string(), z.unknown()).meta({
  description: 'PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON (WebAuthn Level 3).',
});

const EXAMPLE_CREDENTIAL = {
  id: 'hT4qv0R1Qm2h8kG4sX2p0w',
  rawId: 'hT4qv0R1Qm2h8kG4sX2p0w',
  type: 'public-key',
} as const;

/**
 * Passkeys (WebAuthn, issue 57; decisions 290–292). Registration and management need a signed-in
 * session (no personal token: scope 'account'); a sign-in needs nothing but the passkey. Every
 * challenge works once and for 5 minutes.
 */
export const passkeyContract = {
  list: defineProcedure({
    method: 'GET',
    path: '/api/auth/passkeys',
    tag: 'auth',
    summary: 'The caller’s passkeys, newest first',
    access: 'bearer',
    scope: 'account',
    input: z.object({}).optional(),
    output: z.object({ passkeys: z.array(PasskeySchema) }),
  }),
  registrationOptions: defineProcedure({
    method: 'POST',
    path: '/api/auth/passkeys/registration/options',
    tag: 'auth',
    summary: 'Start adding a passkey: the options for navigator.credentials.create()',
    description:
      'A discoverable credential with user verification; the caller’s passkeys are excluded. The challenge works once, for 5 minutes, and only for this account.',
    access: 'bearer',
    scope: 'account',
    errors: {
      400: 'Passkeys cannot work at this address (an IP address, or behind a proxy without PUBLIC_URL)',
      409: `The account holds ${MAX_PASSKEYS} passkeys already`,
    },
    example: {},
    input: z.object({}).optional(),
    output: z.object({ options: optionsSchema }),
  }),
  register: defineProcedure({
    method: 'POST',
    path: '/api/auth/passkeys/registration',
    tag: 'auth',
    summary: 'Add a passkey: the answer of navigator.credentials.create()',
    description:
      'Origin, RP ID, the challenge (once), user presence and verification are checked; attestation is not asked for.',
    access: 'bearer',
    scope: 'account',
    successStatus: 201,
    errors: {
      400: 'The answer is malformed, forged, replayed, expired, or made for another site (nothing stored)',
      409: `The passkey is registered already, or the account holds ${MAX_PASSKEYS}`,
    },
    example: {
      name: 'My phone',
      response: {
        ...EXAMPLE_CREDENTIAL,
        response: {
          clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
          attestationObject: 'o2NmbXRkbm9uZQ',
        },
      },
    },
    input: z.object({ name: passkeyNameSchema.optional(), response: registrationResponseSchema }),
    output: z.object({ passkey: PasskeySchema }),
  }),
  signInOptions: defineProcedure({
    method: 'POST',
    path: '/api/auth/passkeys/authentication/options',
    tag: 'auth',
    summary: 'Start a passkey sign-in: the options for navigator.credentials.get()',
    description:
      'No credential list: the browser offers the passkeys it holds for this site (discoverable credentials, also as autofill).',
    access: 'public',
    errors: {
      400: 'Passkeys cannot work at this address (an IP address, or behind a proxy without PUBLIC_URL)',
    },
    example: {},
    input: z.object({}).optional(),
    output: z.object({ options: optionsSchema }),
  }),
  signIn: defineProcedure({
    method: 'POST',
    path: '/api/auth/passkeys/authentication',
    tag: 'auth',
    summary: 'Sign in with a passkey; sets the session cookie',
    description:
      'A passkey with user verification is a complete sign-in. Origin, RP ID, the challenge (once), the signature and its counter are checked.',
    access: 'public',
    errors: {
      400: 'The answer is malformed, replayed, expired, or made for another site',
      401: 'The passkey is not registered here, or its signature or counter is wrong',
      403: 'An administrator disabled the account (data.reason ACCOUNT_DISABLED)',
      429: 'Too many failed attempts from this network',
    },
    example: {
      response: {
        ...EXAMPLE_CREDENTIAL,
        response: {
          clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
          authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
          signature: 'MEUCIQDmk',
        },
      },
    },
    input: z.object({
      response: authenticationResponseSchema,
      timezone: timeZoneSchema
        .optional()
        .meta({ description: 'The browser’s zone; saved only if none is saved yet.' }),
    }),
    output: z.object({ user: publicUserSchema }),
  }),
  rename: defineProcedure({
    method: 'PATCH',
    path: '/api/auth/passkeys/{id}',
    tag: 'auth',
    summary: 'Rename one of the caller’s passkeys',
    access: 'bearer',
    scope: 'account',
    errors: { 404: 'No such passkey of yours' },
    example: { id: '3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70', name: 'Work laptop' },
    input: z.object({ id: idSchema, name: passkeyNameSchema }),
    output: z.object({ passkey: PasskeySchema }),
  }),
  remove: defineProcedure({
    method: 'DELETE',
    path: '/api/auth/passkeys/{id}',
    tag: 'auth',
    summary: 'Remove one of the caller’s passkeys: it no longer signs in',
    access: 'bearer',
    scope: 'account',
    errors: { 404: 'No such passkey of yours' },
    input: z.object({ id: idSchema }),
    output: z.object({ removed: z.literal(true) }),
  }),
};
