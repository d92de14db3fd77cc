import type { Notification } from '@medrem/contract';
import { useCallback } from 'react';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';
import type { OutboxEntry } from '../offline/outbox-entry';
import { queueWrite } from '../offline/outbox-sync';
import { usePendingWrites } from '../offline/pending-writes.store';

/** The list never goes stale (a known flaw): it polls every minute and refetches on focus. */
export const NOTIFICATIONS_REFETCH_MS = 60_000;

type NotificationList = RouterOutputs['notification']['list'];

/**
 * Query key: trpc notification.list {userEmail}. Reads marked on this device and still waiting to
 * sync are laid over the server's answer, so a refetch does not bring them back as unread.
 */
export function useNotifications() {
  const user = useSignedInUser();
  const pending = usePendingWrites(user.id);
  const select = useCallback((list: NotificationList) => pending.reduce(withPendingRead, list), [pending]);
  return trpc.notification.list.useQuery(
    { userEmail: user.email },
    {
      refetchInterval: NOTIFICATIONS_REFETCH_MS,
      refetchOnWindowFocus: true,
      refetchIntervalInBackground: false,
      select,
    },
  );
}

/** One waiting write laid over the list (mark all: only what had arrived when it was pressed). */
export function withPendingRead(list: NotificationList, entry: OutboxEntry): NotificationList {
  if (entry.kind === 'markRead') return notificationEdits.markRead(list, entry.notificationId);
  if (entry.kind !== 'markAllRead') return list;
  return withUnread(
    list.notifications.map((n) =>
      Date.parse(n.createdAt) < Date.parse(entry.upTo) ? { ...n, isRead: true } : n,
    ),
  );
}

/** A "mark all" covers what the user saw: up to just after the newest notification listed. */
export function markAllUpTo(list: NotificationList | undefined, now = new Date()): string {
  const newest = list?.notifications.reduce((max, n) => Math.max(max, Date.parse(n.createdAt)), 0) ?? 0;
  return new Date(newest > 0 ? newest + 1 : now.getTime()).toISOString();
}

function withUnread(notifications: Notification[]): NotificationList {
  return { notifications, unreadCount: notifications.filter((n) => !n.isRead).length };
}

/** Pure optimistic edits of the cached list. */
export const notificationEdits = {
  markRead: (list: NotificationList, id: string) =>
    withUnread(list.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n))),
  markAllRead: (list: NotificationList) =>
    withUnread(list.notifications.map((n) => ({ ...n, isRead: true }))),
  remove: (list: NotificationList, id: string) => withUnread(list.notifications.filter((n) => n.id !== id)),
};

/**
 * Mark read, mark all read and delete, applied to the cache at once. Spec: the local change is
 * kept even when the server call fails (logged only); a success refetches to pick up news.
 * Reads are queued on the device (issue 12), so one made offline reaches the server later;
 * delete stays an online call.
 */
export function useNotificationActions() {
  const user = useSignedInUser();
  const utils = trpc.useUtils();
  const key = { userEmail: user.email };
  const apply = async (edit: (list: NotificationList) => NotificationList) => {
    await utils.notification.list.cancel(key);
    utils.notification.list.setData(key, (list) => (list ? edit(list) : list));
  };
  const options = {
    onError: (error: unknown) => console.error('Notification update failed; keeping the local change', error),
    onSuccess: () => utils.notification.list.invalidate(key),
  };
  const remove = trpc.notification.delete.useMutation(options);
  const owner = { userId: user.id, userEmail: user.email };
  const queued = (entry: Parameters<typeof queueWrite>[0]) =>
    queueWrite(entry).catch((error: unknown) => options.onError(error));
  return {
    markRead: async (id: string) => {
      await apply((list) => notificationEdits.markRead(list, id));
      await queued({ kind: 'markRead', ...owner, notificationId: id });
    },
    markAllRead: async () => {
      const upTo = markAllUpTo(utils.notification.list.getData(key));
      await apply(notificationEdits.markAllRead);
      await queued({ kind: 'markAllRead', ...owner, upTo });
    },
    remove: async (id: string) => {
      await apply((list) => notificationEdits.remove(list, id));
      remove.mutate({ id });
    },
  };
}
