import {
  DEFAULT_DOSES_PER_DAY,
  DEFAULT_DURATION_DAYS,
  DEFAULT_FOLLOW_UPS,
  DEFAULT_QUIET_HOURS,
  DEFAULT_REMINDER_ADVANCE_MINUTES,
  DEFAULT_REMINDER_TIMES,
  DEFAULT_TAKE_EARLY_MINUTES,
} from '@medrem/domain';

// Plain data without zod, in a module of its own (`@medrem/contract/settings-defaults`): the web app's
// dashboard needs the defaults, and importing the contract's index would put every schema and zod in
// the service worker's offline start (issue 9). settings.contract.ts checks it against the schema's
// type (a type import from there would be a cycle).

/** Spec defaults (section 3), plus the zone the reminders use. */
export const DEFAULT_SETTINGS = {
  notifications: {
    enabled: true,
    reminderAdvance: DEFAULT_REMINDER_ADVANCE_MINUTES,
    missedDoseAlerts: true,
    refillReminders: true,
    dailySummary: false,
    upcomingHeadsUp: false,
    followUps: { ...DEFAULT_FOLLOW_UPS },
    quietHours: { ...DEFAULT_QUIET_HOURS },
  },
  medicineDefaults: {
    defaultDosesPerDay: DEFAULT_DOSES_PER_DAY,
    defaultReminderTimes: [...DEFAULT_REMINDER_TIMES],
    defaultDurationDays: DEFAULT_DURATION_DAYS,
    takeEarlyMinutes: DEFAULT_TAKE_EARLY_MINUTES,
  },
  privacy: { dataSharing: false, analytics: true },
  timezone: 'UTC',
  /** Issue 54: each device's language until one is chosen; times as the language writes them. */
  locale: null,
  clock: 'auto' as const,
  /** Issue 54: a new account has not chosen; the dashboard offers the simple screen once. */
  simpleMode: null,
};
