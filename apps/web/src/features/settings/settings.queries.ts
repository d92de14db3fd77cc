import type { Settings, SettingsInput } from '@medrem/contract';
import { DEFAULT_FOLLOW_UPS, DEFAULT_QUIET_HOURS, DEFAULT_TAKE_EARLY_MINUTES } from '@medrem/domain';
import { useEffect, useMemo, useState } from 'react';
import { httpStatusOf, messageOf } from '../../lib/api-error';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';
import { resolveSettings, settingsCache, type SettingsSource } from './settings-cache';

/**
 * Query key: trpc settings.get {userEmail}. Invalidated after a save, and together with the
 * medicine queries when default times changed (the server moves doses with them).
 */
export function useSettings(): { settings: Settings | undefined; source: SettingsSource | undefined } {
  const user = useSignedInUser();
  const query = trpc.settings.get.useQuery({ userEmail: user.email });
  useEffect(() => {
    if (query.data) settingsCache.write(user.email, query.data.settings);
  }, [query.data, user.email]);
  // The local copy is read (and checked) once the server has failed; until then, undefined.
  const [cached, setCached] = useState<{ email: string; settings: Settings | null }>();
  useEffect(() => {
    if (!query.isError) return;
    let current = true;
    void settingsCache.read(user.email).then((settings) => {
      if (current) setCached({ email: user.email, settings });
    });
    return () => {
      current = false;
    };
  }, [query.isError, user.email]);
  const localCopy = cached?.email === user.email ? cached.settings : undefined;
  const resolved = useMemo(
    () =>
      localCopy === undefined && query.isError
        ? undefined
        : resolveSettings({
            server: query.data?.settings,
            failed: query.isError,
            cached: localCopy ?? null,
            user,
            browserZone: browserTimeZone(),
          }),
    [query.data, query.isError, localCopy, user],
  );
  return { settings: resolved?.settings, source: resolved?.source };
}

export type SaveSettingsResult =
  { saved: 'server' | 'local' } | { saved: false; message: string | undefined };

/**
 * Save All Settings. Spec: when the server call fails the settings go to the local copy and the
 * save reports success. A refusal (4xx, e.g. 409 'a removed time is still used') is not a
 * failure to reach the server: it is reported, and nothing is stored locally.
 */
export function useSaveSettings() {
  const user = useSignedInUser();
  const utils = trpc.useUtils();
  const mutation = trpc.settings.update.useMutation();
  const save = async (input: Omit<SettingsInput, 'userEmail'>): Promise<SaveSettingsResult> => {
    try {
      const { settings } = await mutation.mutateAsync({ ...input, userEmail: user.email });
      utils.settings.get.setData({ userEmail: user.email }, { settings });
      settingsCache.write(user.email, settings);
      // New reminder times or zone change what is due: the reports recount.
      await Promise.all([
        utils.medicine.invalidate(),
        utils.report.invalidate(),
        utils.settings.get.invalidate(),
      ]);
      return { saved: 'server' };
    } catch (error) {
      const status = httpStatusOf(error);
      if (status !== undefined && status < 500) {
        return { saved: false, message: messageOf(error) };
      }
      console.error('Saving settings on the server failed; keeping them locally', error);
      const previous = utils.settings.get.getData({ userEmail: user.email })?.settings;
      settingsCache.write(user.email, {
        ...input,
        notifications: {
          ...input.notifications,
          // Decisions 227, 228: left out of a save, the saved ones stay.
          followUps: input.notifications.followUps ?? previous?.notifications.followUps ?? DEFAULT_FOLLOW_UPS,
          quietHours:
            input.notifications.quietHours ?? previous?.notifications.quietHours ?? DEFAULT_QUIET_HOURS,
        },
        medicineDefaults: {
          ...input.medicineDefaults,
          takeEarlyMinutes:
            input.medicineDefaults.takeEarlyMinutes ??
            previous?.medicineDefaults.takeEarlyMinutes ??
            DEFAULT_TAKE_EARLY_MINUTES,
        },
        timezone: input.timezone ?? previous?.timezone ?? browserTimeZone(),
        // Issue 54: left out of a save, the saved language and clock stay.
        locale: input.locale !== undefined ? input.locale : (previous?.locale ?? null),
        clock: input.clock ?? previous?.clock ?? 'auto',
        simpleMode: input.simpleMode !== undefined ? input.simpleMode : (previous?.simpleMode ?? null),
        name: user.name,
        email: user.email,
      });
      return { saved: 'local' };
    }
  };
  return { save, isSaving: mutation.isPending };
}
