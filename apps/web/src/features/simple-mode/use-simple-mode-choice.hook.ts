import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { notify } from '../../lib/toast';
import { useSettings } from '../settings/settings.queries';
import { useSaveAccountChoice } from '../settings/use-save-account-choice.hook';

/**
 * The account's simple-screen choice (issue 54), saved at once: the offer's two answers and the
 * Settings switch. Offline, or on the settings the device keeps, it is not saved (a choice made
 * there would never reach the account, and the offer would come back).
 */
export function useSimpleModeChoice() {
  const { t } = useLingui();
  const { settings, source } = useSettings();
  const saveChoice = useSaveAccountChoice();
  const [busy, setBusy] = useState(false);

  const choose = async (simpleMode: boolean): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await saveChoice({ simpleMode });
      if (!result) return false;
      if (result.saved !== 'server') {
        notify.error(
          result.saved === false && result.message
            ? result.message
            : t`Could not save your choice. Please try again when you are online.`,
        );
        return false;
      }
      return true;
    } finally {
      setBusy(false);
    }
  };
  return { simpleMode: settings?.simpleMode, source, busy, choose };
}
