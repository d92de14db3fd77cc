import { useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import { useAuth } from '../auth/auth.context';
import { settingsCache } from './settings-cache';

/** Spec: the exact confirmation, then delete, sign out, drop the token and go to /. */
export function useDeleteAccount() {
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const confirmed = await confirmDialog({
      title: 'Delete Account',
      message: 'This action cannot be undone. All your data will be permanently deleted.',
      confirmLabel: 'Yes, delete my account',
      danger: true,
    });
    if (!confirmed) return;
    const email = auth.user?.email;
    setBusy(true);
    try {
      await auth.deleteAccount(); // the route guard then goes to / (auth.exitTo)
      if (email) settingsCache.remove(email);
      notify.success('Account deleted successfully');
    } catch (error) {
      notify.error(messageOf(error) ?? 'Failed to delete account');
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
