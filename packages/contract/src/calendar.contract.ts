import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { emailSchema, successSchema, timestampSchema } from './primitives';

/** The path the feed is served at: GET without a bearer token (calendar apps send none). */
export const CALENDAR_FEED_PATH_PREFIX = '/api/calendar/';
/** A feed token: 32 random bytes, base64url (43 characters). */
export const CALENDAR_FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const calendarFeedStatusSchema = z
  .object({
    enabled: z.boolean(),
    createdAt: timestampSchema.nullable().meta({ description: 'When the current link was made' }),
  })
  .meta({ id: 'CalendarFeedStatus' });
export type CalendarFeedStatusView = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedLinkSchema = calendarFeedStatusSchema
  .extend({
    enabled: z.literal(true),
    url: z.string().meta({ description: 'The feed, https: or http: (shown once; only its hash is kept)' }),
    webcalUrl: z.string().meta({ description: 'The same feed as webcal:, which calendar apps open' }),
  })
  .meta({ id: 'CalendarFeedLink' });
export type CalendarFeedLinkView = z.infer<typeof calendarFeedLinkSchema>;

const userInput = z.object({ userEmail: emailSchema });

export const calendarContract = {
  status: defineProcedure({
    method: 'GET',
    path: '/api/calendar/{userEmail}/feed',
    tag: 'calendar',
    summary: 'Whether the private calendar feed is on',
    description: 'The link itself is never shown again after it was made: only its hash is stored.',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your calendar feed' },
    input: userInput,
    output: calendarFeedStatusSchema,
  }),
  regenerate: defineProcedure({
    method: 'POST',
    path: '/api/calendar/{userEmail}/feed',
    tag: 'calendar',
    summary: 'Turn the calendar feed on with a new private link',
    description:
      'Makes a new secret link and answers it once; a link made before stops working at once. ' +
      'Anyone with the link sees the medicine names and dose times of the next 60 days.',
    access: 'bearer',
    scope: 'account',
    successStatus: 201,
    errors: { 403: 'Not your calendar feed' },
    input: userInput,
    output: calendarFeedLinkSchema,
  }),
  delete: defineProcedure({
    method: 'DELETE',
    path: '/api/calendar/{userEmail}/feed',
    tag: 'calendar',
    summary: 'Turn the calendar feed off',
    description: 'The link stops working at once. Turning off a feed that is off succeeds too.',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your calendar feed' },
    input: userInput,
    output: successSchema,
  }),
};
