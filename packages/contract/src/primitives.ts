import {
  FREQUENCY_PATTERN,
  ISO_DATE_PATTERN,
  MAX_DAY_DOSES,
  MAX_DOSE_SLOTS,
  PASSWORD_MIN_LENGTH,
  TIME_PATTERN,
  isValidIsoDate,
  isValidTimeZone,
  parseFrequency,
} from '@medrem/domain';
import { z } from 'zod';

/** Limits of stored text, so that no field can grow without bound. */
export const LIMITS = {
  name: 100,
  email: 254,
  passwordMax: 128,
  medicineName: 120,
  dosage: 60,
  instructions: 1000,
  notificationTitle: 200,
  notificationMessage: 2000,
  pushToken: 4096,
  idToken: 8192,
  maxDays: 3650,
  maxPills: 100_000,
  maxPillsPerDose: 100,
  maxHistoryDays: 366,
  maxReminderAdvanceMinutes: 1440,
} as const;

export const emailSchema = z
  .string({ error: 'Please enter a valid email address.' })
  .trim()
  .toLowerCase()
  .max(LIMITS.email, 'Email is too long.')
  .email('Please enter a valid email address.')
  .meta({ description: 'Email address; trimmed and lower-cased.', example: 'ada@example.com' });

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, 'Password should be at least 6 characters long.')
  .max(LIMITS.passwordMax, 'Password is too long (at most 128 characters).');

export const personNameSchema = z
  .string({ error: 'Name is required.' })
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

export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(isValidTimeZone, 'Unknown time zone (use an IANA name such as Europe/Paris).')
  .meta({ description: 'IANA time-zone name.', example: 'Europe/Paris' });

export const frequencySchema = z
  .string({ error: 'Please fill in the frequency pattern field.' })
  .trim()
  .max(MAX_DOSE_SLOTS * 2 - 1, 'A frequency has at most 8 slots.')
  .regex(FREQUENCY_PATTERN, 'Frequency must be 0/1 flags joined by dashes, e.g. 1-0-1.')
  .refine((f) => parseFrequency(f).includes(1), 'Frequency must include at least one dose (a 1).')
  .meta({ description: 'One 0/1 flag per dose slot, dash-joined (1 = take).', example: '1-0-1' });

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
