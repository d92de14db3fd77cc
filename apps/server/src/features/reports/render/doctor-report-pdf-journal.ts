import type { DoctorReportJournal } from '@medrem/contract';
import { rgb } from './pdf-colour';
import { type Canvas, WEEKLY_CHART_HEIGHT, drawWeeklyChart } from './doctor-report-pdf-chart';

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
export function writeJournalSection(writer: JournalLines, journal: DoctorReportJournal): void {
  if (journal.measurements.length > 0) {
    writer.line('Measurements', { size: 13, bold: true, gap: 4, before: 10 });
    writer.line('Per week (dated by its Monday): readings, then lowest / mean / highest of each number.', {
      color: MUTED,
      gap: 4,
    });
  }
  for (const m of journal.measurements) {
    writer.line(`${m.label}${m.unitText ? ` (${m.unitText})` : ''}`, { bold: true, before: 6 });
    if (m.weeks.length === 0) {
      writer.line('No readings in this period.', { indent: 12 });
      continue;
    }
    writer.gap(4);
    writer.block(WEEKLY_CHART_HEIGHT, (canvas) => drawWeeklyChart(canvas, m));
    writer.gap(6);
    const keys = m.components.map((c) => c.key).filter((k) => m.weeks.some((w) => w.mean[k] !== undefined));
    const labelOf = (key: string) => m.components.find((c) => c.key === key)?.label ?? key;
    writer.line(`Week of      Readings    ${keys.map(labelOf).join('    ')}`, { indent: 12, color: MUTED });
    for (const week of m.weeks) {
      const numbers = keys.map(
        (k) => `${figure(week.min[k])} / ${figure(week.mean[k])} / ${figure(week.max[k])}`,
      );
      writer.line(`${week.weekStart}    ${week.count}    ${numbers.join('    ')}`, { indent: 12 });
    }
  }
  if (journal.symptoms) {
    writer.line('Symptoms', { size: 13, bold: true, gap: 4, before: 10 });
    if (journal.symptoms.length === 0) writer.line('No symptoms recorded in this period.');
    for (const s of journal.symptoms) {
      const suspected = s.medicineName ? `; suspected: ${s.medicineName}` : '';
      const note = s.note ? ` - ${s.note}` : '';
      writer.line(
        `${s.at.slice(0, 10)} ${s.at.slice(11, 16)}  ${s.symptom}, ${s.severity} of 5${suspected}${note}`,
      );
    }
  }
}
