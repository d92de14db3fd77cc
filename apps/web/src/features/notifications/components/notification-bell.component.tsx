import { NOTIFICATION_BADGE_CAP } from '@medrem/domain';
import { Bell } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '../../../lib/use-dismiss.hook';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useNotifications } from '../notifications.queries';
import { NotificationPanel } from './notification-panel.component';

/** Spec: the unread badge shows 99+ above 99. */
export function badgeText(unread: number): string {
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unread);
}

/**
 * The bell and its panel: a plain disclosure (button with aria-expanded), because Headless UI's
 * Popover adds aria-hidden focus sentinels that axe reports as a serious violation.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const unread = notifications.data?.unreadCount ?? 0;
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, container, close);
  return (
    <div ref={container} className="relative">
      <button
        type="button"
        className={`${buttonClass.icon} relative`}
        aria-expanded={open}
        aria-controls="notification-panel"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
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
            className="absolute -top-0.5 -right-0.5 min-w-6 rounded-full bg-red-700 px-1.5 text-center text-xs leading-6 font-bold text-white"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id="notification-panel"
          className="fixed inset-x-3 top-16 z-40 rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80"
        >
          <NotificationPanel
            list={notifications.data?.notifications ?? []}
            loading={notifications.isPending}
            onOpened={close}
          />
        </div>
      ) : null}
    </div>
  );
}
