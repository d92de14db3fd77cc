import { Trans, useLingui } from '@lingui/react/macro';
import type { MonthAggregatesView } from '@medrem/contract';
import { monthLabel, rateLabel, shortMonthLabel } from '../report-format';
import { ChartTable } from './chart-table.component';

const WIDTH = 300;
const HEIGHT = 140;
const TOP = 18;
const BOTTOM = 20;

/**
 * Six columns, one a month, height = adherence rate, the rate written above each and the month
 * below: a small inline SVG (decision 100). A month with nothing due has no column and a dash.
 */
export function AdherenceTrend({ trend }: { trend: MonthAggregatesView['trend'] }) {
  const { t } = useLingui();
  const slot = WIDTH / trend.length;
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <section aria-labelledby="trend-title">
      <h2 id="trend-title" className="text-lg font-semibold text-slate-900">
        <Trans>Last 6 months</Trans>
      </h2>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full max-w-md text-slate-800"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-slate-400" />
        {trend.map((point, i) => {
          const height = ((point.rate ?? 0) / 100) * plot;
          const x = i * slot + slot * 0.2;
          return (
            <g key={point.month}>
              <rect
                x={x}
                y={HEIGHT - BOTTOM - height}
                width={slot * 0.6}
                height={height}
                rx={3}
                className="fill-brand-700"
              />
              <text
                x={x + slot * 0.3}
                y={HEIGHT - BOTTOM - height - 4}
                textAnchor="middle"
                fontSize={11}
                fill="currentColor"
              >
                {rateLabel(point.rate)}
              </text>
              <text x={x + slot * 0.3} y={HEIGHT - 5} textAnchor="middle" fontSize={11} fill="currentColor">
                {shortMonthLabel(point.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable
        caption={t`Adherence in the last 6 months`}
        columns={[
          t`Month`,
          t`Rate`,
          t({ message: 'Taken', context: 'column', comment: 'A table column: how many doses were taken' }),
          t`Due`,
        ]}
        rows={trend.map((p) => [monthLabel(p.month), rateLabel(p.rate), p.taken, p.due])}
      />
    </section>
  );
}
