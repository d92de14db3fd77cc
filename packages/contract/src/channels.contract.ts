import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { emailSchema, idSchema, successSchema, textSchema, timestampSchema } from './primitives';
import { EXAMPLE } from './examples';

/** The longest ntfy or webhook URL accepted. */
export const CHANNEL_URL_MAX = 2000;
/** At most this many channels of each kind per account. */
export const CHANNELS_PER_KIND_MAX = 5;

export const DELIVERY_KINDS = ['webpush', 'fcm', 'email', 'ntfy', 'webhook'] as const;
export const CHANNEL_KINDS = ['email', 'ntfy', 'webhook'] as const;
export const DELIVERY_FAILURE_REASONS = ['expired', 'refused', 'unreachable', 'unverified'] as const;

/**
 * Which notifications a channel gets (decision 233): every one, or only what push could not
 * deliver (no browser or app device, or their send failed).
 */
export const channelModeSchema = z
  .enum(['every', 'fallback'], { error: 'Choose every reminder or only when push fails.' })
  .meta({ description: "'every': every notification; 'fallback': only those push could not deliver." });

const channelUrlSchema = (label: string) =>
  textSchema(label)
    .trim()
    .min(1, `${label} is required.`)
    .max(CHANNEL_URL_MAX, `${label} is too long (at most ${CHANNEL_URL_MAX} characters).`)
    .refine((url) => /^https?:\/\//i.test(url), `${label} must start with https://.`);

export const deliveryTargetSchema = z
  .object({
    id: idSchema,
    kind: z.enum(DELIVERY_KINDS),
    label: z.string().meta({ description: 'How the device or channel is named to its owner' }),
    mode: channelModeSchema,
    createdAt: timestampSchema,
    lastSuccessAt: timestampSchema.nullable().meta({ description: 'The last send it accepted' }),
    lastFailureAt: timestampSchema.nullable().meta({ description: 'The last send it did not accept' }),
    lastFailureReason: z.enum(DELIVERY_FAILURE_REASONS).nullable(),
    lastFailure: z.string().nullable().meta({ description: 'The last failure in words' }),
  })
  .meta({ id: 'DeliveryTarget' });
export type DeliveryTargetView = z.infer<typeof deliveryTargetSchema>;

const userInput = z.object({ userEmail: emailSchema });
const oneInput = z.object({ userEmail: emailSchema, id: idSchema });

export const channelsContract = {
  list: defineProcedure({
    method: 'GET',
    path: '/api/notifications/{userEmail}/channels',
    tag: 'notifications',
    summary: 'Every device and channel reminders go to, with its last delivery and last failure',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your channels' },
    input: userInput,
    output: z.object({ targets: z.array(deliveryTargetSchema) }),
  }),
  add: defineProcedure({
    method: 'POST',
    path: '/api/notifications/{userEmail}/channels',
    tag: 'notifications',
    summary: 'Add a channel: email, an ntfy topic or a signed webhook',
    description:
      'ntfy and webhook URLs must be https and reach a server on the internet (not a private address, unless the operator allows its host). A webhook answers its signing secret once: every POST carries `X-MedRem-Timestamp` and `X-MedRem-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`. Email goes only to the account’s verified address.',
    access: 'bearer',
    scope: 'account',
    successStatus: 201,
    errors: { 403: 'Not your channels', 409: 'Too many channels of this kind, or email is on already' },
    // One object (REST needs one for its path parameter): the URL is required by ntfy and webhook.
    example: {
      userEmail: EXAMPLE.email,
      kind: 'webhook',
      url: 'https://ha.example.org/api/webhook/medrem',
      mode: 'every',
    },
    input: userInput
      .extend({
        kind: z.enum(CHANNEL_KINDS, { error: 'Choose email, ntfy or webhook.' }),
        url: channelUrlSchema('URL').optional(),
        /** A protected ntfy topic's access token (ntfy's `tk_…`), sent as a bearer token. */
        accessToken: textSchema('Access token')
          .trim()
          .max(200, 'The access token is too long.')
          .regex(/^[\x21-\x7e]*$/, 'The access token may not contain spaces.')
          .optional()
          .meta({ description: 'ntfy only: the access token of a protected topic (never shown again)' }),
        mode: channelModeSchema,
      })
      .refine((input) => input.kind === 'email' || input.url !== undefined, {
        message: 'Please enter the https address of your ntfy topic or webhook.',
        path: ['url'],
      }),
    output: z.object({
      target: deliveryTargetSchema,
      secret: z.string().nullable().meta({ description: 'A webhook’s signing secret: shown this once' }),
    }),
  }),
  update: defineProcedure({
    method: 'PATCH',
    path: '/api/notifications/{userEmail}/channels/{id}',
    tag: 'notifications',
    summary: 'Choose whether a channel gets every reminder or only what push could not deliver',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your channels', 404: 'No such channel of yours' },
    example: { userEmail: EXAMPLE.email, id: EXAMPLE.otherId, mode: 'fallback' },
    input: oneInput.extend({ mode: channelModeSchema }),
    output: z.object({ target: deliveryTargetSchema }),
  }),
  remove: defineProcedure({
    method: 'DELETE',
    path: '/api/notifications/{userEmail}/channels/{id}',
    tag: 'notifications',
    summary: 'Remove a device or channel: it gets no more reminders',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your channels', 404: 'No such device or channel of yours' },
    input: oneInput,
    output: successSchema,
  }),
  test: defineProcedure({
    method: 'POST',
    path: '/api/notifications/{userEmail}/channels/{id}/test',
    tag: 'notifications',
    summary: 'Send a test reminder to one device or channel and say whether it was accepted',
    description:
      'Sent at once, not through the outbox: the answer says whether the push service (or the ntfy server, the webhook, the mail outbox) accepted it. A device its push service reports gone is removed.',
    access: 'bearer',
    scope: 'account',
    errors: {
      403: 'Not your channels',
      404: 'No such device or channel of yours',
      429: 'Wait a moment between tests',
    },
    input: oneInput,
    output: z.object({
      accepted: z.boolean(),
      reason: z.enum(DELIVERY_FAILURE_REASONS).nullable(),
      message: z.string(),
      removed: z.boolean().meta({ description: 'The device was gone and has been removed' }),
    }),
  }),
};
