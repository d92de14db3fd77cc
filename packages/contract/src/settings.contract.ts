import {
  ADDED_REMINDER_TIME,
  DEFAULT_FOLLOW_UPS,
  DEFAULT_QUIET_HOURS,
  DEFAULT_TAKE_EARLY_MINUTES,
  FOLLOW_UP_MINUTES,
  FOLLOW_UP_TIMES,
  MAX_DOSE_SLOTS,
  MAX_TAKE_EARLY_MINUTES,
  quietHoursIssue,
} from '@medrem/domain';
import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { DEFAULT_SETTINGS as PLAIN_DEFAULT_SETTINGS } from './settings-defaults';
import {
  LIMITS,
  boundedInt,
  clockSchema,
  emailSchema,
  localeSchema,
  timeSchema,
  timeZoneSchema,
} from './primitives';
import { EXAMPLE } from './examples';

/** Decision 227: ask again every N minutes, up to K times, while a dose is not settled. */
export const followUpSettingsSchema = z
  .object({
    everyMinutes: boundedInt('Follow-up interval', FOLLOW_UP_MINUTES.min, FOLLOW_UP_MINUTES.max).meta({
      description: 'Minutes between a reminder and each of its follow-ups.',
    }),
    times: boundedInt('Number of follow-ups', FOLLOW_UP_TIMES.min, FOLLOW_UP_TIMES.max).meta({
      description: 'How many follow-ups at most (0: none).',
    }),
  })
  .meta({ id: 'FollowUpSettings' });

/** Decision 228: a daily window (user's zone, may cross midnight) that holds follow-ups and summaries. */
export const quietHoursSchema = z
  .object({
    enabled: z.boolean({ error: 'quietHours.enabled must be true or false.' }),
    start: timeSchema,
    end: timeSchema,
  })
  .superRefine((quiet, ctx) => {
    const issue = quietHoursIssue(quiet);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['end'] });
  })
  .meta({ id: 'QuietHours' });

export const notificationSettingsSchema = z.object({
  enabled: z.boolean(),
  reminderAdvance: boundedInt('Reminder advance', 0, LIMITS.maxReminderAdvanceMinutes).meta({
    description: 'Minutes before a dose for the optional upcoming-dose heads-up.',
  }),
  missedDoseAlerts: z.boolean(),
  refillReminders: z.boolean(),
  dailySummary: z.boolean(),
  upcomingHeadsUp: z.boolean().default(false),
  followUps: followUpSettingsSchema.default({ ...DEFAULT_FOLLOW_UPS }),
  quietHours: quietHoursSchema.default({ ...DEFAULT_QUIET_HOURS }),
});

/** A save's notifications: follow-ups and quiet hours may be left out (the saved ones stay). */
const notificationSettingsInputSchema = notificationSettingsSchema.extend({
  followUps: followUpSettingsSchema.optional(),
  quietHours: quietHoursSchema.optional(),
});

export const reminderTimesSchema = z
  .array(timeSchema)
  .min(1, 'Keep at least one default reminder time.')
  .max(MAX_DOSE_SLOTS, 'At most 8 default reminder times.')
  .refine((times) => new Set(times).size === times.length, 'Default reminder times must be different.');

export const medicineDefaultsSchema = z.object({
  defaultDosesPerDay: boundedInt('Default doses per day', 1, MAX_DOSE_SLOTS),
  defaultReminderTimes: reminderTimesSchema,
  defaultDurationDays: boundedInt('Default duration', 0, LIMITS.maxDays),
  takeEarlyMinutes: boundedInt('Take early window', 0, MAX_TAKE_EARLY_MINUTES)
    .default(DEFAULT_TAKE_EARLY_MINUTES)
    .meta({
      description:
        'How many minutes before its time a dose may be marked taken (decision 190). Left out of a save, the saved value stays.',
    }),
});

/** A save's defaults: the take-early window may be left out (the spec's clients predate it). */
const medicineDefaultsInputSchema = medicineDefaultsSchema.extend({
  takeEarlyMinutes: boundedInt('Take early window', 0, MAX_TAKE_EARLY_MINUTES).optional(),
});

