import { setTakenFlag } from '@medrem/domain';
import { trpc } from '../../lib/trpc';
import { notify } from '../../lib/toast';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import { useInvalidateMedicines } from '../medicines/medicines.queries';
import type { DoseSlotView, SlotDose } from './dose-slots.model';

/**
 * Toggles one dose between taken (1) and not taken (0). Marking as taken asks first (spec); on
 * success the day's taken state is stored in the cache and supply figures refetch.
 */
export function useToggleDose(date: string) {
  const utils = trpc.useUtils();
  const invalidate = useInvalidateMedicines();
  const mutation = trpc.medicine.setTaken.useMutation();

  const toggle = async (slot: DoseSlotView, dose: SlotDose) => {
    const { medicine } = dose;
    if (!dose.taken) {
      const confirmed = await confirmDialog({
        title: 'Mark as taken',
        message: `Are you sure you want to mark "${medicine.name}" as taken?`,
        confirmLabel: 'Yes, mark it!',
      });
      if (!confirmed) return;
    }
    const slots = dose.takenToday.split('-').length;
    const taken = setTakenFlag(dose.takenToday, slots, slot.index, dose.taken ? 0 : 1);
    try {
      const result = await mutation.mutateAsync({ id: medicine.id, date, taken });
      utils.medicine.getTaken.setData({ id: medicine.id, date }, { takenDay: result.takenDay });
      if (!dose.taken) notify.success(`${medicine.name} marked as taken!`);
      await invalidate();
    } catch (error) {
      console.error('Saving the dose failed', error);
      notify.error('Could not save the dose. Please try again.');
    }
  };
  return { toggle, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}
