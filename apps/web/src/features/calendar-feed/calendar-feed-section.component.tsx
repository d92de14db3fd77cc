import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { notify } from '../../lib/toast';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import { useCalendarFeed } from './calendar-feed.queries';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('Link copied');
  } catch {
    notify.error('Could not copy: select the link and copy it yourself');
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
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * Settings → Privacy & Security: a private calendar link with the scheduled doses (decision 141).
 * The link is shown once, right after it is made; later only a new one can be shown.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const linkId = useId();
  const enabled = feed.status?.enabled === true;

  return (
    <section className="mt-2 border-t border-slate-200 pt-5" aria-labelledby={`${linkId}-title`}>
      <h3 id={`${linkId}-title`} className="mb-2 text-lg font-semibold text-slate-900">
        Calendar Feed
      </h3>
      <p className="text-sm text-slate-700">
        See your scheduled doses in your calendar app (Google Calendar, Apple Calendar, Outlook): from a week
        ago to 60 days ahead, kept up to date when your medicines change. As-needed medicines are not
        included.
      </p>
      <p className="mt-2 text-sm font-medium text-amber-900">
        Anyone who has the link can see your medicine names and dose times. Keep it private.
      </p>

      {feed.loading ? (
        <p className="mt-3 text-sm text-slate-600">Loading…</p>
      ) : feed.failed ? (
        <p className="mt-3 text-sm text-red-800" role="alert">
          The calendar feed could not be loaded. Please try again later.
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          {feed.link ? (
            <div className="flex flex-col gap-2">
              <label htmlFor={linkId} className="font-medium text-slate-900">
                Your calendar link
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
                  Copy Link
                </button>
              </div>
              <p className="text-sm text-slate-700">
                Paste it into your calendar app as a subscription (“From URL”), or{' '}
                <a className="font-medium text-brand-800 underline" href={feed.link.webcalUrl}>
                  open it in your calendar app
                </a>
                . This link is shown only now: copy it before you leave this page.
              </p>
            </div>
          ) : enabled ? (
            <p className="text-sm text-slate-800">
              Your calendar feed is on (link made on {dateOf(feed.status!.createdAt!)}). For your safety the
              link is shown only once. To see a link again, get a new one: the old one then stops working.
            </p>
          ) : (
            <p className="text-sm text-slate-800">Your calendar feed is off.</p>
          )}
          <div className="flex flex-wrap gap-3">
            {enabled ? (
              <>
                <FeedAction busy={feed.busy} onClick={feed.turnOn}>
                  <RefreshCw aria-hidden="true" className="size-5" />
                  Get a New Link
                </FeedAction>
                <FeedAction busy={feed.busy} onClick={feed.turnOff}>
                  Turn Off Calendar Feed
                </FeedAction>
              </>
            ) : (
              <FeedAction busy={feed.busy} onClick={feed.turnOn} primary>
                <CalendarDays aria-hidden="true" className="size-5" />
                Turn On Calendar Feed
              </FeedAction>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
