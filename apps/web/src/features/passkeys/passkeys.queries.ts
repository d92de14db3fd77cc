import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { httpStatusOf, messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { type RouterInputs, type RouterOutputs, trpc } from '../../lib/trpc';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import { noPasskeysHere, passkeyAttestation, passkeyFailure, passkeysSupported } from './passkey-ceremony';

export type PasskeyItem = RouterOutputs['passkey']['list']['passkeys'][number];
type RegistrationAnswer = RouterInputs['passkey']['register']['response'];

export const passkeyOffline = (): string =>
  t`You’re offline. Passkeys are added, renamed and removed only online.`;

/**
 * Settings → Privacy & Security, "Passkeys" (issue 57): trpc passkey.list, read when shown and never
 * kept on the device (the offline lists). Changes go through the plain client, like personal tokens
 * (decision 271): none is ever queued to be sent later. Each answers null when done, else a message.
 */
export function usePasskeys() {
  const utils = trpc.useUtils();
  const list = trpc.passkey.list.useQuery();
  const [adding, setAdding] = useState(false);
  const refresh = () => utils.passkey.list.invalidate();
  const failed = (error: unknown, fallback: string) =>
    httpStatusOf(error) === undefined ? passkeyOffline() : (messageOf(error) ?? fallback);

  return {
    passkeys: list.data?.passkeys,
    loading: list.isPending,
    failed: list.isError && list.data === undefined,
    adding,
    /** The server's options, the browser's dialog (a PIN, a fingerprint…), then the server's check. */
    async add(name: string): Promise<string | null> {
      if (!navigator.onLine) return passkeyOffline();
      if (!passkeysSupported()) return noPasskeysHere();
      setAdding(true);
      try {
        const { options } = await utils.client.passkey.registrationOptions.mutate({});
        const response = (await passkeyAttestation(options)) as RegistrationAnswer;
        const trimmed = name.trim();
        await utils.client.passkey.register.mutate({ response, ...(trimmed ? { name: trimmed } : {}) });
        notify.success(t`Passkey added`);
        return null;
      } catch (error) {
        return passkeyFailure(error, 'add');
      } finally {
        setAdding(false);
        await refresh();
      }
    },
    async rename(passkey: PasskeyItem, name: string): Promise<string | null> {
      if (!navigator.onLine) return passkeyOffline();
      try {
        await utils.client.passkey.rename.mutate({ id: passkey.id, name });
        await refresh();
        return null;
      } catch (error) {
        return failed(error, t`The passkey could not be renamed.`);
      }
    },
    /** Asks first, naming the passkey; true when it was removed. */
    async remove(passkey: PasskeyItem): Promise<boolean> {
      const name = passkey.name;
      const confirmed = await confirmDialog({
        title: t`Remove passkey`,
        message: t`“${name}” will no longer sign you in. The device keeps it until you delete it there too.`,
        confirmLabel: t`Yes, remove it`,
        danger: true,
      });
      if (!confirmed) return false;
      try {
        await utils.client.passkey.remove.mutate({ id: passkey.id });
        utils.passkey.list.setData(undefined, (old) =>
          old ? { passkeys: old.passkeys.filter((p) => p.id !== passkey.id) } : old,
        );
        notify.success(t`“${name}” removed`);
        return true;
      } catch (error) {
        notify.error(failed(error, t`The passkey could not be removed.`));
        return false;
      } finally {
        await refresh();
      }
    },
  };
}
