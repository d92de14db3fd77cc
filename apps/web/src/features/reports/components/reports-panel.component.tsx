import type { Settings } from '@medrem/contract';
import type { ZonedNow } from '@medrem/domain';
import { CalendarClock, CircleX, TrendingUp, type LucideIcon } from 'lucide-react';
import { cardClass } from '../../../shared/ui/button.styles';
import { useMonthReport, type MonthReportState } from '../use-month-report.hook';

interface Stat {
  label: string;
  Icon: LucideIcon;
  value: (state: Extract<MonthReportState, { status: 'ready' }>) => string;
}

/** Spec: a dash when there is no value. */
const STATS: Stat[] = [
  {
    label: 'Adherence Rate (This Month)',
    Icon: TrendingUp,
    value: (s) => (s.figures.adherenceRate === null ? '-' : `${s.figures.adherenceRate}%`),
  },
  {
    label: 'Missed Doses (This Month)',
    Icon: CircleX,
    value: (s) => (s.figures.missedDoses === null ? '-' : String(s.figures.missedDoses)),
  },
  { label: 'Upcoming Refills (Next 7 Days)', Icon: CalendarClock, value: (s) => String(s.upcomingRefills) },
];

export function ReportsPanel(props: {
  settings: Settings;
  now: ZonedNow;
  title?: string;
  headingLevel?: 1 | 2;
}) {
  const state = useMonthReport(props.settings, props.now);
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={cardClass} aria-labelledby="reports-title">
      <Heading id="reports-title" className="mb-4 text-xl font-semibold text-slate-900">
        {props.title ?? 'Monthly Report'}
      </Heading>
      {state.status === 'error' ? (
        <p role="alert" className="text-red-700">
          {state.message}
        </p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-3">
          {STATS.map(({ label, Icon, value }) => (
            <div key={label} className="rounded-lg bg-slate-50 p-4">
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <Icon aria-hidden="true" className="size-5 text-brand-700" />
                {label}
              </dt>
              <dd className="mt-2 text-3xl font-bold text-slate-900">
                {state.status === 'loading' ? 'Loading...' : value(state)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
