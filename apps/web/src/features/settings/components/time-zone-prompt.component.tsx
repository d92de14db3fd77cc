import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { notify } from '../../../lib/toast';
import { confirmDialog } from '../../../shared/dialogs/dialog.store';
import { useSignedInUser } from '../../auth/auth.context';
import { useSettings, useSaveSettings } from '../settings.queries';
import { saveFailedText } from '../use-save-all-settings.hook';

const askedKey = (email: string, saved: string, device: string) => `tz-asked:${email}:${saved}:${device}`;

/**
 * Issue 3: dose times are wall-clock times in the saved zone. When the device's zone differs, ask
 * once (per user and pair of zones) whether to switch. Its texts are translated when it asks (`t`
 * at call time, in the page's language then), so the effect depends on no translation function.
 */
export function TimeZonePrompt() {
  const user = useSignedInUser();
  const { settings, source } = useSettings();
  const { save } = useSaveSettings();
  const device = browserTimeZone();
  const saved = settings?.timezone;

  useEffect(() => {
    if (!settings || source !== 'server' || !saved || saved === device) return;
    const key = askedKey(user.email, saved, device);
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, '1');
    void (async () => {
      const confirmed = await confirmDialog({
        title: t`Switch time zone?`,
        message: t`This device is in ${device}, but your reminders use ${saved}. Switch your reminders to ${device}?`,
        confirmLabel: t`Switch to ${device}`,
        cancelLabel: t`Keep ${saved}`,
      });
      if (!confirmed) return;
      const { notifications, medicineDefaults, privacy } = settings;
      const result = await save({ notifications, medicineDefaults, privacy, timezone: device });
      if (result.saved === 'server') notify.success(t`Settings saved successfully!`);
      else notify.error(saveFailedText(undefined));
    })();
  }, [settings, source, saved, device, user.email, save]);
  return null;
}
