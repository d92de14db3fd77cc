import type { DoctorReportView } from '@medrem/contract';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { Canvas } from './doctor-report-pdf-chart';
import { writeJournalSection } from './doctor-report-pdf-journal';
import { rgb } from './pdf-colour';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const TEXT = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.37, 0.42);

function pillsText(count: number): string {
  return `${count} ${count === 1 ? 'pill' : 'pills'}`;
}

/**
 * The doctor's report as an A4 PDF (pdf-lib, decision 101): who and which days, adherence overall
 * and per medicine with dosage and schedule, refills, as-needed intakes, then every day's doses.
 * The standard Helvetica font reads WinAnsi (Latin) text only: other characters are shown as '?'
 * and a note says so; the CSV and FHIR files carry the exact names.
 */
export async function renderDoctorReportPdf(report: DoctorReportView): Promise<Uint8Array> {
  // pdf-lib, loaded with the first report: loaded at start it held ~10 MiB for the life of the
  // process, for a file most people never ask for (decision 337).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`Doctor's report ${report.from} to ${report.to}`);
  doc.setSubject('Medicine adherence report');
  doc.setProducer('Medicine Reminder');
  doc.setCreator('Medicine Reminder');
  const writer = new PdfWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  writer.line("Doctor's report", { size: 18, bold: true, gap: 6 });
  const who = report.patient.name ? `${report.patient.name} <${report.patient.email}>` : report.patient.email;
  writer.line(`Patient: ${who}`);
  writer.line(`Period: ${report.from} to ${report.to} (times in ${report.timeZone})`);
  writer.line(`Generated: ${report.generatedAt}`, { color: MUTED, gap: 10 });

  writer.line('Adherence', { size: 13, bold: true, gap: 4 });
  writer.line(`All medicines: ${figuresText(report.totals)}`, { bold: true, gap: 6 });
  for (const m of report.medicines) {
    writer.line(`${m.name}${m.dosage ? ` ${m.dosage}` : ''}: ${figuresText(m)}`, { bold: true });
    writer.line(
      `Schedule: ${m.schedule || 'not set'}${m.steps ? '' : `; ${pillsText(m.pillsPerDose)} per dose`}`,
      {
        indent: 12,
      },
    );
    // A taper's pills per dose change with its steps (decision 186): one line a step.
    for (const step of m.steps ?? [])
      writer.line(`${step.from} to ${step.to}: ${step.dose}, ${pillsText(step.pillsPerDose)} per dose`, {
        indent: 24,
      });
    writer.line(`Course: ${m.startDate} to ${m.endDate}`, { indent: 12 });
    if (m.instructions) writer.line(`Instructions: ${m.instructions}`, { indent: 12 });
    writer.gap(4);
  }

  writer.line('Refills', { size: 13, bold: true, gap: 4, before: 6 });
  const refills = report.medicines.flatMap((m) => m.refills.map((r) => ({ name: m.name, ...r })));
  if (refills.length === 0) writer.line('No refills in this period.');
  for (const r of refills)
    writer.line(`${r.at.slice(0, 10)} ${r.at.slice(11, 16)}  ${r.name}: ${r.pills} pills`);

  // Decision 314: when each plan changed; the days before a change were counted by the plan then.
  const planChanges = report.medicines.flatMap((m) =>
    m.planChanges.filter((c) => c.kind !== 'start').map((c) => ({ name: m.name, ...c })),
  );
  if (planChanges.length > 0) {
    writer.line('Plan changes', { size: 13, bold: true, gap: 4, before: 10 });
    for (const c of planChanges)
      writer.line(`${c.effectiveOn}  ${c.name}: ${c.text}${c.reason ? ` (${c.reason})` : ''}`);
  }

  const prn = report.medicines.filter((m) => m.kind === 'asNeeded');
  if (prn.length > 0) {
    writer.line('As-needed intakes', { size: 13, bold: true, gap: 4, before: 10 });
    for (const m of prn) {
      const overrides = m.asNeeded.filter((x) => x.override).length;
      writer.line(
        `${m.name}: ${m.asNeeded.length} taken${overrides > 0 ? `, ${overrides} past a safety limit` : ''}`,
      );
    }
  }

  writer.line('Doses by day', { size: 13, bold: true, gap: 4, before: 10 });
  writer.line(
    'Each due or recorded dose at its time that day: taken, missed, skipped (with its reason), or extra (taken when none was due).',
    {
      color: MUTED,
      gap: 4,
    },
  );
  for (const m of report.medicines) {
    if (m.days.length === 0 && m.asNeeded.length === 0) continue;
    writer.line(m.name, { bold: true, before: 6 });
    for (const day of m.days) {
      // A taken dose says when it was taken (decision 191): "20:00 taken at 19:32".
      const doses = day.doses
        .map(
          (d) =>
            `${d.time ?? `slot ${d.slot + 1}`} ${d.skip ? d.skip.replace(/^Skipped/, 'skipped') : d.status}${d.takenAt ? ` at ${d.takenAt.slice(11, 16)}` : ''}`,
        )
        .join('    ');
      writer.line(`${day.date}    ${doses}`, { indent: 12 });
    }
    for (const x of m.asNeeded) {
      writer.line(
        `${x.at.slice(0, 10)}    ${x.at.slice(11, 16)} taken${x.override ? ' (past a limit)' : ''}`,
        {
          indent: 12,
        },
      );
    }
  }

  // The journal, when asked for (issue 56): each chosen type's weeks, and the symptoms.
  if (report.journal) writeJournalSection(writer, report.journal);

  writer.gap(10);
  writer.line(
    'Adherence counts the doses due in the period up to when the report was made. Per medicine, ' +
      'every dose taken counts, an extra one too, up to the doses due: the rule of the app’s ' +
      'monthly report.',
    { color: MUTED, size: 9 },
  );
  if (writer.replaced) {
    writer.line(
      "Some characters cannot be shown in this PDF's font and appear as '?'. The CSV and FHIR files have the exact text.",
      { color: MUTED, size: 9 },
    );
  }
  writer.pageNumbers();
  return doc.save();
}

