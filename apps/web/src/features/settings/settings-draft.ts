import type { Settings, SettingsInput } from '@medrem/contract';
import type { ReminderTimeRow } from './reminder-times-plan';

/** What the four tabs edit before 'Save All Settings'. */
export interface SettingsDraft {
  notifications: Settings['notifications'];
  medicineDefaults: Settings['medicineDefaults'];
  privacy: Settings['privacy'];
  timezone: string;
  times: ReminderTimeRow[];
}

export function toDraft(settings: Settings): SettingsDraft {
  return {
    notifications: { ...settings.notifications },
    medicineDefaults: { ...settings.medicineDefaults },
    privacy: { ...settings.privacy },
    timezone: settings.timezone,
    times: settings.medicineDefaults.defaultReminderTimes.map((time, slot) => ({ time, slot })),
  };
}

/**
 * Whether the draft differs from the saved settings (decision 217: leaving then asks first). An edit
 * undone by hand is no change.
 */
export function draftChanged(settings: Settings, draft: SettingsDraft): boolean {
  return JSON.stringify(toDraft(settings)) !== JSON.stringify(draft);
}

/** `origins`: for each time, the saved slot it came from, so the server moves each slot's doses with it. */
export function toSettingsInput(
  draft: SettingsDraft,
  times: string[],
  origins: (number | null)[],
): Omit<SettingsInput, 'userEmail'> {
  return {
    notifications: draft.notifications,
    medicineDefaults: { ...draft.medicineDefaults, defaultReminderTimes: times },
    privacy: draft.privacy,
    timezone: draft.timezone,
    reminderTimeOrigins: origins,
  };
}
