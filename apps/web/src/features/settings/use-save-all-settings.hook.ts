import type { Settings } from '@medrem/contract';
import { normaliseTaken, parseFrequency, zonedNow } from '@medrem/domain';
import { useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import type { Medicine } from '../medicines/medicines.queries';
import { movedDosesMessage, planReminderTimes, remapFlags, type FrequencyRemap } from './reminder-times-plan';
import { toSettingsInput, type SettingsDraft } from './settings-draft';
import { useSaveSettings } from './settings.queries';

export const SAVE_FAILED_MESSAGE = 'Failed to save settings';
/** The spec's text, with the reason when there is one. */
const failedText = (reason: string | undefined) =>
  reason ? `${SAVE_FAILED_MESSAGE}: ${reason}` : SAVE_FAILED_MESSAGE;

/**
 * 'Save All Settings': plans the default-time change, asks when doses move, remaps the medicines'
 * frequencies in the order the server accepts (decision 023), then saves the settings.
 */
export function useSaveAllSettings(settings: Settings, medicines: readonly Medicine[]) {
  const { save } = useSaveSettings();
  const utils = trpc.useUtils();
  const updateMedicine = trpc.medicine.update.useMutation();
  const [saving, setSaving] = useState(false);

  const setTaken = trpc.medicine.setTaken.useMutation();

  /**
   * Saves each remapped frequency, and moves today's taken flags with their slots so that a dose
   * ticked before the change stays ticked at its own time.
   */
  const remap = async (remaps: readonly FrequencyRemap[], slotMap: ReadonlyMap<number, number>) => {
    const date = zonedNow(new Date(), settings.timezone).date;
    for (const { id, to } of remaps) {
      const m = medicines.find((candidate) => candidate.id === id);
      if (!m) continue;
      const before = await utils.medicine.getTaken.fetch({ id, date }).catch(() => null);
      await updateMedicine.mutateAsync({
        id,
        name: m.name,
        dosage: m.dosage,
        frequency: to,
        startDate: m.startDate.slice(0, 10),
        durationDays: m.durationDays,
        originalDurationDays: m.originalDurationDays,
        totalPills: m.totalPills,
        pillsPerDose: m.pillsPerDose,
        instructions: m.instructions,
      });
      const taken = before?.takenDay?.taken;
      if (taken?.includes('1')) {
        const slots = parseFrequency(to).length; // the server wants one flag per slot of the frequency
        await setTaken.mutateAsync({
          id,
          date,
          taken: normaliseTaken(remapFlags(taken, slotMap, slots), slots),
        });
      }
    }
    // The plan of the next save reads these frequencies: they must not be stale.
    if (remaps.length > 0) await utils.medicine.invalidate();
  };

  const saveAll = async (draft: SettingsDraft): Promise<boolean> => {
    const plan = planReminderTimes(settings.medicineDefaults.defaultReminderTimes, draft.times, medicines);
    if (plan.kind !== 'ok') {
      notify.error(failedText(plan.message));
      return false;
    }
    if (plan.moved.length > 0) {
      const confirmed = await confirmDialog({
        title: 'Change dose times?',
        message: movedDosesMessage(plan.moved),
        confirmLabel: 'Yes, change them',
      });
      if (!confirmed) return false;
    }
    setSaving(true);
    try {
      const input = toSettingsInput(draft, plan.times);
      // The server refuses a frequency with a dose beyond the saved list, and a saved list shorter
      // than a frequency's doses: a growing list is saved first, a shrinking one last.
      if (!plan.grew) await remap(plan.remaps, plan.slotMap);
      const result = await save(input);
      if (result.saved === false) {
        notify.error(failedText(result.message));
        return false;
      }
      if (plan.grew && result.saved === 'server') await remap(plan.remaps, plan.slotMap);
      notify.success('Settings saved successfully!');
      return true;
    } catch (error) {
      console.error('Saving settings failed', error);
      notify.error(failedText(messageOf(error)));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saveAll, saving };
}
