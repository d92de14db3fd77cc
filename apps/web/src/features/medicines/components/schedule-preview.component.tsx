import type { DoseSchedule } from '@medrem/domain';
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
                ? doses.map((d) => `${formatTime12h(d.time)}${d.dose ? ` (${d.dose})` : ''}`).join(', ')
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