function figuresText(count: {
  due: number;
  taken: number;
  missed: number | null;
  skipped: number;
  rate: number | null;
}): string {
  if (count.rate === null) return 'no doses were due';
  const skipped = count.skipped > 0 ? `, ${count.skipped} skipped` : '';
  return `${count.rate}% (${count.taken} of ${count.due} doses taken, ${count.missed ?? 0} missed${skipped})`;
}

interface LineOptions {
  size?: number;
  bold?: boolean;
  indent?: number;
  color?: ReturnType<typeof rgb>;
  /** Extra space below / above the line. */
  gap?: number;
  before?: number;
}

/** Lines flowing down A4 pages: wrapped to the width, a new page when one is full. */
class PdfWriter {
  private page: PDFPage;
  private y: number;
  private readonly shown: Set<number>;
  /** Whether any character had to be replaced (the note at the end says so). */
  replaced = false;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    this.shown = new Set(regular.getCharacterSet());
  }

  line(text: string, options: LineOptions = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    const width = A4[0] - 2 * MARGIN - indent;
    this.gap(options.before ?? 0);
    for (const part of wrap(this.printable(text), font, size, width)) {
      if (this.y - size < MARGIN) this.newPage();
      this.y -= size * 1.35;
      this.page.drawText(part, { x: MARGIN + indent, y: this.y, size, font, color: options.color ?? TEXT });
    }
    this.gap(options.gap ?? 0);
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** A drawing `height` points tall across the text's width; on the next page when this one lacks the room. */
  block(height: number, draw: (canvas: Canvas) => void): void {
    if (this.y - height < MARGIN) this.newPage();
    this.y -= height;
    const box = { x: MARGIN, y: this.y, width: A4[0] - 2 * MARGIN, height };
    draw({ page: this.page, box, font: this.regular, printable: (text) => this.printable(text) });
  }

  /** "Page n of N" at the foot of every page. */
  pageNumbers(): void {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = `Page ${i + 1} of ${pages.length}`;
      const width = this.regular.widthOfTextAtSize(text, 8);
      page.drawText(text, {
        x: A4[0] - MARGIN - width,
        y: MARGIN / 2,
        size: 8,
        font: this.regular,
        color: MUTED,
      });
    });
  }

  private newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /**
   * The text in the font's characters: a sign it lacks written in letters it has (the taper's
   * arrow, issue 51), accents dropped where that helps, '?' for the rest.
   */
  private printable(text: string): string {
    let out = '';
    for (const char of text.replace(/\s+/g, ' ')) {
      if (this.shown.has(char.codePointAt(0)!)) out += char;
      else if (IN_LETTERS[char] !== undefined) out += IN_LETTERS[char];
      else {
        const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
        const fits = base.length > 0 && [...base].every((c) => this.shown.has(c.codePointAt(0)!));
        if (!fits) this.replaced = true;
        out += fits ? base : '?';
      }
    }
    return out;
  }
}

/** Signs WinAnsi (the standard fonts) lacks that read the same in plain letters. */
const IN_LETTERS: Readonly<Record<string, string>> = {
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '⇒': '=>',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '−': '-',
  '∕': '/',
  '\u2009': ' ',
  '\u202f': ' ',
};

/** Words laid into lines no wider than `width`; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/(\s+)/)) {
    const next = current + word;
    if (font.widthOfTextAtSize(next, size) <= width || current.trim() === '') {
      current = next;
      while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    } else {
      lines.push(current.trimEnd());
      current = word.trimStart();
    }
  }
  if (current.trim() !== '' || lines.length === 0) lines.push(current.trimEnd());
  return lines;
}
