import { NOTIFICATION_BADGE_CAP } from '@medrem/domain';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Bell } from 'lucide-react';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useNotifications } from '../notifications.queries';
import { NotificationPanel } from './notification-panel.component';

/** Spec: the unread badge shows 99+ above 99. */
export function badgeText(unread: number): string {
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unread);
}

export function NotificationBell() {
  const notifications = useNotifications();
  const unread = notifications.data?.unreadCount ?? 0;
  return (
    <Popover className="relative">
      <PopoverButton
        className={`${buttonClass.icon} relative`}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
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
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8, padding: 8 }}
        className="z-40 w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white shadow-xl"
      >
        <NotificationPanel list={notifications.data?.notifications ?? []} loading={notifications.isPending} />
      </PopoverPanel>
    </Popover>
  );
}
