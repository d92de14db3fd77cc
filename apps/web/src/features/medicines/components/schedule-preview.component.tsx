import type { DayDose, DoseSchedule } from '@medrem/domain';
import { courseDoses, formatTime12h, lastCourseDose, upcomingDoses } from '@medrem/domain';

const PREVIEW_DAYS = 7;
const dayLabel = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * The next 7 days' doses of the medicine as the form stands (decision 120), computed by the same
 * domain rule the server, the dashboard and the reminders use.
 */
export function SchedulePreview(props: {
  idPrefix: string;
  schedule: DoseSchedule | null;
  frequency: string;
  startDate: string;
  originalDurationDays: number;
  from: string;
  /** When the medicine was added (ISO): doses of the start date before it are not due. */
  addedAt: string;
  timeZone: string;
  defaultReminderTimes: readonly string[];
}) {
  const titleId = `${props.idPrefix}-preview-title`;
  if (props.schedule?.kind === 'asNeeded') {
    return (
      <section aria-labelledby={titleId} className="rounded-lg bg-slate-50 p-3 md:col-span-2">
        <h2 id={titleId} className="font-medium text-slate-800">
          Next 7 days
        </h2>
        <p className="text-sm text-slate-700">
          Taken only when needed: never reminded, never counted as missed.
        </p>
      </section>
    );
  }
  const medicine = {
    frequency: props.frequency,
    startDate: props.startDate,
    originalDurationDays: Number.isFinite(props.originalDurationDays) ? props.originalDurationDays : 1,
    schedule: props.schedule,
    createdAt: props.addedAt,
  };
  const from = props.startDate > props.from ? props.startDate : props.from;
  const days = upcomingDoses(medicine, from, PREVIEW_DAYS, {
    timeZone: props.timeZone,
    defaultReminderTimes: props.defaultReminderTimes,
  });
  const clockNote = days.some((d) => d.doses.some((dose) => dose.clockChanged));
  const context = { timeZone: props.timeZone, defaultReminderTimes: props.defaultReminderTimes };
  const last = lastCourseDose(medicine, context);
  // A course counts doses from its first (decision 188): every 8 hours for 7 days is 21 doses,
  // whatever the start time, so its last dose can fall on the day after its last calendar day.
  const interval = props.schedule?.kind === 'interval' ? props.schedule : null;
  // A slot course keeps its calendar days (decision 247): a dose of the start date before the
  // medicine was added is not due, so the course has that many doses fewer, and the preview says so
  // rather than letting "7 days, twice a day" read as 14 doses.
  const past = interval
    ? []
    : (days[0]?.date === props.startDate ? days[0].doses : []).filter((d) => d.beforeAdded);
  return (
    <section aria-labelledby={titleId} className="rounded-lg bg-slate-50 p-3 md:col-span-2">
      <h2 id={titleId} className="font-medium text-slate-800">
        Next 7 days
      </h2>
      <ul data-testid={`${props.idPrefix}-preview`} className="mt-2 flex flex-col gap-1 text-sm">
        {days.map(({ date, doses }) => (
          <li key={date} className="flex flex-wrap gap-x-2">
            <span className="w-28 font-medium text-slate-900">
              {dayLabel.format(new Date(`${date}T00:00:00Z`))}
            </span>
            <span className="text-slate-700">
              {doses.length
                ? doses
                    .map(
                      (d) =>
                        `${formatTime12h(d.time)}${d.dose ? ` (${d.dose})` : ''}${d.beforeAdded ? ' (already past)' : ''}`,
                    )
                    .join(', ')
                : 'No doses'}
            </span>
          </li>
        ))}
      </ul>
      {last ? (
        <p data-testid={`${props.idPrefix}-last-dose`} className="mt-2 text-sm text-slate-800">
          Last dose: {dayLabel.format(new Date(`${last.date}T00:00:00Z`))} at {formatTime12h(last.time)}
          {interval
            ? ` (${courseDoses(medicine)} doses: ${medicine.originalDurationDays} days are counted from the first dose, not from midnight)`
            : ''}
          {past.length ? ` (${pastNote(courseDoses(medicine), past)})` : ''}
        </p>
      ) : null}
      {clockNote ? (
        <p className="mt-2 text-sm text-amber-900">
          The clocks change in this period: doses stay the same number of real hours apart, so their times
          move.
        </p>
      ) : null}
    </section>
  );
}

/** "13 doses from now: today's 8:00 AM dose is already past; tick it on the dashboard if you took it". */
function pastNote(courseTotal: number, past: readonly DayDose[]): string {
  const times = past.map((d) => formatTime12h(d.time)).join(' and ');
  const left = courseTotal - past.length;
  const what = past.length === 1 ? `today's ${times} dose is` : `today's ${times} doses are`;
  return `${left} ${left === 1 ? 'dose' : 'doses'} from now: ${what} already past; tick ${past.length === 1 ? 'it' : 'them'} on the dashboard if you took ${past.length === 1 ? 'it' : 'them'}`;
}
