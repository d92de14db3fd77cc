import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

interface TableProps {
  caption: string;
  columns: string[];
  rows: ReactNode[][];
}

/**
 * The table equivalent of a chart: the same facts as rows, with a caption, behind a "Show as
 * table" toggle (a native <details>: its summary is a button for keyboards and screen readers,
 * and one press opens the table).
 */
export function ChartTable(props: TableProps) {
  return (
    <details className="mt-3 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700">
        <Trans>Show as table</Trans>
      </summary>
      <ReportTable {...props} />
    </details>
  );
}

/** A report's table: a caption, column headers, and rows whose first cell names the row. */
export function ReportTable(props: TableProps) {
  return (
    // Focusable: a table wider than a phone scrolls sideways, and a keyboard must reach it (axe's
    // scrollable-region-focusable; the journal's symptom table, decision 305). Relative, so what is
    // positioned inside scrolls and is clipped with it (decision 363).
    <div className="relative overflow-x-auto" tabIndex={0}>
      <table className="mt-2 w-full border-collapse text-start">
        <caption className="mb-1 text-start font-medium text-slate-800">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col" className="border-b border-slate-300 px-2 py-1 text-slate-800">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map(([first, ...rest], i) => (
            <tr key={i} className="border-b border-slate-100">
              <th scope="row" className="px-2 py-1 font-normal text-slate-900">
                {first}
              </th>
              {rest.map((cell, j) => (
                <td key={j} className="px-2 py-1 text-slate-900 tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
