import { createRequire } from 'node:module';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { EmbeddedFace } from './pdf-fonts';
import { IN_LETTERS } from './pdf-plain-letters';

const require = createRequire(import.meta.url);

interface Bidi {
  getEmbeddingLevels(text: string, direction: 'ltr' | 'rtl'): { levels: Uint8Array };
}
let bidi: Bidi | undefined;
const bidiOnce = () => (bidi ??= (require('bidi-js') as () => Bidi)());

/** A piece of a line in one font and one direction, in the order it is drawn (left to right). */
interface Run {
  text: string;
  font: PDFFont;
}

const MIRRORED: Readonly<Record<string, string>> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '<': '>',
  '>': '<',
};
const STRONG_RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/**
 * Text on the PDF's page in its faces (issue 54): each character in the first face that has it,
 * a line of a right-to-left language ordered by the Unicode bidirectional algorithm, each run
 * shaped by fontkit (Arabic joining, Devanagari conjuncts and vowel signs; an Arabic run comes
 * back in drawing order). What no face has is written in letters, else '?' (and noted).
 */
export class PdfText {
  /** Whether any character had to be replaced (the note at the end says so). */
  replaced = false;

  constructor(
    private readonly faces: readonly EmbeddedFace[],
    readonly rtl: boolean,
  ) {}

  /** The text in characters some face has. */
  printable(text: string): string {
    let out = '';
    for (const char of text.replace(/\s+/g, ' ')) {
      if (this.faceOf(char) !== undefined) out += char;
      else if (IN_LETTERS[char] !== undefined) out += IN_LETTERS[char];
      else {
        const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
        const fits = base.length > 0 && [...base].every((c) => this.faceOf(c) !== undefined);
        if (!fits) this.replaced = true;
        out += fits ? base : '?';
      }
    }
    return out;
  }

  width(text: string, size: number, bold = false): number {
    return this.runs(text, bold).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  draw(
    page: PDFPage,
    text: string,
    at: { x: number; y: number; size: number; bold?: boolean; color: RGB },
  ): void {
    let x = at.x;
    for (const run of this.runs(text, at.bold ?? false)) {
      page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color });
      x += run.font.widthOfTextAtSize(run.text, at.size);
    }
  }

  /** The first face's regular font (the chart's numbers, the page numbers). */
  get font(): PDFFont {
    return this.faces[0]!.regular;
  }

  private faceOf(char: string): number | undefined {
    const code = char.codePointAt(0)!;
    const index = this.faces.findIndex((face) => face.has.has(code));
    return index < 0 ? undefined : index;
  }

  /** The line cut into runs of one face and one bidi level, in drawing order. */
  private runs(text: string, bold: boolean): Run[] {
    if (text === '') return [];
    const chars = [...text];
    const needsBidi = this.rtl || STRONG_RTL.test(text);
    const levels = needsBidi ? bidiLevels(text, chars, this.rtl) : chars.map(() => 0);
    const spans: { text: string; face: number; level: number }[] = [];
    chars.forEach((char, i) => {
      // A combining sign or joiner stays with the letter before it, in that letter's face.
      const joins = /[\p{M}\u200c\u200d]/u.test(char) && spans.length > 0;
      const last = spans.at(-1);
      const face = joins ? last!.face : (this.faceOf(char) ?? 0);
      const level = levels[i]!;
      if (last && last.face === face && last.level === level) last.text += char;
      else spans.push({ text: char, face, level });
    });
    // L2 of the algorithm: from the highest level down to the lowest odd one, reverse each sequence at that level or above.
    const max = Math.max(...spans.map((s) => s.level));
    const minOdd = Math.min(...spans.map((s) => s.level).filter((l) => l % 2 === 1), max + 1);
    for (let level = max; level >= minOdd; level--) {
      for (let i = 0; i < spans.length; i++) {
        if (spans[i]!.level < level) continue;
        let end = i;
        while (end + 1 < spans.length && spans[end + 1]!.level >= level) end++;
        spans.splice(i, end - i + 1, ...spans.slice(i, end + 1).reverse());
        i = end;
      }
    }
    return spans.map((span) => {
      const face = this.faces[span.face]!;
      // fontkit lays an Arabic run out right to left itself; neutral signs at an odd level are turned here.
      const text =
        span.level % 2 === 1 && !STRONG_RTL.test(span.text)
          ? [...span.text]
              .reverse()
              .map((c) => MIRRORED[c] ?? c)
              .join('')
          : span.text;
      return { text, font: bold ? face.bold : face.regular };
    });
  }
}

function bidiLevels(text: string, chars: readonly string[], rtl: boolean): number[] {
  const { levels } = bidiOnce().getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  // bidi-js counts UTF-16 units; a character outside the BMP takes two.
  const out: number[] = [];
  let unit = 0;
  for (const char of chars) {
    out.push(levels[unit] ?? 0);
    unit += char.length;
  }
  return out;
}
