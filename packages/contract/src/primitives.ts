import {
  type DoseSchedule,
  FREQUENCY_PATTERN,
  ISO_DATE_PATTERN,
  MAX_DAY_DOSES,
  MAX_DOSE_SLOTS,
  PASSWORD_MIN_LENGTH,
  TIME_PATTERN,
  isValidIsoDate,
  isValidTimeZone,
  ownTimesFrequencyIssue,
  ownTimesIssue,
  parseFrequency,
  usesSlots,
} from '@medrem/domain';
import { z } from 'zod';
import { LIMITS } from './constants';
import { CLOCK_CHOICES, SUPPORTED_LOCALES } from './locales';

export { LIMITS } from './constants';

/**
 * Text a person types (decision 183). NUL cannot be stored (PostgreSQL refuses it: a 500 before),
 * and control characters have no place in a name or a dose: they break the calendar feed, the PDF
 * and a terminal reading the export. Refused here with the field's name, for every text field of
 * every contract. Unpaired UTF-16 surrogates cannot be stored as UTF-8 either. `multiline` fields
 * (instructions) keep line breaks and tabs, the only controls a person types on purpose.
 */
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const CONTROL = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F]|${LONE_SURROGATE}`);
const CONTROL_BUT_LINES = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]|${LONE_SURROGATE}`,
);

export function textSchema(label: string, options: { multiline?: boolean; error?: string } = {}) {
  const forbidden = options.multiline ? CONTROL_BUT_LINES : CONTROL;
  return z
    .string({ error: options.error ?? `${label} must be text.` })
    .refine(
      (text) => !forbidden.test(text),
      options.multiline
        ? `${label} may not contain control characters such as NUL (line breaks and tabs are fine).`
        : `${label} may not contain control characters such as NUL, tabs or line breaks.`,
    );
}

export const emailSchema = textSchema('Email', { error: 'Please enter a valid email address.' })
  .trim()
  .toLowerCase()
  .max(LIMITS.email, 'Email is too long.')
  .email('Please enter a valid email address.')
  .meta({ description: 'Email address; trimmed and lower-cased.', example: 'ada@example.com' });

