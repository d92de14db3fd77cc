import { t } from '@lingui/core/macro';
import type { SkipReason } from '@medrem/domain';
import { messageOf } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { notify } from '../../lib/toast';

/**
 * Decision 225: one dose skipped on purpose (with an optional reason) or the skip taken back. A
 * skip needs the server (it stops the follow-ups there), so it is not queued offline like a tick:
 * offline, the form says so and keeps its choice. The day the server answers replaces the cached
 * one, so the card shows "Skipped — reason" at once; the month's history is fetched again.
 */
export function useSkipDose(target: {
  medicineId: string;
  medicineName: string;
  date: string;
  slot: number;
}) {
  const utils = trpc.useUtils();
  const mutation = trpc.medicine.skipDose.useMutation();
  const send = async (
    change: { skipped: true; reason: SkipReason | null; note: string } | { skipped: false },
  ): Promise<string | null> => {
    if (!navigator.onLine) return t`You are offline: a dose can be skipped once you are back online.`;
    try {
      const { takenDay } = await mutation.mutateAsync({
        id: target.medicineId,
        date: target.date,
        slot: target.slot,
        skipped: change.skipped,
        ...(change.skipped && change.reason ? { reason: change.reason } : {}),
        ...(change.skipped && change.note.trim() ? { note: change.note.trim() } : {}),
      });
      utils.medicine.getTaken.setData({ id: target.medicineId, date: target.date }, { takenDay });
      void utils.medicine.history.invalidate({ id: target.medicineId });
      const name = target.medicineName;
      if (change.skipped) notify.success(t`${name} skipped.`);
      return null;
    } catch (cause) {
      return messageOf(cause) ?? t`Could not save the skip. Please try again.`;
    }
  };
  return {
    skip: (reason: SkipReason | null, note: string) => send({ skipped: true, reason, note }),
    unskip: () => send({ skipped: false }),
  };
}
