import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DayDose, DoseSchedule } from '@medrem/domain';
import { courseDoses, lastCourseDose, upcomingDoses } from '@medrem/domain';
import { formatTimeOfDay } from '../../../i18n/intl-formats';
import { dateTimeFormat } from '../../../i18n/intl-formats';

const PREVIEW_DAYS = 7;
/** 'Tue, Dec 8' in English; each language's own short day. */
const dayLabel = (date: string) =>
  dateTimeFormat({ weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }, 'en-US').format(
    new Date(`${date}T00:00:00Z`),
  );

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
  const { t } = useLingui();
  const titleId = `${props.idPrefix}-preview-title`;
  if (props.schedule?.kind === 'asNeeded') {
    return (
      <section aria-labelledby={titleId} className="rounded-lg bg-slate-50 p-3 md:col-span-2">
        <h2 id={titleId} className="font-medium text-slate-800">
          <Trans>Next 7 days</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Trans>Taken only when needed: never reminded, never counted as missed.</Trans>
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

  /** A dose of the list: '8:00 AM (40 mg)', '8:00 AM (already past)'. */
  const doseText = (d: DayDose): string => {
    const time = formatTimeOfDay(d.time);
    const dose = d.dose;
    if (d.beforeAdded) return dose ? t`${time} (${dose}) (already past)` : t`${time} (already past)`;
    return dose
      ? t({ message: `${time} (${dose})`, comment: 'A dose time with its dose: 8:00 AM (40 mg)' })
      : time;
  };

  /**
   * 'Last dose: Tue, Dec 8 at 11:00 AM', with what an interval course counts, or the doses of today
   * already past: "13 doses from now: today's 8:00 AM dose is already past; tick it on the dashboard if you took it".
   */
  const lastDoseText = (lastDose: { date: string; time: string }): string => {
    const date = dayLabel(lastDose.date);
    const time = formatTimeOfDay(lastDose.time);
    if (interval) {
      const doses = courseDoses(medicine);
      const courseDays = medicine.originalDurationDays;
      return t`Last dose: ${date} at ${time} (${doses} doses: ${courseDays} days are counted from the first dose, not from midnight)`;
    }
    if (past.length) {
      const left = courseDoses(medicine) - past.length;
      const and = t({ message: 'and', comment: 'Joins dose times: 8:00 AM and 2:00 PM' });
      const times = past.map((d) => formatTimeOfDay(d.time)).join(` ${and} `);
      const pastDoses = past.length;
      return t`Last dose: ${date} at ${time} (${plural(left, { one: `${left} dose`, other: `${left} doses` })} from now: ${plural(
        pastDoses,
        {
          one: `today's ${times} dose is already past; tick it on the dashboard if you took it`,
          other: `today's ${times} doses are already past; tick them on the dashboard if you took them`,
        },
      )})`;
    }
    return t`Last dose: ${date} at ${time}`;
  };

  return (
    <section aria-labelledby={titleId} className="rounded-lg bg-slate-50 p-3 md:col-span-2">
      <h2 id={titleId} className="font-medium text-slate-800">
        <Trans>Next 7 days</Trans>
      </h2>
      <ul data-testid={`${props.idPrefix}-preview`} className="mt-2 flex flex-col gap-1 text-sm">
        {days.map(({ date, doses }) => (
          <li key={date} className="flex flex-wrap gap-x-2">
            <span className="w-28 font-medium text-slate-900">{dayLabel(date)}</span>
            <span className="text-slate-700">
              {doses.length ? doses.map(doseText).join(', ') : t`No doses`}
            </span>
          </li>
        ))}
      </ul>
      {last ? (
        <p data-testid={`${props.idPrefix}-last-dose`} className="mt-2 text-sm text-slate-800">
          {lastDoseText(last)}
        </p>
      ) : null}
      {clockNote ? (
        <p className="mt-2 text-sm text-amber-900">
          <Trans>
            The clocks change in this period: doses stay the same number of real hours apart, so their times
            move.
          </Trans>
        </p>
      ) : null}
    </section>
  );
}
