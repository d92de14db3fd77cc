import { Trans } from '@lingui/react/macro';
import type { Notification } from '@medrem/contract';

/**
 * A notification that arrived while the app is open, shown in the page (decision 199): its title,
 * its text and its actions — open what it is about (marks it read) or dismiss it (marks it read).
 */
export function LiveNotificationToast(props: {
  notification: Notification;
  openLabel: string;
  onOpen: () => void;
  onDismiss: () => void;
}) {
  const { notification, openLabel, onOpen, onDismiss } = props;
  return (
    <div className="flex flex-col gap-2" data-testid="live-notification">
      <p className="font-semibold">{notification.title}</p>
      <p className="text-sm">{notification.message}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 font-medium text-white hover:bg-brand-800"
          onClick={onOpen}
        >
          {openLabel}
        </button>
        <button
          type="button"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-3 font-medium text-slate-800 hover:bg-slate-100"
          onClick={onDismiss}
        >
          <Trans comment="Button: close an in-page notification (marks it read)">Dismiss</Trans>
        </button>
      </div>
    </div>
  );
}
