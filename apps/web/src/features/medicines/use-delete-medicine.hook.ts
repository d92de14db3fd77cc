import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { trpc } from '../../lib/trpc';
import { notify } from '../../lib/toast';
import { refuseWhenOffline, tellIfUnreachable } from '../offline/online-only';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import { useInvalidateMedicines, type Medicine } from './medicines.queries';

export const DELETE_FAILED_MESSAGE = msg`Failed to delete medicine. Please try again.`;

/**
 * Delete with the spec's confirmation, then refetch the list. A failure is shown as an error toast
 * (the original showed it in the success style: fixed knowingly, see decision 021).
 */
export function useDeleteMedicine() {
  const mutation = trpc.medicine.delete.useMutation();
  const invalidate = useInvalidateMedicines();
  const remove = async (medicine: Pick<Medicine, 'id' | 'name'>) => {
    const name = medicine.name;
    const confirmed = await confirmDialog({
      title: t`Delete medicine`,
      message: t`Are you sure you want to delete "${name}"? This action cannot be undone.`,
      confirmLabel: t`Yes, delete it!`,
      danger: true,
    });
    if (!confirmed || refuseWhenOffline('Deleting')) return;
    try {
      await mutation.mutateAsync({ id: medicine.id });
      notify.success(t`${name} has been deleted successfully!`);
    } catch (error) {
      console.error('Deleting the medicine failed', error);
      if (!tellIfUnreachable(error, 'Deleting')) notify.error(i18n._(DELETE_FAILED_MESSAGE));
    } finally {
      await invalidate();
    }
  };
  return { remove, deletingId: mutation.isPending ? mutation.variables?.id : undefined };
}