export const privacySettingsSchema = z.object({
  dataSharing: z.boolean(),
  analytics: z.boolean(),
});

export const settingsSchema = z
  .object({
    notifications: notificationSettingsSchema,
    medicineDefaults: medicineDefaultsSchema,
    privacy: privacySettingsSchema,
    timezone: z.string().meta({ description: 'IANA zone of the user’s wall-clock dose times.' }),
    locale: localeSchema.nullable().meta({
      description:
        'The account’s language: the app shows its screens in it on every device. Saved from the browser at registration. Null: not chosen (an account from before languages): each device shows its own.',
    }),
    clock: clockSchema,
    simpleMode: z.boolean().nullable().meta({
      description:
        'The simple screen (issue 54): large text, big Take buttons, the current dose slot only. Null: never chosen; the app offers it once. Accounts from before it read false.',
    }),
    name: z.string(),
    email: z.string(),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof settingsSchema>;

export const settingsInputSchema = z.object({
  userEmail: emailSchema,
  notifications: notificationSettingsInputSchema,
  medicineDefaults: medicineDefaultsInputSchema,
  privacy: privacySettingsSchema,
  timezone: timeZoneSchema.optional(),
  locale: localeSchema.nullable().optional().meta({
    description: 'The account’s language (null: each device’s own). Left out of a save, the saved one stays.',
  }),
  clock: clockSchema.optional().meta({ description: 'Left out of a save, the saved choice stays.' }),
  simpleMode: z.boolean().nullable().optional().meta({
    description:
      'The simple screen on or off (null: not chosen). Left out of a save, the saved choice stays.',
  }),
  reminderTimeOrigins: z
    .array(
      z
        .int()
        .min(0)
        .max(MAX_DOSE_SLOTS - 1)
        .nullable(),
    )
    .max(MAX_DOSE_SLOTS)
    .optional()
    .meta({
      description:
        'For each submitted default reminder time, the index of the saved time it came from (null for a new time). With it, every medicine’s doses, scheduled times and today’s taken flags follow their time to its new position in the same transaction; without it, time i stays slot i.',
    }),
});
export type SettingsInput = z.infer<typeof settingsInputSchema>;

/** Spec defaults (section 3), plus the zone the reminders use; checked against the schema here. */
export const DEFAULT_SETTINGS: Omit<Settings, 'name' | 'email'> = PLAIN_DEFAULT_SETTINGS;
export { ADDED_REMINDER_TIME };

export const settingsContract = {
  get: defineProcedure({
    method: 'GET',
    path: '/api/user/{userEmail}/settings',
    tag: 'settings',
    summary: 'The user’s settings (spec defaults when none are saved)',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your settings' },
    input: z.object({ userEmail: emailSchema }),
    output: z.object({ settings: settingsSchema }),
  }),
  update: defineProcedure({
    method: 'PUT',
    path: '/api/user/{userEmail}/settings',
    tag: 'settings',
    summary: 'Save the user’s settings',
    description:
      'Medicines follow their dose slots: a changed default time moves those doses. Removing a time that a medicine still uses is refused (409) and names the medicines.',
    access: 'bearer',
    scope: 'account',
    errors: { 403: 'Not your settings', 409: 'A removed time is still used by medicines' },
    example: {
      userEmail: EXAMPLE.email,
      notifications: {
        enabled: true,
        reminderAdvance: 0,
        missedDoseAlerts: true,
        refillReminders: true,
        dailySummary: false,
      },
      medicineDefaults: {
        defaultDosesPerDay: 3,
        defaultReminderTimes: ['08:00', '14:00', '20:00'],
        defaultDurationDays: 30,
      },
      privacy: { dataSharing: false, analytics: false },
      timezone: EXAMPLE.timezone,
    },
    input: settingsInputSchema,
    output: z.object({ settings: settingsSchema, message: z.string() }),
  }),
};
