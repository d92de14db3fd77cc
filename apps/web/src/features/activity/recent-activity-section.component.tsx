import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useOnlineStatus } from '../../app/shell/use-online-status.hook';
import { serverClock } from '../../lib/server-clock';
import { buttonClass } from '../../shared/ui/button.styles';
import { activityMeta, activityText, groupByDay } from './activity-text';
import { useRecentActivity } from './activity.queries';

/**
 * Settings → Privacy & Security, "Recent activity" (issue 57, decision 294): the account's sign-ins,
 * security changes, exports and every caregiver's views of the person's data, by day, newest first,
 * in the device's time zone (where the person reading it is).
 */
export function RecentActivitySection() {
  const { t } = useLingui();
  const id = useId();
  const online = useOnlineStatus();
  const activity = useRecentActivity();
  const days = activity.entries ? groupByDay(activity.entries, serverClock.now()) : [];

  return (
    <section aria-labelledby={`${id}-title`} className="mt-2 border-t border-slate-200 pt-5">
      <h3 id={`${id}-title`} className="mb-2 text-lg font-semibold text-slate-900">
        <Trans>Recent activity</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>
          Sign-ins, security changes, exports, and each time a caregiver viewed your data, from the last 180
          days. Addresses are shortened: the last part is never kept.
        </Trans>
      </p>
      {activity.loading && !activity.failed ? (
        <p className="mt-3 text-sm text-slate-600" role="status">
          {online ? t`Loading your recent activity…` : t`Your recent activity needs a connection.`}
        </p>
      ) : null}
      {activity.failed ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700" role="alert">
            {online
              ? t`Your recent activity could not be loaded.`
              : t`Your recent activity needs a connection.`}
          </p>
          <button type="button" className={buttonClass.secondary} onClick={activity.retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : null}
      {activity.entries?.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t`Nothing yet.`}</p>
      ) : null}
      {days.map((day) => (
        <div key={day.key} className="mt-4">
          <h4 className="text-sm font-semibold text-slate-800">{day.label}</h4>
          <ul className="mt-1 divide-y divide-slate-100">
            {day.entries.map((entry) => (
              <li key={entry.id} className="py-2">
                <p className="text-sm text-slate-900 [overflow-wrap:anywhere]">{activityText(entry)}</p>
                <p className="text-xs text-slate-600">{activityMeta(entry)}</p>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {activity.hasMore ? (
        <button
          type="button"
          className={`${buttonClass.secondary} mt-3`}
          disabled={activity.loadingMore || !online}
          onClick={activity.loadMore}
        >
          {activity.loadingMore ? t`Loading…` : t`Load more`}
        </button>
      ) : null}
    </section>
  );
}
