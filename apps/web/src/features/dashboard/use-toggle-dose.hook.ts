import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { onIdle } from '../../lib/on-idle';
import { trpc } from '../../lib/trpc';
import { dismissToast, notify } from '../../lib/toast';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import { preloadDialogHost } from '../../shared/dialogs/lazy-dialog-host.component';
import { useSignedInUser } from '../auth/auth.context';
import { queueWrite } from '../offline/outbox-sync';
import type { SlotDose } from './dose-slots.model';

/**
 * Toggles one dose between taken and not taken. Marking as taken asks first (spec). The change is
 * queued on the device and sent at once when online, later when not (issue 12): the dashboard shows
 * it straight away with a "waiting to sync" mark until the server has it.
 */
export function useToggleDose(date: string) {
  const user = useSignedInUser();
  const utils = trpc.useUtils();
  // The 'Mark as taken' confirmation must open offline too: its chunk is fetched while online
  // (offline already, there is nothing to fetch it from; the service worker's precache may have it).
  useEffect(
    () =>
      onIdle(() => {
        if (navigator.onLine) void preloadDialogHost().catch(() => undefined);
      }),
    [],
  );

  /** Queues one dose's tick; `announce`: the dashboard's toast (the simple screen says it itself). */
  const write = async (dose: SlotDose, taken: boolean, announce: boolean): Promise<boolean> => {
    const { medicine } = dose;
    const name = medicine.name;
    try {
      // A refetch in flight would briefly show the old answer over the new tick.
      await utils.medicine.getTaken.cancel({ id: medicine.id, date });
      await queueWrite({
        kind: 'tick',
        userId: user.id,
        userEmail: user.email,
        medicineId: medicine.id,
        medicineName: medicine.name,
        date,
        slot: dose.slot,
        taken,
      });
      // Unticking takes back the news: its "marked as taken!" must not stay on screen.
      const takenToast = `taken:${medicine.id}:${date}:${dose.slot}`;
      if (!taken) dismissToast(takenToast);
      else if (announce) notify.success(t`${name} marked as taken!`, { id: takenToast });
      return true;
    } catch (error) {
      // Only the device's own storage can fail here (the network never does: it is queued).
      console.error('Saving the dose failed', error);
      notify.error(t`Could not save the dose. Please try again.`);
      return false;
    }
  };

  const toggle = async (slot: number, dose: SlotDose) => {
    if (!dose.taken) {
      const name = dose.medicine.name;
      const confirmed = await confirmDialog({
        title: t`Mark as taken`,
        message: t`Are you sure you want to mark "${name}" as taken?`,
        confirmLabel: t`Yes, mark it!`,
      });
      if (!confirmed) return;
    }
    await write({ ...dose, slot }, !dose.taken, true);
  };

  /**
   * The simple screen's Take (issue 54): marks the doses taken without asking, since its one large
   * button, labelled with what it takes, is the deliberate act. True when every tick was queued.
   */
  const take = async (doses: readonly SlotDose[]): Promise<boolean> => {
    let all = true;
    for (const dose of doses) all = (await write(dose, true, false)) && all;
    return all;
  };
  return { toggle, take };
}
