import { firstName, greetingForHour, type ZonedNow } from '@medrem/domain';

/**
 * Today's long date, 'Sunday, December 6, 2026', by the browser's Intl: date-fns's format and its
 * whole English locale were 50 KB of the offline start for this one line (issue 9's budget).
 */
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Spec: '{Greeting}, {first name}', today's long date and the overview line; hour and date in the saved zone. */
export function Greeting({ name, now }: { name: string; now: ZonedNow }) {
  const first = firstName(name);
  return (
    <header>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {greetingForHour(now.hour)}
        {first ? `, ${first}` : ''}
      </h1>
      {/* The saved zone's date, read as a UTC midnight so no zone can move it to another day. */}
      <p className="mt-1 text-slate-700">{LONG_DATE.format(new Date(`${now.date}T00:00:00Z`))}</p>
      <p className="mt-1 text-slate-700">Here&apos;s your medications overview today!</p>
    </header>
  );
}
