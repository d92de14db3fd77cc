import { Trans, useLingui } from '@lingui/react/macro';
import { addDays, daysBetween, zonedNow } from '@medrem/domain';
import { dateTimeFormat } from '../../../i18n/intl-formats';
import { ChartTable } from '../../reports/components/chart-table.component';
import { dayOffset, linearScale, shortDayLabel, timeTicks, valueAxis } from '../chart-scale';
import { type TargetRange, rangeText } from '../journal-units';

/** One line of a chart: a component of the reading (systolic, diastolic…) in its shown unit. */
export interface ChartLine {
  key: string;
  label: string;
  /** The unit as the person reads it ("mmHg", "" for INR). */
  unit: string;
  target?: TargetRange | undefined;
}

/** A reading (or a period's mean, for a long range) with its values in the shown units. */
export interface ChartReading {
  id: string;
  at: string;
  values: Record<string, number>;
  /** The table's time cell when not the instant's (a day's mean: "Dec 6, mean of 2"). */
  timeText?: string | undefined;
}

export interface AdherenceDay {
  date: string;
  due: number;
  taken: number;
}

export interface MeasurementChartProps {
  id: string;
  title: string;
  from: string;
  days: number;
  timeZone: string;
  lines: ChartLine[];
  readings: ChartReading[];
  adherence?: { medicineName: string; days: AdherenceDay[] } | undefined;
  width?: number | undefined;
}

/** The drawing's width in its own units: 640 on a wide screen, fewer on a phone so its text stays legible. */
export const CHART_WIDTH = 640;
const LEFT = 44;
const RIGHT = 10;
const TOP = 10;
const PLOT = 170;
const AXIS = 22;
const STRIP = 30;

/** Each line's stroke and marker: the shape tells lines apart without colour (and the legend names it). */
const LINE_STYLES = [
  { stroke: 'stroke-brand-700', fill: 'fill-brand-700', marker: 'circle' },
  { stroke: 'stroke-orange-700', fill: 'fill-orange-700', marker: 'square' },
  { stroke: 'stroke-slate-600', fill: 'fill-slate-600', marker: 'diamond' },
] as const;

/** A reading's time in the person's zone: "Dec 6, 8:00 AM" (a formatter cached per language and zone). */
export function readingTimeLabel(at: string, timeZone: string): string {
  return dateTimeFormat(
    { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone },
    'en-US',
  ).format(new Date(at));
}

function Marker({ shape, x, y, className }: { shape: string; x: number; y: number; className: string }) {
  if (shape === 'square') return <rect x={x - 3.5} y={y - 3.5} width={7} height={7} className={className} />;
  if (shape === 'diamond')
    return (
      <path d={`M${x} ${y - 4.5}L${x + 4.5} ${y}L${x} ${y + 4.5}L${x - 4.5} ${y}Z`} className={className} />
    );
  return <circle cx={x} cy={y} r={3.5} className={className} />;
}

/**
 * A measurement over 2 weeks, 3 months or a year: one line per component, the person's target
 * range shaded, and — when a medicine is chosen — its doses per day on the same time axis below
 * (a grey column for what was due, filled up to the share taken: a missed day is an empty column,
 * readable without colour). Inline SVG, hidden from assistive technology; the table below says the
 * same (decision 305).
 */
