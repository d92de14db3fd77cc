import { Trans, useLingui } from '@lingui/react/macro';
import { rateLabel } from '../report-format';
import { ChartTable } from './chart-table.component';

export interface Bar {
  key: string;
  label: string;
  due: number;
  taken: number;
  rate: number | null;
}

/**
 * Horizontal bars of adherence (0–100 %), each with its name and figures written beside it. The
 * bar is a plain element sized in percent: a rate needs no scale or axis (decision 100).
 */
export function AdherenceBars(props: {
  title: string;
  id: string;
  caption: string;
  nameColumn: string;
  bars: Bar[];
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id} className="text-lg font-semibold text-slate-900">
        {props.title}
      </h2>
      {props.bars.length === 0 ? (
        <p className="mt-2 text-slate-700">
          <Trans>Nothing was due this month.</Trans>
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {props.bars.map((bar) => {
            const { taken, due } = bar;
            return (
              <li key={bar.key}>
                <div className="flex justify-between gap-2 text-sm text-slate-800">
                  <span className="font-medium">{bar.label}</span>
                  <span className="tabular-nums">
                    {rateLabel(bar.rate)}
                    <span className="text-slate-600"> · {t`${taken} of ${due}`}</span>
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1 h-3 overflow-hidden rounded-full bg-slate-200">
                  <div className="h-full rounded-full bg-brand-700" style={{ width: `${bar.rate ?? 0}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ChartTable
        caption={props.caption}
        columns={[
          props.nameColumn,
          t`Rate`,
          t({ message: 'Taken', context: 'column', comment: 'A table column: how many doses were taken' }),
          t`Due`,
        ]}
        rows={props.bars.map((bar) => [bar.label, rateLabel(bar.rate), bar.taken, bar.due])}
      />
    </section>
  );
}
