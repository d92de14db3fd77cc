import { Trans, useLingui } from '@lingui/react/macro';
import { firstName, greetingForHour, type ZonedNow } from '@medrem/domain';
import { greetingText } from '../../../i18n/domain-texts';
import { formatDateTime } from '../../../i18n/intl-formats';

/**
 * Today's long date, 'Sunday, December 6, 2026', by the browser's Intl: date-fns's format and its
 * whole English locale were 50 KB of the offline start for this one line (issue 9's budget).
 */
const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};

/** Spec: '{Greeting}, {first name}', today's long date and the overview line; hour and date in the saved zone. */
export function Greeting({ name, now }: { name: string; now: ZonedNow }) {
  const { t } = useLingui();
  const first = firstName(name);
  const greeting = greetingText(greetingForHour(now.hour));
  return (
    <header>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {first ? t({ message: `${greeting}, ${first}`, comment: 'Good Morning, Ada' }) : greeting}
      </h1>
      {/* The saved zone's date, read as a UTC midnight so no zone can move it to another day. */}
      <p className="mt-1 text-slate-700">
        {formatDateTime(new Date(`${now.date}T00:00:00Z`), LONG_DATE, 'en-US')}
      </p>
      <p className="mt-1 text-slate-700">
        <Trans>Here's your medications overview today!</Trans>
      </p>
    </header>
  );
}