export function MeasurementChart(props: MeasurementChartProps) {
  const { t } = useLingui();
  const { lines, readings, adherence, timeZone, from, days, width = CHART_WIDTH } = props;
  const values = readings.flatMap((r) => lines.map((l) => r.values[l.key] ?? Number.NaN));
  const targets = lines.flatMap((l) => [l.target?.low ?? Number.NaN, l.target?.high ?? Number.NaN]);
  const axis = valueAxis([...values, ...targets]);
  const y = linearScale(axis.domain, [TOP + PLOT, TOP]);
  const x = linearScale([0, days], [LEFT, width - RIGHT]);
  const dayWidth = (width - LEFT - RIGHT) / days;
  const height = TOP + PLOT + AXIS + (adherence ? STRIP : 0);
  const placed = readings
    .map((r) => ({ reading: r, offset: dayOffset(r.at, from, timeZone) }))
    .filter((p) => p.offset >= 0 && p.offset <= days)
    .sort((a, b) => a.offset - b.offset);
  const takenOn = new Map(adherence?.days.map((d) => [d.date, d]) ?? []);
  const title = props.title;
  const first = shortDayLabel(from);
  const last = shortDayLabel(addDays(from, days - 1));
  const medicine = adherence?.medicineName;
  const caption = [
    t`${title}, ${first} to ${last}`,
    ...lines
      .filter((l) => rangeText(l.target ?? {}, l.unit))
      .map((l) => {
        const name = l.label;
        const range = rangeText(l.target!, l.unit);
        return t`${name} target ${range}`;
      }),
  ].join('; ');
  /** A line's name in the legend, with its target range when it has one. */
  const legendText = (line: ChartLine) => {
    const name = line.label;
    const range = line.target ? rangeText(line.target, line.unit) : '';
    return range ? t`${name} (target ${range})` : name;
  };

  return (
    <figure aria-labelledby={`${props.id}-title`} className="m-0">
      <figcaption id={`${props.id}-title`} className="text-lg font-semibold text-slate-900">
        {props.title}
      </figcaption>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {lines.map((line, i) => (
          <li key={line.key} className="flex items-center gap-1">
            <svg aria-hidden="true" viewBox="-6 -6 12 12" className="size-3">
              <Marker shape={LINE_STYLES[i % 3]!.marker} x={0} y={0} className={LINE_STYLES[i % 3]!.fill} />
            </svg>
            {legendText(line)}
          </li>
        ))}
        {adherence ? (
          <li>
            <Trans>Columns below: {medicine} doses taken per day</Trans>
          </li>
        ) : null}
      </ul>
      {placed.length === 0 ? (
        <p className="mt-2 text-slate-700">
          <Trans>No readings in this period.</Trans>
        </p>
      ) : null}
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-auto w-full text-slate-800"
      >
        {lines.map((line, i) =>
          line.target?.low !== undefined || line.target?.high !== undefined ? (
            <rect
              key={`band-${line.key}`}
              data-band={line.key}
              x={LEFT}
              width={width - LEFT - RIGHT}
              y={y(line.target.high ?? axis.domain[1])}
              height={y(line.target.low ?? axis.domain[0]) - y(line.target.high ?? axis.domain[1])}
              className={`${LINE_STYLES[i % 3]!.fill} opacity-15`}
            />
          ) : null,
        )}
        {axis.ticks.map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={width - RIGHT} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="currentColor">
              {tick}
            </text>
          </g>
        ))}
        {timeTicks(from, days).map((tick) => (
          <text
            key={tick.date}
            x={x(tick.offset + 0.5)}
            y={TOP + PLOT + 16}
            textAnchor="middle"
            fontSize={11}
            fill="currentColor"
          >
            {shortDayLabel(tick.date)}
          </text>
        ))}
        {lines.map((line, i) => {
          const style = LINE_STYLES[i % 3]!;
          const points = placed.filter((p) => p.reading.values[line.key] !== undefined);
          return (
            <g key={line.key} data-line={line.key}>
              <polyline
                fill="none"
                strokeWidth={2}
                className={style.stroke}
                points={points.map((p) => `${x(p.offset)},${y(p.reading.values[line.key]!)}`).join(' ')}
              />
              {points.map((p) => (
                <Marker
                  key={p.reading.id}
                  shape={style.marker}
                  x={x(p.offset)}
                  y={y(p.reading.values[line.key]!)}
                  className={style.fill}
                />
              ))}
            </g>
          );
        })}
        {adherence
          ? adherence.days
              .filter((d) => d.due > 0)
              .map((d) => {
                const left = x(daysBetween(from, d.date)) + dayWidth * 0.15;
                const base = height - 4;
                const full = STRIP - 10;
                const filled = full * Math.min(1, d.taken / d.due);
                return (
                  <g key={d.date} data-adherence={d.date}>
                    <rect
                      x={left}
                      y={base - full}
                      width={dayWidth * 0.7}
                      height={full}
                      className="fill-slate-200"
                    />
                    <rect
                      x={left}
                      y={base - filled}
                      width={dayWidth * 0.7}
                      height={filled}
                      className="fill-slate-600"
                    />
                  </g>
                );
              })
          : null}
      </svg>
      <ChartTable
        caption={caption}
        columns={[
          t`Time`,
          ...lines.map((l) => {
            const name = l.label;
            const unit = l.unit;
            return unit ? t`${name} (${unit})` : name;
          }),
          ...(adherence ? [t`${medicine} that day`] : []),
        ]}
        rows={placed.map(({ reading }) => {
          const day = takenOn.get(zonedNow(new Date(reading.at), timeZone).date);
          const { taken, due } = day ?? { taken: 0, due: 0 };
          return [
            reading.timeText ?? readingTimeLabel(reading.at, timeZone),
            ...lines.map((l) => reading.values[l.key] ?? '-'),
            ...(adherence ? [due > 0 ? t`${taken} of ${due} taken` : t`none due`] : []),
          ];
        })}
      />
    </figure>
  );
}
