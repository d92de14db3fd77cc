import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { httpStatusOf, messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { useAuth } from '../auth/auth.context';
import { settingsCache } from './settings-cache';

/** Why the last attempt was refused: a wrong or missing password, or a sign-in too old. */
export interface DeleteRefusal {
  message: string;
  /** The account has no password and its sign-in is too old: sign in again (decision 198). */
  signInAgain: boolean;
}

/**
 * Deletes the account with the proof the server asks for (decision 198): the password, or none for
 * an account without one (then its sign-in must be recent). Then signs out and goes to /.
 */
export function useDeleteAccount() {
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<DeleteRefusal | null>(null);
  const run = async (password: string | undefined) => {
    const email = auth.user?.email;
    setBusy(true);
    setRefusal(null);
    try {
      await auth.deleteAccount(password); // the route guard then goes to / (auth.exitTo)
      if (email) settingsCache.remove(email);
      notify.success(t`Account deleted successfully`);
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === 400 || status === 403 || status === 429) {
        setRefusal({ message: messageOf(error) ?? t`Failed to delete account`, signInAgain: status === 403 });
      } else {
        notify.error(messageOf(error) ?? t`Failed to delete account`);
      }
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, refusal, clearRefusal: () => setRefusal(null) };
}
