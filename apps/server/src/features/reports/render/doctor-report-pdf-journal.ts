import type { DoctorReportJournal } from '@medrem/contract';
import { rgb } from './pdf-colour';
import { type Canvas, WEEKLY_CHART_HEIGHT, drawWeeklyChart } from './doctor-report-pdf-chart';
import type { ReportTexts } from '../report-texts';

const MUTED = rgb(0.35, 0.37, 0.42);

/** The lines the PDF's writer lays out (doctor-report-pdf.renderer.ts), as this section uses them. */
export interface JournalLines {
  line(
    text: string,
    options?: {
      size?: number;
      bold?: boolean;
      indent?: number;
      gap?: number;
      before?: number;
      color?: typeof MUTED;
    },
  ): void;
  gap(points: number): void;
  block(height: number, draw: (canvas: Canvas) => void): void;
}

const figure = (value: number | undefined) =>
  value === undefined ? '-' : String(Math.round(value * 10) / 10);

/**
 * The journal in the PDF (issue 56, decision 302 left it to the CSV and FHIR): per chosen type, a
 * chart of its ISO weeks (decision 347: each number's lowest to highest and mean, over the target
 * band) and their table with the readings' count and min / mean / max per number, in the person's
 * unit, then the symptoms of the range with their severity and the suspected medicine.
 */
export function writeJournalSection(
  writer: JournalLines,
  journal: DoctorReportJournal,
  texts: ReportTexts,
): void {
  if (journal.measurements.length > 0) {
    writer.line(texts.measurements, { size: 13, bold: true, gap: 4, before: 10 });
    writer.line(texts.measurementsLegend, { color: MUTED, gap: 4 });
  }
  for (const m of journal.measurements) {
    writer.line(`${m.label}${m.unitText ? ` (${m.unitText})` : ''}`, { bold: true, before: 6 });
    if (m.weeks.length === 0) {
      writer.line(texts.noReadings, { indent: 12 });
      continue;
    }
    writer.gap(4);
    writer.block(WEEKLY_CHART_HEIGHT, (canvas) => drawWeeklyChart(canvas, m));
    writer.gap(6);
    const keys = m.components.map((c) => c.key).filter((k) => m.weeks.some((w) => w.mean[k] !== undefined));
    const labelOf = (key: string) => m.components.find((c) => c.key === key)?.label ?? key;
    writer.line(texts.weekHeader(keys.map(labelOf)), { indent: 12, color: MUTED });
    for (const week of m.weeks) {
      const numbers = keys.map(
        (k) => `${figure(week.min[k])} / ${figure(week.mean[k])} / ${figure(week.max[k])}`,
      );
      writer.line(texts.weekLine(week.weekStart, week.count, numbers), { indent: 12 });
    }
  }
  if (journal.symptoms) {
    writer.line(texts.symptoms, { size: 13, bold: true, gap: 4, before: 10 });
    if (journal.symptoms.length === 0) writer.line(texts.noSymptoms);
    for (const s of journal.symptoms) writer.line(texts.symptomLine(s));
  }
}
