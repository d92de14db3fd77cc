import type { SettingsInput } from '@medrem/contract';
import { type SaveSettingsResult, useSaveSettings, useSettings } from './settings.queries';

/**
 * Saves one of the account's choices (language, clock, simple screen: issue 54) at once, with the
 * other settings as they are. Undefined while the settings are not there yet. A file of its own:
 * only Settings and the simple screen's choice use it, never the offline start.
 */
export function useSaveAccountChoice() {
  const { settings } = useSettings();
  const { save } = useSaveSettings();
  return async (
    change: Pick<SettingsInput, 'locale' | 'clock' | 'simpleMode'>,
  ): Promise<SaveSettingsResult | undefined> =>
    settings
      ? save({
          notifications: settings.notifications,
          medicineDefaults: settings.medicineDefaults,
          privacy: settings.privacy,
          ...change,
        })
      : undefined;
}
