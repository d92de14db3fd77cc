import { Trans, useLingui } from '@lingui/react/macro';
import { addDays } from '@medrem/domain';
import { ChartTable } from '../../reports/components/chart-table.component';
import { dayOffset, linearScale, shortDayLabel, timeTicks } from '../chart-scale';
import { CHART_WIDTH, readingTimeLabel } from './measurement-chart.component';

export interface TimelineEntry {
  id: string;
  at: string;
  /** The symptom's name, or "Mood". */
  name: string;
  /** 1–5: a symptom's severity, or the mood (1 very bad … 5 very good). */
  level: number;
  levelText: string;
  medicineName?: string | undefined;
  note?: string | undefined;
  /** The table's time cell when not the instant's (a day's mood: "Dec 6"). */
  timeText?: string | undefined;
}

const LEFT = 110;
const RIGHT = 10;
const ROW = 28;
const AXIS = 22;

/**
 * Symptoms and moods as a timeline: one row per symptom, a dot per entry whose size grows with the
 * severity (the number is in the table and the dot's size, not in a colour alone), on the same time
 * axis as the measurement charts above it.
 */
export function SymptomTimeline(props: {
  from: string;
  days: number;
  timeZone: string;
  entries: TimelineEntry[];
  width?: number | undefined;
}) {
  const { t } = useLingui();
  const { from, days, timeZone, width = CHART_WIDTH } = props;
  const entries = props.entries
    .map((e) => ({ entry: e, offset: dayOffset(e.at, from, timeZone) }))
    .filter((p) => p.offset >= 0 && p.offset <= days)
    .sort((a, b) => a.offset - b.offset);
  const names = [...new Set(entries.map((p) => p.entry.name))].sort((a, b) => a.localeCompare(b));
  const x = linearScale([0, days], [LEFT, width - RIGHT]);
  const height = names.length * ROW + AXIS;
  const first = shortDayLabel(from);
  const last = shortDayLabel(addDays(from, days - 1));
  /** The table's last cell: the suspected medicine and the note. */
  const details = (entry: TimelineEntry) => {
    const medicine = entry.medicineName;
    const note = entry.note;
    if (medicine && note) return t`Suspected: ${medicine}. ${note}`;
    if (medicine) return t`Suspected: ${medicine}`;
    return note ?? '';
  };
  return (
    <figure aria-labelledby="symptom-timeline-title" className="m-0">
      <figcaption id="symptom-timeline-title" className="text-lg font-semibold text-slate-900">
        <Trans>Symptoms and mood</Trans>
      </figcaption>
      {entries.length === 0 ? (
        <p className="mt-2 text-slate-700">
          <Trans>No symptoms or moods in this period.</Trans>
        </p>
      ) : (
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${width} ${height}`}
          className="mt-2 h-auto w-full text-slate-800"
        >
          {names.map((name, row) => (
            <g key={name}>
              <line
                x1={LEFT}
                x2={width - RIGHT}
                y1={row * ROW + ROW / 2}
                y2={row * ROW + ROW / 2}
                className="stroke-slate-200"
              />
              <text
                x={LEFT - 8}
                y={row * ROW + ROW / 2 + 4}
                textAnchor="end"
                fontSize={12}
                fill="currentColor"
              >
                {name.length > 16 ? `${name.slice(0, 15)}…` : name}
              </text>
            </g>
          ))}
          {entries.map(({ entry, offset }) => (
            <circle
              key={entry.id}
              cx={x(offset)}
              cy={names.indexOf(entry.name) * ROW + ROW / 2}
              r={2 + entry.level * 1.8}
              className="fill-brand-700 opacity-80"
            />
          ))}
          {timeTicks(from, days).map((tick) => (
            <text
              key={tick.date}
              x={x(tick.offset + 0.5)}
              y={height - 6}
              textAnchor="middle"
              fontSize={11}
              fill="currentColor"
            >
              {shortDayLabel(tick.date)}
            </text>
          ))}
        </svg>
      )}
      <ChartTable
        caption={t`Symptoms and mood, ${first} to ${last}`}
        // Four columns, the medicine and the note in one: five overflow a phone's width.
        columns={[t`Time`, t`Symptom`, t`Severity or mood`, t`Details`]}
        rows={entries.map(({ entry }) => [
          entry.timeText ?? readingTimeLabel(entry.at, timeZone),
          entry.name,
          entry.levelText,
          details(entry),
        ])}
      />
    </figure>
  );
}
