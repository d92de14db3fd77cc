import { Trans, useLingui } from '@lingui/react/macro';
import type { MonthAggregatesView } from '@medrem/contract';
import { ReportTable } from './chart-table.component';

/**
 * The month's as-needed doses (decision 120): never due, so outside the rates above, but the report
 * a doctor reads must show how often they were taken and how many went past a safety limit.
 */
export function AsNeededReport({ rows, month }: { rows: MonthAggregatesView['asNeeded']; month: string }) {
  const { t } = useLingui();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="as-needed-report-title" className="text-sm">
      <h2 id="as-needed-report-title" className="text-lg font-semibold text-slate-900">
        <Trans>As needed</Trans>
      </h2>
      <ReportTable
        caption={t`Doses taken when needed, ${month}`}
        columns={[t`Medicine`, t`Doses taken`, t`Over a safety limit`]}
        rows={rows.map((row) => [
          row.name,
          row.taken,
          <span key="overrides" className={row.overrides > 0 ? 'font-semibold text-red-700' : undefined}>
            {row.overrides}
          </span>,
        ])}
      />
    </section>
  );
}
