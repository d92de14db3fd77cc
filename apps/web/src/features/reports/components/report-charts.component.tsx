import { Trans, useLingui } from '@lingui/react/macro';
import { slotNameText } from '../../../i18n/domain-texts';
import { addMonths } from '@medrem/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { buttonClass, cardClass } from '../../../shared/ui/button.styles';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useMonthAggregates } from '../reports.queries';
import { monthLabel } from '../report-format';
import { AdherenceBars } from './adherence-bars.component';
import { AdherenceCalendar } from './adherence-calendar.component';
import { AsNeededReport } from './as-needed-report.component';
import { AdherenceTrend } from './adherence-trend.component';

/**
 * The Reports pictures of one month: calendar, bars per medicine and per time of day, and the
 * six months up to it, all from one `report.month` answer. Earlier months are one button away;
 * months after the current one do not exist yet.
 */
export function ReportCharts({ currentMonth }: { currentMonth: string }) {
  const { t } = useLingui();
  const [month, setMonth] = useState(currentMonth);
  const shown = month > currentMonth ? currentMonth : month;
  const query = useMonthAggregates(shown);
  const report = query.data;
  const previous = monthLabel(addMonths(shown, -1));
  const next = monthLabel(addMonths(shown, 1));
  const monthName = report ? monthLabel(report.month) : '';

  return (
    <div className="mt-4 space-y-4">
      <nav aria-label={t`Report month`} className={`${cardClass} flex items-center justify-between gap-2`}>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => setMonth(addMonths(shown, -1))}
          aria-label={t`Previous month, ${previous}`}
        >
          <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          <span className="hidden sm:inline">
            <Trans>Previous</Trans>
          </span>
        </button>
        <p className="text-center font-semibold text-slate-900" aria-live="polite">
          {monthLabel(shown)}
        </p>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => setMonth(addMonths(shown, 1))}
          disabled={shown >= currentMonth}
          aria-label={t`Next month, ${next}`}
        >
          <span className="hidden sm:inline">
            <Trans>Next</Trans>
          </span>
          <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </button>
      </nav>
      {query.error ? (
        <p role="alert" className={`${cardClass} text-red-700`}>
          {messageOf(query.error) ?? t`Could not load the report.`}
        </p>
      ) : !report ? (
        <Spinner label={t`Loading the month...`} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <div className={`${cardClass} lg:row-span-2`}>
            <AdherenceCalendar report={report} />
          </div>
          <div className={cardClass}>
            <AdherenceBars
              id="medicine-bars-title"
              title={t`By medicine`}
              caption={t`Adherence by medicine, ${monthName}`}
              nameColumn={t`Medicine`}
              bars={report.medicines
                .filter((m) => m.due > 0)
                .map((m) => ({ key: m.medicineId, label: m.name, ...m }))}
            />
          </div>
          <div className={cardClass}>
            <AdherenceBars
              id="slot-bars-title"
              title={t`By time of day`}
              caption={t`Adherence by time of day, ${monthName}`}
              nameColumn={t`Time of day`}
              bars={report.slots
                .filter((s) => s.due > 0)
                .map((s) => {
                  const name = slotNameText(s.name);
                  const { time } = s;
                  return { key: String(s.slot), label: time ? t`${name} (${time})` : name, ...s };
                })}
            />
          </div>
          <div className={`${cardClass} lg:col-span-2`}>
            <AdherenceTrend trend={report.trend} />
          </div>
          {report.asNeeded.length > 0 ? (
            <div className={`${cardClass} lg:col-span-2`}>
              <AsNeededReport rows={report.asNeeded} month={monthName} />
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
