import { t } from '@lingui/core/macro';
import type { DeliveryTargetView } from '@medrem/contract';
import { messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import { useSignedInUser } from '../auth/auth.context';

export type ChannelMode = DeliveryTargetView['mode'];
export type NewChannel =
  | { kind: 'email'; mode: ChannelMode }
  | { kind: 'ntfy' | 'webhook'; url: string; mode: ChannelMode; accessToken?: string };

/**
 * Where reminders go (issue 53): trpc channels.list {userEmail}, refetched after each change and
 * each test (a test writes the target's status). A webhook's secret comes only in add's answer.
 */
export function useDeliveryChannels() {
  const user = useSignedInUser();
  const utils = trpc.useUtils();
  const input = { userEmail: user.email };
  const list = trpc.channels.list.useQuery(input);
  const add = trpc.channels.add.useMutation();
  const update = trpc.channels.update.useMutation();
  const remove = trpc.channels.remove.useMutation();
  const test = trpc.channels.test.useMutation();
  const refresh = () => utils.channels.list.invalidate(input);

  return {
    targets: list.data?.targets,
    loading: list.isPending,
    failed: list.isError,
    /** Adds a channel; answers the webhook secret (or null), or throws the server's message. */
    async add(channel: NewChannel): Promise<{ secret: string | null }> {
      try {
        const created = await add.mutateAsync({ ...input, ...channel });
        notify.success(t`Channel added`);
        return { secret: created.secret };
      } finally {
        await refresh();
      }
    },
    adding: add.isPending,
    async setMode(id: string, mode: ChannelMode) {
      try {
        await update.mutateAsync({ ...input, id, mode });
        notify.success(
          mode === 'every' ? t`It gets every reminder now` : t`It gets only what push could not deliver`,
        );
      } catch (error) {
        notify.error(messageOf(error) ?? t`Could not change the channel`);
      }
      await refresh();
    },
    async remove(target: DeliveryTargetView) {
      const { label } = target;
      const confirmed = await confirmDialog({
        title: t({ message: 'Remove', comment: 'Title of the dialog: remove a device or channel' }),
        message: t`${label} will get no more reminders.`,
        confirmLabel: t`Yes, remove it`,
        danger: true,
      });
      if (!confirmed) return;
      try {
        await remove.mutateAsync({ ...input, id: target.id });
        notify.success(t({ message: 'Removed', comment: 'Toast: the device or channel was removed' }));
      } catch (error) {
        notify.error(messageOf(error) ?? t`Could not remove it`);
      }
      await refresh();
    },
    /** Sends a test reminder; answers what the server said, in words. */
    async test(id: string): Promise<{ accepted: boolean; message: string }> {
      try {
        const result = await test.mutateAsync({ ...input, id });
        return { accepted: result.accepted, message: result.message };
      } catch (error) {
        return { accepted: false, message: messageOf(error) ?? t`The test reminder could not be sent.` };
      } finally {
        await refresh();
      }
    },
  };
}
