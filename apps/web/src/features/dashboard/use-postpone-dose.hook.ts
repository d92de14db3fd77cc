import { t } from '@lingui/core/macro';
import { useSignedInUser } from '../auth/auth.context';
import { queueWrite } from '../offline/outbox-sync';
import { notify } from '../../lib/toast';
import { postponedStateText } from '../../i18n/domain-texts';

/**
 * Decision 317: one dose postponed to a later time today, or its postponement taken back, through
 * the write queue like a tick: stored on the device first, sent at once when online, later when
 * not, once (its idempotency key). The card shows "Postponed to …" at once from the queue.
 */
export function usePostponeDose(target: {
  medicineId: string;
  medicineName: string;
  date: string;
  slot: number;
  plannedTime: string;
}) {
  const user = useSignedInUser();
  const send = async (newTime: string | null): Promise<string | null> => {
    try {
      await queueWrite({ kind: 'postpone', userId: user.id, userEmail: user.email, ...target, newTime });
      if (newTime) {
        const name = target.medicineName;
        const postponed = postponedStateText(newTime);
        notify.success(t({ message: `${name}: ${postponed}.`, comment: 'Metformin: Postponed to 9:30 AM.' }));
      }
      return null;
    } catch (error) {
      // Only the device's own storage can fail here (the network never does: it is queued).
      console.error('Saving the postponement failed', error);
      return t`Could not save the postponement. Please try again.`;
    }
  };
  return { postpone: (newTime: string) => send(newTime), undo: () => send(null) };
}
