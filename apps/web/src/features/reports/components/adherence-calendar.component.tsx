import type { MonthAggregatesView } from '@medrem/contract';
import { STATUS_STYLE, dayLabel, monthLabel, statusText, type DayStatus } from '../report-format';
import { ChartTable } from './chart-table.component';

// The spec's date locale is en-US, whose weeks start on Sunday.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Sunday-first column (1–7) of a calendar date. */
const weekdayColumn = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() + 1;

/**
 * The month as a calendar, one cell per day coloured by its status. Each cell also shows a marker
 * (✓ ◐ ✕ –) and is labelled in words ("November 12: all taken, 2 of 2"), so neither colour nor
 * sight is needed to read it.
 */
export function AdherenceCalendar({ report }: { report: MonthAggregatesView }) {
  const first = report.days[0];
  return (
    <section aria-labelledby="calendar-title">
      <h2 id="calendar-title" className="text-lg font-semibold text-slate-900">
        {monthLabel(report.month)} by day
      </h2>
      <Legend />
      <div
        aria-hidden="true"
        className="mt-3 grid grid-cols-7 gap-1 text-center text-xs font-medium text-slate-600"
      >
        {WEEKDAYS.map((day) => (
          <span key={day}>{day}</span>
        ))}
      </div>
      <ol className="mt-1 grid grid-cols-7 gap-1" aria-label={`Days of ${monthLabel(report.month)}`}>
        {report.days.map((day) => {
          const style = STATUS_STYLE[day.status];
          const label = `${dayLabel(day.date)}: ${statusText(day)}`;
          return (
            <li
              key={day.date}
              aria-label={label}
              title={label}
              data-status={day.status}
              style={day === first ? { gridColumnStart: weekdayColumn(day.date) } : undefined}
              className={`flex aspect-square min-h-10 flex-col items-center justify-center rounded-md border text-sm sm:text-base ${style.className}`}
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
        caption={`${monthLabel(report.month)}: doses taken by day`}
        columns={['Day', 'Status', 'Due', 'Taken', 'Skipped']}
        rows={report.days.map((day) => [
          dayLabel(day.date),
          STATUS_STYLE[day.status].legend,
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
  return (
    <ul aria-label="Legend" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {(Object.keys(STATUS_STYLE) as DayStatus[]).map((status) => (
        <li key={status} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={`inline-flex size-5 items-center justify-center rounded border text-xs ${STATUS_STYLE[status].className}`}
          >
            {STATUS_STYLE[status].marker}
          </span>
          {STATUS_STYLE[status].legend}
        </li>
      ))}
    </ul>
  );
}
