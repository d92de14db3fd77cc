import type { MonthAggregatesView } from '@medrem/contract';

/**
 * The month's as-needed doses (decision 120): never due, so outside the rates above, but the report
 * a doctor reads must show how often they were taken and how many went past a safety limit.
 */
export function AsNeededReport({ rows, month }: { rows: MonthAggregatesView['asNeeded']; month: string }) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="as-needed-report-title">
      <h2 id="as-needed-report-title" className="text-lg font-semibold text-slate-900">
        As needed
      </h2>
      <table className="mt-2 w-full border-collapse text-left text-sm">
        <caption className="mb-1 text-left text-slate-700">Doses taken when needed, {month}</caption>
        <thead>
          <tr>
            {['Medicine', 'Doses taken', 'Over a safety limit'].map((column) => (
              <th key={column} scope="col" className="border-b border-slate-300 px-2 py-1 text-slate-800">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.medicineId} className="border-b border-slate-100">
              <th scope="row" className="px-2 py-1 font-normal text-slate-900">
                {row.name}
              </th>
              <td className="px-2 py-1 tabular-nums">{row.taken}</td>
              <td
                className={`px-2 py-1 tabular-nums ${row.overrides > 0 ? 'font-semibold text-red-700' : ''}`}
              >
                {row.overrides}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
