import type { DoctorReportView } from '@medrem/contract';
import { type ReportTexts, reportTextsFor } from '../report-texts';
import { writeJournalSection } from './doctor-report-pdf-journal';
import { embedFaces } from './pdf-fonts';
import { PdfText } from './pdf-text-runs';
import { MUTED, PdfWriter } from './pdf-writer';

/**
 * The doctor's report as an A4 PDF (pdf-lib, decision 101) in its reader's language (issue 54):
 * who and which days, adherence overall and per medicine with dosage and schedule, refills,
 * as-needed intakes, then every day's doses. The text is set in embedded Noto faces chosen by the
 * language and by the scripts the report holds (pdf-fonts.ts); a character none of them has is
 * shown as '?' and a note says so; the CSV and FHIR files carry the exact names.
 */
export async function renderDoctorReportPdf(
  report: DoctorReportView,
  texts: ReportTexts = reportTextsFor(undefined),
): Promise<Uint8Array> {
  // pdf-lib, loaded with the first report: loaded at start it held ~10 MiB for the life of the
  // process, for a file most people never ask for (decision 337).
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(texts.docTitle(report.from, report.to));
  doc.setSubject(texts.docSubject);
  doc.setLanguage(texts.language.locale);
  doc.setProducer('Medicine Reminder');
  doc.setCreator('Medicine Reminder');
  const faces = await embedFaces(doc, texts.language.locale, report);
  const writer = new PdfWriter(doc, new PdfText(faces, texts.rtl), texts);

  writer.line(texts.title, { size: 18, bold: true, gap: 6 });
  const who = report.patient.name ? `${report.patient.name} <${report.patient.email}>` : report.patient.email;
  writer.line(texts.patient(who));
  writer.line(texts.period(report.from, report.to, report.timeZone));
  writer.line(texts.generated(report.generatedAt), { color: MUTED, gap: 10 });

  writer.line(texts.adherence, { size: 13, bold: true, gap: 4 });
  writer.line(texts.allFigures(report.totals), { bold: true, gap: 6 });
  for (const m of report.medicines) {
    writer.line(texts.medicineFigures(`${m.name}${m.dosage ? ` ${m.dosage}` : ''}`, m), { bold: true });
    writer.line(texts.schedule(m.schedule, m.steps ? null : m.pillsPerDose), { indent: 12 });
    // A taper's pills per dose change with its steps (decision 186): one line a step.
    for (const step of m.steps ?? [])
      writer.line(texts.taperStep(step.from, step.to, step.dose, step.pillsPerDose), { indent: 24 });
    writer.line(texts.course(m.startDate, m.endDate), { indent: 12 });
    if (m.instructions) writer.line(texts.instructions(m.instructions), { indent: 12 });
    writer.gap(4);
  }

  writer.line(texts.refills, { size: 13, bold: true, gap: 4, before: 6 });
  const refills = report.medicines.flatMap((m) => m.refills.map((r) => ({ name: m.name, ...r })));
  if (refills.length === 0) writer.line(texts.noRefills);
  for (const r of refills) writer.line(texts.refillLine(r.at, r.name, r.pills));

  // Decision 314: when each plan changed; the days before a change were counted by the plan then.
  const planChanges = report.medicines.flatMap((m) =>
    m.planChanges.filter((c) => c.kind !== 'start').map((c) => ({ name: m.name, ...c })),
  );
  if (planChanges.length > 0) {
    writer.line(texts.planChanges, { size: 13, bold: true, gap: 4, before: 10 });
    for (const c of planChanges) writer.line(texts.planChangeLine(c.effectiveOn, c.name, c.text, c.reason));
  }

  const prn = report.medicines.filter((m) => m.kind === 'asNeeded');
  if (prn.length > 0) {
    writer.line(texts.asNeededHeading, { size: 13, bold: true, gap: 4, before: 10 });
    for (const m of prn) {
      const overrides = m.asNeeded.filter((x) => x.override).length;
      writer.line(texts.asNeededLine(m.name, m.asNeeded.length, overrides));
    }
  }

  writer.line(texts.dosesByDay, { size: 13, bold: true, gap: 4, before: 10 });
  writer.line(texts.dosesLegend, { color: MUTED, gap: 4 });
  for (const m of report.medicines) {
    if (m.days.length === 0 && m.asNeeded.length === 0) continue;
    writer.line(m.name, { bold: true, before: 6 });
    // A taken dose says when it was taken (decision 191): "20:00 taken at 19:32".
    for (const day of m.days) writer.line(texts.dayLine(day.date, day.doses.map(texts.dose)), { indent: 12 });
    for (const x of m.asNeeded) writer.line(texts.asNeededIntake(x.at, x.override), { indent: 12 });
  }

  // The journal, when asked for (issue 56): each chosen type's weeks, and the symptoms.
  if (report.journal) writeJournalSection(writer, report.journal, texts);

  writer.gap(10);
  writer.line(texts.footAdherence, { color: MUTED, size: 9 });
  if (writer.replaced) writer.line(texts.footReplaced, { color: MUTED, size: 9 });
  writer.pageNumbers(texts.page);
  return doc.save();
}
