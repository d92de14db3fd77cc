import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { Canvas } from './doctor-report-pdf-chart';
import { rgb } from './pdf-colour';
import type { PdfText } from './pdf-text-runs';

export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const TEXT = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.35, 0.37, 0.42);

export interface LineOptions {
  size?: number;
  bold?: boolean;
  indent?: number;
  color?: ReturnType<typeof rgb>;
  /** Extra space below / above the line. */
  gap?: number;
  before?: number;
}

/**
 * Lines flowing down A4 pages: wrapped to the width, a new page when one is full; in a
 * right-to-left language each line starts at the right margin and indents from there.
 */
export class PdfWriter {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly text: PdfText,
    private readonly words: { targetRange: string; chartLegend: string },
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  get replaced(): boolean {
    return this.text.replaced;
  }

  line(text: string, options: LineOptions = {}): void {
    const size = options.size ?? 10;
    const bold = options.bold ?? false;
    const indent = options.indent ?? 0;
    const width = A4[0] - 2 * MARGIN - indent;
    this.gap(options.before ?? 0);
    for (const part of this.wrap(this.text.printable(text), size, bold, width)) {
      if (this.y - size < MARGIN) this.newPage();
      this.y -= size * 1.35;
      const x = this.text.rtl ? A4[0] - MARGIN - indent - this.text.width(part, size, bold) : MARGIN + indent;
      this.text.draw(this.page, part, { x, y: this.y, size, bold, color: options.color ?? TEXT });
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
    draw({
      page: this.page,
      box,
      font: this.text.font,
      printable: (text) => this.text.printable(text),
      widthOf: (text, size) => this.text.width(text, size),
      draw: (text, x, y, size, color) => this.text.draw(this.page, text, { x, y, size, color }),
      words: this.words,
    });
  }

  /** "Page n of N" at the foot of every page (at its start side). */
  pageNumbers(label: (page: number, pages: number) => string): void {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = this.text.printable(label(i + 1, pages.length));
      const width = this.text.width(text, 8);
      const x = this.text.rtl ? MARGIN : A4[0] - MARGIN - width;
      this.text.draw(page, text, { x, y: MARGIN / 2, size: 8, color: MUTED });
    });
  }

  private newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** Words laid into lines no wider than `width`; a word longer than a line is cut. */
  private wrap(text: string, size: number, bold: boolean, width: number): string[] {
    const fits = (s: string) => this.text.width(s, size, bold) <= width;
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/(\s+)/)) {
      const next = current + word;
      if (fits(next) || current.trim() === '') {
        current = next;
        while (!fits(current) && current.length > 1) {
          let cut = current.length - 1;
          while (cut > 1 && !fits(current.slice(0, cut))) cut--;
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
}
