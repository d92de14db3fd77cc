import { t } from '@lingui/core/macro';
import { wallClockInstant } from '@medrem/domain';
import { messageOf } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';

/**
 * Decision 191: "taken at…", the time a taken dose was taken, corrected by the user. `time` is a wall
 * time of the dose's day in the saved zone; the server keeps it within its bounds (not in the
 * future, not before the day's start minus the longest take-early window) and says why otherwise.
 * The day the server answers replaces the cached one, so the card shows the new time at once.
 */
export function useCorrectTakenAt(target: {
  medicineId: string;
  date: string;
  slot: number;
  timeZone: string;
}) {
  const utils = trpc.useUtils();
  const mutation = trpc.medicine.correctTakenAt.useMutation();
  const correct = async (time: string): Promise<string | null> => {
    try {
      const { takenDay } = await mutation.mutateAsync({
        id: target.medicineId,
        date: target.date,
        slot: target.slot,
        takenAt: new Date(wallClockInstant(target.date, time, target.timeZone)).toISOString(),
      });
      utils.medicine.getTaken.setData({ id: target.medicineId, date: target.date }, { takenDay });
      return null;
    } catch (cause) {
      return messageOf(cause) ?? t`Could not change the time. Please try again.`;
    }
  };
  return { correct };
}
