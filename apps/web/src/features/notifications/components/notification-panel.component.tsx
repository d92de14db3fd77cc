import { Trans, useLingui } from '@lingui/react/macro';
import type { Notification, NotificationType } from '@medrem/contract';
import { AlarmClock, CircleAlert, CircleCheck, Info, Pill, Trash2, type LucideIcon } from 'lucide-react';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useNotificationActions } from '../notifications.queries';
import { timeAgo } from '../time-ago';
import { useOpenNotification } from '../use-open-notification.hook';

/** Spec: reminder, missed_dose, refill, success; anything else is generic. */
const TYPE_ICON: Record<NotificationType, { Icon: LucideIcon; className: string }> = {
  reminder: { Icon: AlarmClock, className: 'text-brand-700' },
  missed_dose: { Icon: CircleAlert, className: 'text-red-700' },
  refill: { Icon: Pill, className: 'text-amber-800' },
  success: { Icon: CircleCheck, className: 'text-green-700' },
  generic: { Icon: Info, className: 'text-slate-700' },
};

export function NotificationPanel({
  list,
  loading,
  onOpened,
}: {
  list: readonly Notification[];
  loading: boolean;
  /** Called after a notification was opened (the bell closes its panel). */
  onOpened: () => void;
}) {
  const { t } = useLingui();
  const actions = useNotificationActions();
  const { open, targetOf } = useOpenNotification();
  const hasUnread = list.some((n) => !n.isRead);
  return (
    <div className="flex max-h-[28rem] flex-col">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
        <h2 className="font-semibold text-slate-900">
          <Trans>Notifications</Trans>
        </h2>
        <button
          type="button"
          className="min-h-11 px-2 text-sm font-medium text-brand-700 underline disabled:text-slate-500 disabled:no-underline"
          disabled={!hasUnread}
          onClick={() => void actions.markAllRead()}
        >
          <Trans>Mark all as read</Trans>
        </button>
      </div>
      {loading ? (
        <p className="p-4 text-slate-700">
          <Trans>Loading...</Trans>
        </p>
      ) : list.length === 0 ? (
        <p className="p-4 text-slate-700">
          <Trans>No notifications yet.</Trans>
        </p>
      ) : (
        <ul className="overflow-y-auto">
          {list.map((n) => {
            const { Icon, className } = TYPE_ICON[n.type] ?? TYPE_ICON.generic;
            const { title, message } = n;
            const action = targetOf(n).label;
            return (
              <li
                key={n.id}
                className={`flex items-start border-b border-slate-100 ${n.isRead ? '' : 'bg-brand-50'}`}
              >
                <button
                  type="button"
                  className="flex flex-1 items-start gap-3 px-4 py-3 text-start"
                  onClick={() => {
                    open(n);
                    onOpened();
                  }}
                  aria-label={
                    n.isRead
                      ? t({
                          message: `${title}. ${message}. ${action}`,
                          comment: 'A notification: its title, its text, and what opening it does',
                        })
                      : t({
                          message: `Unread: ${title}. ${message}. ${action}`,
                          comment: 'An unread notification: its title, its text, and what opening it does',
                        })
                  }
                >
                  <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${className}`} />
                  <span>
                    <span className={`block ${n.isRead ? 'text-slate-800' : 'font-semibold text-slate-900'}`}>
                      {n.title}
                    </span>
                    <span className="block text-sm text-slate-700">{n.message}</span>
                    <span className="block text-xs text-slate-600">{timeAgo(n.createdAt)}</span>
                  </span>
                </button>
                <button
                  type="button"
                  className={`${buttonClass.icon} text-slate-600`}
                  aria-label={t`Delete notification: ${title}`}
                  onClick={() => void actions.remove(n.id)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
