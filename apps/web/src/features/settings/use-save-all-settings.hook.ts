import { t } from '@lingui/core/macro';
import type { Settings } from '@medrem/contract';
import { useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import type { Medicine } from '../medicines/medicines.queries';
import { movedDosesMessage, planReminderTimes } from './reminder-times-plan';
import { toSettingsInput, type SettingsDraft } from './settings-draft';
import { useSaveSettings } from './settings.queries';

/** The spec's text, 'Failed to save settings', with the reason when there is one. */
export const saveFailedText = (reason: string | undefined): string =>
  reason ? t`Failed to save settings: ${reason}` : t`Failed to save settings`;

/**
 * 'Save All Settings': previews the default-time change, asks when doses move, then saves in one
 * call. The server moves every medicine's doses (frequency, times, today's ticks) with their time in
 * the same transaction as the settings (decision 023), so a failure can leave nothing half-done.
 */
export function useSaveAllSettings(settings: Settings, medicines: readonly Medicine[]) {
  const { save } = useSaveSettings();
  const [saving, setSaving] = useState(false);

  const saveAll = async (draft: SettingsDraft): Promise<boolean> => {
    const plan = planReminderTimes(settings.medicineDefaults.defaultReminderTimes, draft.times, medicines);
    if (plan.kind !== 'ok') {
      notify.error(saveFailedText(plan.message));
      return false;
    }
    if (plan.moved.length > 0) {
      const confirmed = await confirmDialog({
        title: t`Change dose times?`,
        message: movedDosesMessage(plan.moved),
        confirmLabel: t`Yes, change them`,
      });
      if (!confirmed) return false;
    }
    setSaving(true);
    try {
      const result = await save(toSettingsInput(draft, plan.times, plan.origins));
      if (result.saved === false) {
        notify.error(saveFailedText(result.message));
        return false;
      }
      notify.success(t`Settings saved successfully!`);
      return true;
    } catch (error) {
      console.error('Saving settings failed', error);
      notify.error(saveFailedText(messageOf(error)));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saveAll, saving };
}
