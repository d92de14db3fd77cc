import type { DoctorReportView } from '@medrem/contract';
import { type ReportTexts, reportTextsFor } from '../report-texts';

const COLUMNS = [
  'section',
  'medicine',
  'dosage',
  'schedule',
  'date',
  'slot',
  'time',
  'status',
  'due',
  'taken',
  'missed',
  'adherence_percent',
  'detail',
  // Last, so the columns before it keep their places: a taper's pills change by step (decision 186).
  'pills_per_dose',
  // When a taken dose was taken (decision 191), beside `time`, when it was due.
  'taken_at',
  // Doses skipped on purpose (decision 225), apart from `missed`; a skipped dose's reason is its detail.
  'skipped',
] as const;
/**
 * The health journal's columns (issue 56), after the others and only in a report asked for the
 * journal, so a report without it keeps its columns: one row per reading and component (a sheet
 * pivots them by `measurement` and `component`), a week's min/mean/max, a symptom's severity.
 */
const JOURNAL_COLUMNS = [
  'measurement',
  'component',
  'value',
  'unit',
  'count',
  'min',
  'mean',
  'max',
  'severity',
] as const;
type Row = Partial<
  Record<(typeof COLUMNS)[number] | (typeof JOURNAL_COLUMNS)[number], string | number | null>
>;

/**
 * The doctor's report as one RFC 4180 table (CRLF, a header, quotes where needed), one `section`
 * per kind of row: report, summary (per medicine, then overall), dose (every due or recorded dose),
 * as-needed, refill and plan-change (decision 314). Cells a spreadsheet would run as a formula are defused.
 */
export function renderDoctorReportCsv(
  report: DoctorReportView,
  texts: ReportTexts = reportTextsFor(undefined),
): string {
  const rows: Row[] = [
    {
      section: 'report',
      detail: texts.csvReport({ ...report.patient, ...report }),
    },
  ];
  for (const m of report.medicines) {
    rows.push({
      section: 'summary',
      medicine: m.name,
      dosage: m.dosage,
      schedule: m.schedule,
      ...figures(m),
    });
  }
  rows.push({ section: 'summary', medicine: texts.allMedicines, ...figures(report.totals) });
  for (const m of report.medicines) {
    for (const day of m.days) {
      for (const dose of day.doses) {
        rows.push({
          section: 'dose',
          medicine: m.name,
          date: texts.csvDate(day.date),
          slot: dose.slot + 1,
          time: dose.time,
          status: texts.status(dose.status),
          pills_per_dose: dose.pillsPerDose,
          taken: dose.taken,
          taken_at: dose.takenAt,
          detail: dose.skip,
        });
      }
    }
    for (const intake of m.asNeeded) {
      rows.push({
        section: 'as-needed',
        medicine: m.name,
        ...dateAndTime(intake.at, texts),
        status: texts.status('taken'),
        pills_per_dose: m.pillsPerDose,
        detail: intake.override ? texts.pastSafetyLimit : '',
      });
    }
    for (const refill of m.refills) {
      rows.push({
        section: 'refill',
        medicine: m.name,
        ...dateAndTime(refill.at, texts),
        detail: texts.pills(refill.pills),
      });
    }
    // Decision 314: when the plan changed, so a reader sees which plan each day was counted by.
    for (const change of m.planChanges) {
      rows.push({
        section: 'plan-change',
        medicine: m.name,
        date: texts.csvDate(change.effectiveOn),
        status: texts.status(change.kind),
        detail: change.reason ? `${change.text} (${change.reason})` : change.text,
      });
    }
  }
  if (report.journal) rows.push(...journalRows(report.journal, texts));
  const columns = report.journal ? [...COLUMNS, ...JOURNAL_COLUMNS] : COLUMNS;
  // The headers and each row's kind in the reader's language (English: the names they always had).
  const header = columns.map((c) => csvCell(texts.csvColumn(c))).join(',');
  const lines = [
    header,
    ...rows.map((row) =>
      columns.map((c) => csvCell(c === 'section' ? texts.csvSection(String(row.section)) : row[c])).join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The journal's sections: `measurement` (every reading, one row per component, in the report's
 * display unit), `measurement-week` (min/mean/max of an ISO week, dated by its Monday) and `symptom`.
 */
function journalRows(journal: NonNullable<DoctorReportView['journal']>, texts: ReportTexts): Row[] {
  const rows: Row[] = [];
  for (const m of journal.measurements) {
    const unitOf = (key: string) => m.components.find((c) => c.key === key)?.unit ?? m.unit;
    for (const reading of m.readings) {
      for (const [component, value] of Object.entries(reading.values)) {
        rows.push({
          section: 'measurement',
          measurement: m.label,
          ...dateAndTime(reading.at, texts),
          component,
          value,
          unit: unitOf(component),
          detail: [reading.mealContext, reading.note].filter(Boolean).join(' — '),
        });
      }
    }
    for (const week of m.weeks) {
      for (const component of Object.keys(week.mean)) {
        rows.push({
          section: 'measurement-week',
          measurement: m.label,
          date: texts.csvDate(week.weekStart),
          component,
          unit: unitOf(component),
          count: week.count,
          min: week.min[component],
          mean: week.mean[component],
          max: week.max[component],
        });
      }
    }
  }
  for (const symptom of journal.symptoms ?? []) {
    rows.push({
      section: 'symptom',
      measurement: symptom.symptom,
      medicine: symptom.medicineName,
      ...dateAndTime(symptom.at, texts),
      severity: symptom.severity,
      detail: symptom.note,
    });
  }
  return rows;
}

function figures(count: {
  due: number;
  taken: number;
  missed: number | null;
  skipped: number;
  rate: number | null;
}): Row {
  return {
    due: count.due,
    taken: count.taken,
    missed: count.missed,
    skipped: count.skipped,
    adherence_percent: count.rate,
  };
}

/** '2026-11-03T08:00:00+01:00' → its local date (as the reader's spreadsheet reads dates) and HH:MM. */
function dateAndTime(iso: string, texts: ReportTexts): Row {
  return { date: texts.csvDate(iso.slice(0, 10)), time: iso.slice(11, 16) };
}

/**
 * One field: text a spreadsheet would read as a formula (= + - @, or a leading tab or CR) gets a
 * leading apostrophe (OWASP's CSV injection advice); quotes, commas and line breaks are quoted.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
