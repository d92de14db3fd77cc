import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { NOTIFICATION_BADGE_CAP } from '@medrem/domain';
import { Bell } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazyNamed } from '../../../lib/lazy-named';
import { holdNotices } from '../../../lib/notices-held';
import { useDismiss } from '../../../lib/use-dismiss.hook';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useNotifications } from '../notifications.queries';
import { dismissLiveNotifications } from '../show-live-notification';

// The panel is its own chunk, fetched when the bell is first opened (and cached for offline use by
// the worker's idle warm-up, decision 054): the offline start stays within issue 9's 600 KB.
const NotificationPanel = lazyNamed(() => import('./notification-panel.component'), 'NotificationPanel');

/** Spec: the unread badge shows 99+ above 99. */
export function badgeText(unread: number): string {
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unread);
}

/**
 * The bell and its panel: a plain disclosure (button with aria-expanded), because Headless UI's
 * Popover adds aria-hidden focus sentinels that axe reports as a serious violation.
 */
export function NotificationBell() {
  const { t } = useLingui();
  const notifications = useNotifications();
  const unread = notifications.data?.unreadCount ?? 0;
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, container, close);
  const latest = useRef(notifications.data?.notifications);
  latest.current = notifications.data?.notifications;
  useEffect(() => {
    if (!open) return;
    // The in-page notices would lie over the open list (both top right): held until it closes
    // (decision 258). Those read meanwhile, in the list, are not shown again.
    const release = holdNotices();
    return () => {
      dismissLiveNotifications((latest.current ?? []).filter((n) => n.isRead).map((n) => n.id));
      release();
    };
  }, [open]);
  return (
    <div ref={container} className="relative">
      <button
        type="button"
        className={`${buttonClass.icon} relative`}
        aria-expanded={open}
        aria-controls="notification-panel"
        aria-label={
          unread
            ? t`Notifications, ${plural(unread, { one: '# unread', other: '# unread' })}`
            : t`Notifications`
        }
        onClick={() => {
          // Opening the panel shows the latest list, not the last poll's.
          if (!open) void notifications.refetch();
          setOpen(!open);
        }}
      >
        <Bell aria-hidden="true" className="size-6" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -end-0.5 min-w-6 rounded-full bg-red-700 px-1.5 text-center text-xs leading-6 font-bold text-white"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id="notification-panel"
          className="fixed inset-x-3 top-16 z-40 rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:end-0 sm:mt-2 sm:w-80"
        >
          <Suspense fallback={<p className="p-4 text-sm text-slate-600">{t`Loading…`}</p>}>
            <NotificationPanel
              list={notifications.data?.notifications ?? []}
              loading={notifications.isPending}
              onOpened={close}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
