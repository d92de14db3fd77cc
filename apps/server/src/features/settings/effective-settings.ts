import {
  CLOCK_CHOICES,
  type ClockChoice,
  DEFAULT_SETTINGS,
  type Locale,
  type Settings,
  isLocale,
  settingsSchema,
} from '@medrem/contract';
import { z } from 'zod';

export type StoredPreferences = Pick<Settings, 'notifications' | 'medicineDefaults' | 'privacy'>;

/** The settings every rule runs on: the saved preferences and the zone of the user's dose times. */
export interface EffectiveSettings extends StoredPreferences {
  timezone: string;
  /** The account's language (null: not chosen; the server then writes English). */
  locale: Locale | null;
  clock: ClockChoice;
  /** The simple screen (issue 54): on, off, or null when never chosen. */
  simpleMode: boolean | null;
}

const preferencesSchema = settingsSchema.pick({ notifications: true, medicineDefaults: true, privacy: true });

/** Saved preferences merged over the spec's defaults, so a setting added later reads its default. */
export function readPreferences(stored: unknown): StoredPreferences {
  const saved = z.record(z.string(), z.unknown()).safeParse(stored);
  const record = saved.success ? saved.data : {};
  const merged = {
    notifications: { ...DEFAULT_SETTINGS.notifications, ...(record.notifications as object | undefined) },
    medicineDefaults: {
      ...DEFAULT_SETTINGS.medicineDefaults,
      ...(record.medicineDefaults as object | undefined),
    },
    privacy: { ...DEFAULT_SETTINGS.privacy, ...(record.privacy as object | undefined) },
  };
  const parsed = preferencesSchema.safeParse(merged);
  return parsed.success ? parsed.data : structuredClone(DEFAULT_SETTINGS);
}

/**
 * One stored settings row (or none) as the rules see it. The API and the reminder engine both read
 * settings through this, so a user without saved settings gets the same defaults everywhere.
 */
export function effectiveSettingsOf(
  row:
    | {
        preferences: unknown;
        timezone: string;
        locale?: string | null;
        clock?: string;
        simpleMode?: boolean | null;
      }
    | undefined,
): EffectiveSettings {
  return {
    ...readPreferences(row?.preferences),
    timezone: row?.timezone ?? DEFAULT_SETTINGS.timezone,
    // A value the code no longer knows (a language withdrawn) reads as not chosen, never fails.
    locale: isLocale(row?.locale) ? row.locale : null,
    clock: (CLOCK_CHOICES as readonly string[]).includes(row?.clock ?? '')
      ? (row?.clock as ClockChoice)
      : 'auto',
    // No row yet is a new account's: not chosen (rows from before the simple screen hold false).
    simpleMode: row?.simpleMode ?? null,
  };
}
