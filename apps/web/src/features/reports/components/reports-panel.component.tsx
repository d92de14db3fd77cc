import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Settings } from '@medrem/contract';
import type { ZonedNow } from '@medrem/domain';
import { CalendarClock, CircleX, TrendingUp, type LucideIcon } from 'lucide-react';
import { cardClass } from '../../../shared/ui/button.styles';
import { rateLabel } from '../report-format';
import { useMonthReport, type MonthReportState } from '../use-month-report.hook';

interface Stat {
  key: string;
  label: MessageDescriptor;
  Icon: LucideIcon;
  value: (state: Extract<MonthReportState, { status: 'ready' }>) => string;
}

/** Spec: a dash when there is no value. */
const STATS: Stat[] = [
  {
    key: 'adherence',
    label: msg`Adherence Rate (This Month)`,
    Icon: TrendingUp,
    value: (s) => rateLabel(s.figures.adherenceRate),
  },
  {
    key: 'missed',
    label: msg`Missed Doses (This Month)`,
    Icon: CircleX,
    value: (s) => (s.figures.missedDoses === null ? '-' : String(s.figures.missedDoses)),
  },
  {
    key: 'refills',
    label: msg`Upcoming Refills (Next 7 Days)`,
    Icon: CalendarClock,
    value: (s) => String(s.upcomingRefills),
  },
];

export function ReportsPanel(props: {
  settings: Settings;
  now: ZonedNow;
  title?: string;
  headingLevel?: 1 | 2;
}) {
  const { t } = useLingui();
  const state = useMonthReport(props.settings, props.now);
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={cardClass} aria-labelledby="reports-title">
      <Heading id="reports-title" className="mb-4 text-xl font-semibold text-slate-900">
        {props.title ?? t`Monthly Report`}
      </Heading>
      {state.status === 'error' ? (
        <p role="alert" className="text-red-700">
          {state.message}
        </p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-3">
          {STATS.map(({ key, label, Icon, value }) => (
            <div key={key} className="rounded-lg bg-slate-50 p-4">
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <Icon aria-hidden="true" className="size-5 text-brand-700" />
                {t(label)}
              </dt>
              <dd className="mt-2 text-3xl font-bold text-slate-900">
                {state.status === 'loading' ? t`Loading...` : value(state)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
