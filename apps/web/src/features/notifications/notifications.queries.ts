import type { Notification } from '@medrem/contract';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';

/** The list never goes stale (a known flaw): it polls every minute and refetches on focus. */
export const NOTIFICATIONS_REFETCH_MS = 60_000;

type NotificationList = RouterOutputs['notification']['list'];

/** Query key: trpc notification.list {userEmail}. */
export function useNotifications() {
  const user = useSignedInUser();
  return trpc.notification.list.useQuery(
    { userEmail: user.email },
    {
      refetchInterval: NOTIFICATIONS_REFETCH_MS,
      refetchOnWindowFocus: true,
      refetchIntervalInBackground: false,
    },
  );
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
  const markRead = trpc.notification.markRead.useMutation(options);
  const markAllRead = trpc.notification.markAllRead.useMutation(options);
  const remove = trpc.notification.delete.useMutation(options);
  return {
    markRead: async (id: string) => {
      await apply((list) => notificationEdits.markRead(list, id));
      markRead.mutate({ id });
    },
    markAllRead: async () => {
      await apply(notificationEdits.markAllRead);
      markAllRead.mutate(key);
    },
    remove: async (id: string) => {
      await apply((list) => notificationEdits.remove(list, id));
      remove.mutate({ id });
    },
  };
}
