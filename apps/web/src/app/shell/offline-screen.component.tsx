import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarCheck, History, HardDrive, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../i18n/intl-formats';
import { buttonClass } from '../../shared/ui/button.styles';
import { useOnlineStatus } from './use-online-status.hook';

/** "Nov 21, 8:05 AM" in English (Intl, not date-fns: the shell is part of the first load). */
const DATA_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * Spec: a full page "You're Offline" while the browser is offline. A reminder app must not lock
 * people out of their schedule (decision 022): the page can be dismissed to the cached screens, and
 * it comes back on the next loss of connection. Once the device holds the account's data (issue 12)
 * there is nothing to wait for: a slim banner says the data is from a given time instead.
 * `dataTime`: when the medicines on screen were fetched (null: none on the device; always so in the
 * signed-out first paint, which has no query cache).
 */
export function OfflineScreen({ dataTime }: { dataTime: number | null }) {
  const { t } = useLingui();
  const online = useOnlineStatus();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (online) setDismissed(false);
  }, [online]);

  if (online) return null;
  if (dismissed || dataTime !== null) {
    const time = dataTime === null ? null : formatDateTime(dataTime, DATA_TIME, 'en-US');
    return (
      <p
        role="status"
        data-testid="offline-banner"
        className="sticky top-[61px] z-30 bg-amber-100 px-4 py-2 text-center text-amber-900"
      >
        <Trans>You&apos;re offline. New data will sync when you&apos;re back online.</Trans>
        {time !== null ? (
          <span className="block text-sm">
            <Trans>Showing your data from {time}.</Trans>
          </span>
        ) : null}
      </p>
    );
  }
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="offline-title"
      className="fixed inset-0 z-50 overflow-y-auto bg-slate-50"
    >
      <div className="mx-auto flex min-h-full max-w-lg flex-col items-center justify-center gap-5 p-6 text-center">
        <WifiOff aria-hidden="true" className="size-16 text-slate-600" />
        <h1 id="offline-title" className="text-3xl font-bold text-slate-900">
          <Trans>You&apos;re Offline</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>Don&apos;t worry: your medicine reminders are still available offline. You can:</Trans>
        </p>
        <ul className="flex flex-col gap-2 text-start text-slate-800">
          <li className="flex items-center gap-2">
            <CalendarCheck aria-hidden="true" className="size-5 text-brand-700" />{' '}
            <Trans>View your medication schedule</Trans>
          </li>
          <li className="flex items-center gap-2">
            <History aria-hidden="true" className="size-5 text-brand-700" />{' '}
            <Trans>Check your medicine history</Trans>
          </li>
          <li className="flex items-center gap-2">
            <HardDrive aria-hidden="true" className="size-5 text-brand-700" />{' '}
            <Trans>Access your saved data</Trans>
          </li>
        </ul>
        <button type="button" className={buttonClass.primary} autoFocus onClick={() => setDismissed(true)}>
          {t`Continue to my schedule`}
        </button>
        <p className="text-sm text-slate-600">
          <Trans>New data will sync when you&apos;re back online</Trans>
        </p>
      </div>
    </div>
  );
}
