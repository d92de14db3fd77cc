import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { renewAccessToken } from '../../lib/token-refresh';
import { trpc } from '../../lib/trpc';
import { confirmDialog } from '../../shared/dialogs/dialog.store';

/**
 * "Sign out everywhere": after a confirmation, every other device's session and every access token
 * issued so far end (issue 8). This device keeps its session cookie and fetches its new token at
 * once, so its next call is not refused first.
 */
export function useSignOutEverywhere() {
  const mutation = trpc.auth.signOutEverywhere.useMutation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const confirmed = await confirmDialog({
      title: t`Sign Out Everywhere`,
      message: t`You will be signed out on all your other devices and browsers. You stay signed in here.`,
      confirmLabel: t`Yes, sign out everywhere`,
      danger: true,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await mutation.mutateAsync({});
      await renewAccessToken();
      notify.success(t`Signed out on all other devices`);
    } catch (error) {
      notify.error(messageOf(error) ?? t`Failed to sign out other devices`);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