export const passwordSchema = textSchema('Password', { error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, 'Password should be at least 6 characters long.')
  .max(LIMITS.passwordMax, 'Password is too long (at most 128 characters).');

/** A password already set (sign-in, proof of identity): any length up to the limit, no controls. */
export const currentPasswordSchema = textSchema('Password').max(LIMITS.passwordMax, 'Password is too long.');

export const personNameSchema = textSchema('Name', { error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(LIMITS.name, 'Name is too long (at most 100 characters).');

export const idSchema = z.uuid({ error: 'Not a valid id.' }).meta({ description: 'A UUID.' });

export const isoDateSchema = z
  .string({ error: 'A date is required.' })
  .regex(ISO_DATE_PATTERN, 'Dates must be in YYYY-MM-DD form.')
  .refine(isValidIsoDate, 'Not a real calendar date.')
  .meta({ description: 'Calendar date, YYYY-MM-DD.', example: '2026-11-21' });

export const timeSchema = z
  .string({ error: 'A time is required.' })
  .regex(TIME_PATTERN, 'Times must be in 24-hour HH:MM form.')
  .meta({ description: 'Wall-clock time, HH:MM (24 h).', example: '08:00' });

/** An adherence figure: a rounded percentage, null when nothing was due (reports). */
export const adherenceRateSchema = z
  .number()
  .int()
  .nullable()
  .meta({ description: 'Rounded percentage; null when nothing was due' });

export const timestampSchema = z.string().meta({ description: 'ISO 8601 timestamp.' });

/** One of the product's languages (issue 54): anything else is refused with a 400 that lists them. */
export const localeSchema = z
  .enum(SUPPORTED_LOCALES, { error: `Unknown language: use one of ${SUPPORTED_LOCALES.join(', ')}.` })
  .meta({ description: 'BCP 47 code of one of the supported languages.', example: 'es' });

/** How times of day are shown: the language's convention ('auto'), or the user's choice. */
export const clockSchema = z
  .enum(CLOCK_CHOICES)
  .meta({ description: "'auto': the language's convention; '12h' (8:00 AM) or '24h' (08:00)." });

export const timeZoneSchema = textSchema('Time zone')
  .min(1)
  .max(64)
  .refine(isValidTimeZone, 'Unknown time zone (use an IANA name such as Europe/Paris).')
  .meta({ description: 'IANA time-zone name.', example: 'Europe/Paris' });

/**
 * The flags' form only: whether a dose is needed depends on the schedule (frequencyIssue), since
 * an every-N-hours or as-needed medicine reads back '0' and must be accepted back (decision 184).
 */
export const frequencySchema = z
  .string({ error: 'Please fill in the frequency pattern field.' })
  .trim()
  .max(MAX_DOSE_SLOTS * 2 - 1, 'A frequency has at most 8 slots.')
  .regex(FREQUENCY_PATTERN, 'Frequency must be 0/1 flags joined by dashes, e.g. 1-0-1.')
  .meta({
    description:
      'One 0/1 flag per dose slot, dash-joined (1 = take). At least one 1, except for an every-N-hours or as-needed schedule (read back as "0").',
    example: '1-0-1',
  });

/**
 * Why a frequency does not suit its schedule, or null (decision 184): a schedule taken in slots
 * (daily, weekdays, cycle, taper) needs at least one dose; every-N-hours and as-needed medicines
 * have no slot dose, so their flags are ignored and stored as '0'. The contract checks it where the
 * schedule is in the input; the server checks it against the stored schedule when it is left out.
 */
export function frequencyIssue(frequency: string, schedule: DoseSchedule | null | undefined): string | null {
  if (!usesSlots(schedule)) return null;
  return parseFrequency(frequency).includes(1) ? null : 'Frequency must include at least one dose (a 1).';
}

/**
 * frequencyIssue as an input refinement. `leftOut` says what a missing schedule means: 'daily' on
 * create, 'stored' on update (then the server judges it with the stored schedule).
 */
export function frequencyForSchedule(leftOut: 'daily' | 'stored') {
  return (input: { frequency: string; schedule?: DoseSchedule | null }, context: z.RefinementCtx) => {
    if (input.schedule === undefined && leftOut === 'stored') return;
    const issue = frequencyIssue(input.frequency, input.schedule);
    if (issue) context.addIssue({ code: 'custom', path: ['frequency'], message: issue });
  };
}

/**
 * A medicine's own times of day (decision 212): the domain's rule (24-hour, ascending, each once,
 * at most 8) judged here so a bad list is a 400 naming the field, before anything is read.
 */
export const doseTimesSchema = z
  .array(z.string({ error: 'Each time must be text in 24-hour HH:MM form.' }), {
    error: 'doseTimes must be a list of times, e.g. ["07:00", "19:00"].',
  })
  .max(MAX_DOSE_SLOTS, `A medicine has at most ${MAX_DOSE_SLOTS} times a day.`)
  .superRefine((times, context) => {
    const issue = ownTimesIssue(times);
    if (issue) context.addIssue({ code: 'custom', message: issue });
  });

/**
 * With own times, the frequency has one 1 per time (decision 212); a schedule without slot doses
 * (every-N-hours, as-needed) has no times of its own.
 */
export function frequencyForOwnTimes(
  input: { frequency: string; schedule?: DoseSchedule | null; doseTimes?: readonly string[] | null },
  context: z.RefinementCtx,
) {
  const times = input.doseTimes;
  if (!times || ownTimesIssue(times)) return;
  if (input.schedule && !usesSlots(input.schedule)) {
    context.addIssue({ code: 'custom', path: ['doseTimes'], message: OWN_TIMES_NEED_SLOTS });
    return;
  }
  const issue = ownTimesFrequencyIssue(input.frequency, times);
  if (issue) context.addIssue({ code: 'custom', path: ['frequency'], message: issue });
}

/** The refusal of own times on a schedule that has no dose slots. */
export const OWN_TIMES_NEED_SLOTS =
  'An every-N-hours or as-needed medicine has no times of its own: leave doseTimes out or null.';

/**
 * The last dose slot's index (slots count from 0): an every-N-hours day has more doses than the
 * 8 slots of a frequency, up to MAX_DAY_DOSES (decision 196).
 */
export const MAX_SLOT_INDEX = MAX_DAY_DOSES - 1;

/** A day's taken flags: one 0/1 per slot. */
export const takenFlagsSchema = z
  .string()
  .max(MAX_DAY_DOSES * 2 - 1, `At most ${MAX_DAY_DOSES} slots.`)
  .regex(FREQUENCY_PATTERN, 'Taken must be 0/1 flags joined by dashes, e.g. 1-0-0.')
  .meta({ example: '1-0-0' });

export function boundedInt(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);
}

/**
 * A client-chosen key that makes a write apply once: a replay with the same key (after a lost
 * answer, from an offline queue) gets the first answer back and changes nothing. Optional, so the
 * spec's REST bodies keep working without it.
 */
export const idempotencyKeySchema = z
  .string()
  .min(8, 'idempotencyKey must be 8 to 128 characters.')
  .max(128, 'idempotencyKey must be 8 to 128 characters.')
  .regex(/^[A-Za-z0-9._:-]+$/, 'idempotencyKey may hold letters, digits and . _ : - only.')
  .meta({
    description: 'Makes the write apply once: a repeat with the same key returns the first answer.',
    example: '6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50',
  });

/** When the user made a change on their device (an offline write syncs later). */
export function changedAtSchema(field: string) {
  return z.iso
    .datetime({ offset: true, error: `${field} must be an ISO timestamp.` })
    .meta({ description: 'When the user made the change (ISO 8601); defaults to the time of the call.' });
}

export const successSchema = z.object({ success: z.literal(true), message: z.string() });
