import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { formatDateTime } from '../../i18n/intl-formats';
import { notify } from '../../lib/toast';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import { useCalendarFeed } from './calendar-feed.queries';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(t`Link copied`);
  } catch {
    notify.error(t`Could not copy: select the link and copy it yourself`);
  }
}

function FeedAction(props: {
  busy: boolean;
  primary?: boolean;
  onClick: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.primary ? buttonClass.primary : buttonClass.secondary}
      disabled={props.busy}
      onClick={() => void props.onClick()}
    >
      {props.children}
    </button>
  );
}

const dateOf = (iso: string) =>
  formatDateTime(iso, { year: 'numeric', month: 'long', day: 'numeric' }, 'en-US');

/**
 * Settings → Privacy & Security: a private calendar link with the scheduled doses (decision 141).
 * The link is shown once, right after it is made; later only a new one can be shown.
 */
export function CalendarFeedSection() {
  const { t } = useLingui();
  const feed = useCalendarFeed();
  const linkId = useId();
  const enabled = feed.status?.enabled === true;
  const createdAt = feed.status?.createdAt;
  const madeOn = createdAt ? dateOf(createdAt) : '';

  return (
    <section className="mt-2 border-t border-slate-200 pt-5" aria-labelledby={`${linkId}-title`}>
      <h3 id={`${linkId}-title`} className="mb-2 text-lg font-semibold text-slate-900">
        <Trans>Calendar Feed</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>
          See your scheduled doses in your calendar app (Google Calendar, Apple Calendar, Outlook): from a
          week ago to 60 days ahead, kept up to date when your medicines change. As-needed medicines are not
          included.
        </Trans>
      </p>
      <p className="mt-2 text-sm font-medium text-amber-900">
        <Trans>Anyone who has the link can see your medicine names and dose times. Keep it private.</Trans>
      </p>

      {feed.loading ? (
        <p className="mt-3 text-sm text-slate-600">{t`Loading…`}</p>
      ) : feed.failed ? (
        <p className="mt-3 text-sm text-red-800" role="alert">
          <Trans>The calendar feed could not be loaded. Please try again later.</Trans>
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          {feed.link ? (
            <div className="flex flex-col gap-2">
              <label htmlFor={linkId} className="font-medium text-slate-900">
                <Trans>Your calendar link</Trans>
              </label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <input
                  id={linkId}
                  className={`${inputClass} font-mono text-sm`}
                  readOnly
                  value={feed.link.url}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <button
                  type="button"
                  className={`${buttonClass.secondary} shrink-0 whitespace-nowrap`}
                  onClick={() => void copy(feed.link!.url)}
                >
                  <Copy aria-hidden="true" className="size-5" />
                  <Trans>Copy Link</Trans>
                </button>
              </div>
              <p className="text-sm text-slate-700">
                <Trans>
                  Paste it into your calendar app as a subscription (“From URL”), or{' '}
                  <a className="font-medium text-brand-800 underline" href={feed.link.webcalUrl}>
                    open it in your calendar app
                  </a>
                  . This link is shown only now: copy it before you leave this page.
                </Trans>
              </p>
            </div>
          ) : enabled ? (
            <p className="text-sm text-slate-800">
              <Trans>
                Your calendar feed is on (link made on {madeOn}). For your safety the link is shown only once.
                To see a link again, get a new one: the old one then stops working.
              </Trans>
            </p>
          ) : (
            <p className="text-sm text-slate-800">
              <Trans>Your calendar feed is off.</Trans>
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            {enabled ? (
              <>
                <FeedAction busy={feed.busy} onClick={feed.turnOn}>
                  <RefreshCw aria-hidden="true" className="size-5" />
                  <Trans>Get a New Link</Trans>
                </FeedAction>
                <FeedAction busy={feed.busy} onClick={feed.turnOff}>
                  <Trans>Turn Off Calendar Feed</Trans>
                </FeedAction>
              </>
            ) : (
              <FeedAction busy={feed.busy} onClick={feed.turnOn} primary>
                <CalendarDays aria-hidden="true" className="size-5" />
                <Trans>Turn On Calendar Feed</Trans>
              </FeedAction>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
