import { t } from '@lingui/core/macro';
import type { CalendarFeedLinkView } from '@medrem/contract';
import { useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { confirmDialog } from '../../shared/dialogs/dialog.store';
import { useSignedInUser } from '../auth/auth.context';

/**
 * The calendar feed (decision 141). Query key: trpc calendar.status {userEmail}, set from each
 * answer of regenerate and delete. The link itself comes only in regenerate's answer (the server
 * keeps its hash), so it lives in this hook's state until the page is left.
 */
export function useCalendarFeed() {
  const user = useSignedInUser();
  const utils = trpc.useUtils();
  const input = { userEmail: user.email };
  const status = trpc.calendar.status.useQuery(input);
  const regenerate = trpc.calendar.regenerate.useMutation();
  const remove = trpc.calendar.delete.useMutation();
  const [link, setLink] = useState<CalendarFeedLinkView | null>(null);

  const turnOn = async () => {
    if (status.data?.enabled) {
      const confirmed = await confirmDialog({
        title: t`Get a New Calendar Link`,
        message: t`The current link stops working at once: calendars subscribed to it stop updating until you add the new link.`,
        confirmLabel: t`Yes, make a new link`,
        danger: true,
      });
      if (!confirmed) return;
    }
    try {
      const created = await regenerate.mutateAsync(input);
      setLink(created);
      utils.calendar.status.setData(input, { enabled: true, createdAt: created.createdAt });
      notify.success(status.data?.enabled ? t`New calendar link made` : t`Calendar feed turned on`);
    } catch (error) {
      notify.error(messageOf(error) ?? t`Could not turn the calendar feed on`);
    }
  };

  const turnOff = async () => {
    const confirmed = await confirmDialog({
      title: t`Turn Off Calendar Feed`,
      message: t`The link stops working at once and calendars subscribed to it stop updating.`,
      confirmLabel: t`Yes, turn it off`,
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(input);
      setLink(null);
      utils.calendar.status.setData(input, { enabled: false, createdAt: null });
      notify.success(t`Calendar feed turned off`);
    } catch (error) {
      notify.error(messageOf(error) ?? t`Could not turn the calendar feed off`);
    }
  };

  return {
    status: status.data,
    loading: status.isPending,
    failed: status.isError,
    link,
    busy: regenerate.isPending || remove.isPending,
    turnOn,
    turnOff,
  };
}
