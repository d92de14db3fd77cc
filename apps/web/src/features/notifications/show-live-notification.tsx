import type { Notification } from '@medrem/contract';
import { loadToasts, toastsRequested } from '../../lib/toast';

// Fetched with the first notification that arrives live, never before: the live stream only runs
// online, so the offline start (precached, issue 9's 600 KB) need not carry it.
const loadLiveToast = () => import('./components/live-notification-toast.component');

/** What is shown in the page when it arrives live: what asks the user to act now. */
const SHOWN_LIVE = new Set<Notification['type']>(['reminder', 'missed_dose', 'refill']);

/**
 * Parses one event of the live stream (a Notification as JSON, `push.notifications`); null for
 * anything else (the stream's own frames, a malformed event).
 */
export function readLiveNotification(data: unknown): Notification | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<Notification> | null;
    if (!value || typeof value.id !== 'string' || typeof value.title !== 'string') return null;
    if (typeof value.message !== 'string' || typeof value.type !== 'string') return null;
    return value as Notification;
  } catch {
    return null;
  }
}

const liveToastId = (id: string) => `live:${id}`;

/** Closes the in-page notices of these notifications, if shown (read elsewhere, e.g. in the bell). */
export function dismissLiveNotifications(ids: readonly string[]): void {
  if (ids.length === 0 || !toastsRequested.current()) return;
  void loadToasts().then(({ toast }) => ids.forEach((id) => toast.dismiss(liveToastId(id))));
}

/**
 * Shows a notification that just arrived in the page, with its actions, until the user acts on it
 * (a dose reminder must not vanish after three seconds). One toast per notification: the same one
 * arriving twice (a stream reopened) is not shown twice.
 */
export function showLiveNotification(
  notification: Notification,
  actions: { openLabel: string; open: () => void; markRead: () => void },
): void {
  if (!SHOWN_LIVE.has(notification.type) || notification.isRead) return;
  const toastId = liveToastId(notification.id);
  Promise.all([loadToasts(), loadLiveToast()]).then(
    ([{ toast }, { LiveNotificationToast }]) => {
      if (toast.isActive(toastId)) return;
      const close = () => toast.dismiss(toastId);
      toast(
        <LiveNotificationToast
          notification={notification}
          openLabel={actions.openLabel}
          onOpen={() => {
            close();
            actions.open();
          }}
          onDismiss={() => {
            close();
            actions.markRead();
          }}
        />,
        {
          toastId,
          type: notification.type === 'missed_dose' ? 'warning' : 'info',
          autoClose: false,
          closeOnClick: false,
          draggable: false,
        },
      );
    },
    (error: unknown) => console.warn(`Could not show "${notification.title}"`, error),
  );
}
