import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MonthAggregatesView } from '@medrem/contract';
import { STATUS_STYLE, dayLabel, monthLabel, statusText, type DayStatus } from '../report-format';
import { ChartTable } from './chart-table.component';

// The spec's date locale is en-US, whose weeks start on Sunday.
const WEEKDAYS = [
  msg({ message: 'Sun', comment: 'Sunday, short: a column of the month calendar' }),
  msg({ message: 'Mon', comment: 'Monday, short: a column of the month calendar' }),
  msg({ message: 'Tue', comment: 'Tuesday, short: a column of the month calendar' }),
  msg({ message: 'Wed', comment: 'Wednesday, short: a column of the month calendar' }),
  msg({ message: 'Thu', comment: 'Thursday, short: a column of the month calendar' }),
  msg({ message: 'Fri', comment: 'Friday, short: a column of the month calendar' }),
  msg({ message: 'Sat', comment: 'Saturday, short: a column of the month calendar' }),
];

/** Sunday-first column (1–7) of a calendar date. */
const weekdayColumn = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() + 1;

/**
 * The month as a calendar, one cell per day coloured by its status. Each cell also shows a marker
 * (✓ ◐ ✕ –) and is labelled in words ("November 12: all taken, 2 of 2"), so neither colour nor
 * sight is needed to read it.
 */
export function AdherenceCalendar({ report }: { report: MonthAggregatesView }) {
  const { t } = useLingui();
  const first = report.days[0];
  const month = monthLabel(report.month);
  return (
    <section aria-labelledby="calendar-title">
      <h2 id="calendar-title" className="text-lg font-semibold text-slate-900">
        <Trans>{month} by day</Trans>
      </h2>
      <Legend />
      <div
        aria-hidden="true"
        className="mt-3 grid grid-cols-7 gap-1 text-center text-xs font-medium text-slate-600"
      >
        {WEEKDAYS.map((day, i) => (
          <span key={i}>{t(day)}</span>
        ))}
      </div>
      <ol className="mt-1 grid grid-cols-7 gap-1" aria-label={t`Days of ${month}`}>
        {report.days.map((day) => {
          const style = STATUS_STYLE[day.status];
          const date = dayLabel(day.date);
          const status = statusText(day);
          const label = t`${date}: ${status}`;
          return (
            <li
              key={day.date}
              aria-label={label}
              title={label}
              data-status={day.status}
              style={day === first ? { gridColumnStart: weekdayColumn(day.date) } : undefined}
              className={`flex aspect-square flex-col sm:min-h-10 items-center justify-center rounded-md border text-sm sm:text-base ${style.className}`}
            >
              <span aria-hidden="true" className="font-semibold tabular-nums">
                {Number(day.date.slice(8))}
              </span>
              <span aria-hidden="true" className="text-xs leading-none">
                {style.marker}
              </span>
            </li>
          );
        })}
      </ol>
      <ChartTable
        caption={t`${month}: doses taken by day`}
        columns={[
          t`Day`,
          t`Status`,
          t`Due`,
          t({ message: 'Taken', context: 'column', comment: 'A table column: how many doses were taken' }),
          t`Skipped`,
        ]}
        rows={report.days.map((day) => [
          dayLabel(day.date),
          t(STATUS_STYLE[day.status].legend),
          day.status === 'future' ? '-' : day.due,
          day.status === 'future' ? '-' : day.taken,
          // Skipped on purpose (decision 225): not taken, but not forgotten either.
          day.status === 'future' ? '-' : (day.skipped ?? 0),
        ])}
      />
    </section>
  );
}

function Legend() {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Legend`} className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {(Object.keys(STATUS_STYLE) as DayStatus[]).map((status) => (
        <li key={status} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={`inline-flex size-5 items-center justify-center rounded border text-xs ${STATUS_STYLE[status].className}`}
          >
            {STATUS_STYLE[status].marker}
          </span>
          {t(STATUS_STYLE[status].legend)}
        </li>
      ))}
    </ul>
  );
}
