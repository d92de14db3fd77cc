import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JournalSeriesView, MeasurementTypeView } from '@medrem/contract';
import { addDays, wallClockInstant } from '@medrem/domain';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { useMediaQuery } from '../../../lib/use-media-query.hook';
import { trpc } from '../../../lib/trpc';
import { buttonClass, cardClass, inputClass } from '../../../shared/ui/button.styles';
import { TypeSelect } from './type-select.component';
import { Field } from '../../../shared/ui/field.component';
import { Spinner } from '../../../shared/ui/spinner.component';
import { CHART_PERIODS, type ChartPeriod, shortDayLabel } from '../chart-scale';
import { translatedType } from '../journal-type-texts';
import { componentUnitOf, typeUnitText } from '../journal-units';
import { type ChartLine, type ChartReading, MeasurementChart } from './measurement-chart.component';
import { moodLabel } from './mood-check.component';
import { SymptomTimeline, type TimelineEntry } from './symptom-timeline.component';

const noon = (date: string, timeZone: string) =>
  new Date(wallClockInstant(date, '12:00', timeZone)).toISOString();

/** The lines of a type's chart: the numbers in its shown unit (the pulse, in beats/min, stays in the table of readings). */
export function chartLines(series: JournalSeriesView): ChartLine[] {
  const type = series.type;
  return type.components
    .filter((c) => componentUnitOf(type, c.key, series.unit) === series.unit)
    .map((c) => {
      const target = series.target.find((t) => t.component === c.key);
      return {
        key: c.key,
        label: c.label,
        unit: typeUnitText(type, series.unit),
        target: target ? { low: target.low ?? undefined, high: target.high ?? undefined } : undefined,
      };
    });
}

/** Readings as they are; a long range's daily means at midday, said as a day's mean in the table. */
export function chartReadings(series: JournalSeriesView): ChartReading[] {
  return series.points.map((p) => {
    if (series.resolution === 'raw') return { id: p.at, at: p.at, values: p.mean };
    const day = shortDayLabel(p.date);
    const count = p.count;
    return {
      id: p.date,
      at: noon(p.date, series.timeZone),
      values: p.mean,
      timeText: count > 1 ? t`${day}, mean of ${count}` : day,
    };
  });
}

/** The chart's title: the type and the period shown. */
function chartTitle(period: ChartPeriod, name: string): string {
  switch (period) {
    case '2w':
      return t`${name}, last 2 weeks`;
    case '3m':
      return t`${name}, last 3 months`;
    case '1y':
      return t`${name}, last 1 year`;
  }
}

/**
 * The journal's charts (decision 305): a type's readings over 2 weeks, 3 months or a year with its
 * target band and a chosen medicine's doses, and the symptoms and moods of the same period. Its
 * own chunk, loaded when the journal screen shows it; each chart has its table.
 */
export function JournalCharts(props: {
  types: MeasurementTypeView[];
  medicines: { id: string; name: string }[];
  today: string;
  timeZone: string;
}) {
  const { t } = useLingui();
  // A phone draws on fewer units: the same 11-unit text is then about 10 px, not 6.
  const width = useMediaQuery('(max-width: 39.99rem)') ? 380 : 640;
  const [period, setPeriod] = useState<ChartPeriod>('2w');
  const [typeRef, setTypeRef] = useState(props.types[0]?.type ?? 'blood-pressure');
  const [medicineId, setMedicineId] = useState(props.medicines[0]?.id ?? '');
  const { days } = CHART_PERIODS[period];
  const from = addDays(props.today, -(days - 1));
  const range = { from, to: props.today };
  const series = trpc.journal.series.useQuery(
    { type: typeRef, ...range, ...(medicineId ? { medicineId } : {}) },
    // A built-in type's words in the page's language (issue 54).
    { select: (data) => ({ ...data, type: translatedType(data.type) }) },
  );
  const symptoms = trpc.journal.symptoms.useQuery(range, { select: (d) => d.symptoms });
  const moods = trpc.journal.moods.useQuery(range, { select: (d) => d.moods });
  const timeline: TimelineEntry[] = [
    ...(symptoms.data ?? []).map((s) => {
      const severity = s.severity;
      return {
        id: s.id,
        at: s.occurredAt,
        name: s.symptom,
        level: severity,
        levelText: t`${severity} of 5`,
        medicineName: s.medicineName ?? undefined,
        note: s.note ?? undefined,
      };
    }),
    ...(moods.data ?? []).map((m) => {
      const level = m.mood;
      const mood = moodLabel(level);
      return {
        id: `mood-${m.date}`,
        at: noon(m.date, props.timeZone),
        name: t({ message: 'Mood', comment: "A row of the symptoms' timeline: the day's mood" }),
        level,
        levelText: t`${mood} (${level} of 5)`,
        note: m.note ?? undefined,
        timeText: shortDayLabel(m.date),
      };
    }),
  ];

  return (
    <section aria-labelledby="charts-title" className={`${cardClass} space-y-4`}>
      <h2 id="charts-title" className="text-xl font-semibold text-slate-900">
        <Trans>Charts</Trans>
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <TypeSelect
          id="chart-type"
          label={t`Measurement`}
          types={props.types}
          value={typeRef}
          onChange={setTypeRef}
        />
        <Field id="chart-medicine" label={t`Medicine on the same chart`}>
          <select
            id="chart-medicine"
            className={inputClass}
            value={medicineId}
            onChange={(e) => setMedicineId(e.target.value)}
          >
            <option value="">{t({ message: 'None', comment: 'No medicine chosen' })}</option>
            {props.medicines.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </Field>
        <div
          role="group"
          aria-label={t({ message: 'Period', comment: 'The span of time a chart shows' })}
          className="flex flex-wrap gap-1 sm:col-span-2"
        >
          {(Object.keys(CHART_PERIODS) as ChartPeriod[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={period === key}
              onClick={() => setPeriod(key)}
              className={`${buttonClass.secondary} flex-1 px-2 whitespace-nowrap sm:flex-none aria-pressed:border-brand-700 aria-pressed:bg-brand-50`}
            >
              {t(CHART_PERIODS[key].label)}
            </button>
          ))}
        </div>
      </div>
      {series.error ? (
        <p role="alert" className="text-red-700">
          {messageOf(series.error) ?? t`Could not load the chart.`}
        </p>
      ) : !series.data ? (
        <Spinner label={t`Loading the chart...`} />
      ) : (
        <MeasurementChart
          id="measurement-chart"
          width={width}
          title={chartTitle(period, series.data.type.label)}
          from={from}
          days={days}
          timeZone={props.timeZone}
          lines={chartLines(series.data)}
          readings={chartReadings(series.data)}
          adherence={
            series.data.adherence
              ? { medicineName: series.data.adherence.name, days: series.data.adherence.days }
              : undefined
          }
        />
      )}
      <SymptomTimeline width={width} from={from} days={days} timeZone={props.timeZone} entries={timeline} />
    </section>
  );
}
