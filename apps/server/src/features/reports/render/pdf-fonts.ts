import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DoctorReportView } from '@medrem/contract';
import type { Locale } from '@medrem/contract/locales';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { SERVER_CATALOGS } from '../../../i18n/server-catalogs';
import { IN_LETTERS } from './pdf-plain-letters';

const require = createRequire(import.meta.url);

/** The report's typefaces: Noto (SIL Open Font License 1.1), installed by npm, read on the first PDF. */
type Face = 'latin' | 'arabic' | 'devanagari';
const FILES: Record<Face, { pkg: string; regular: string; bold: string }> = {
  // Latin, Latin Extended (Turkish ş ğ ı), Greek and Cyrillic.
  latin: {
    pkg: '@embedpdf/fonts-latin',
    regular: '../fonts/NotoSans-Regular.ttf',
    bold: '../fonts/NotoSans-Bold.ttf',
  },
  arabic: {
    pkg: '@embedpdf/fonts-arabic',
    regular: '../fonts/NotoNaskhArabic-Regular.ttf',
    bold: '../fonts/NotoNaskhArabic-Bold.ttf',
  },
  devanagari: {
    pkg: '@expo-google-fonts/noto-sans-devanagari',
    regular: '400Regular/NotoSansDevanagari_400Regular.ttf',
    bold: '700Bold/NotoSansDevanagari_700Bold.ttf',
  },
};

/** A typeface embedded in one PDF, with the characters it has. */
export interface EmbeddedFace {
  regular: PDFFont;
  bold: PDFFont;
  has: ReadonlySet<number>;
}

const bytes = new Map<string, Promise<Uint8Array>>();

function fileOf(face: Face, weight: 'regular' | 'bold'): Promise<Uint8Array> {
  const { pkg, [weight]: file } = FILES[face];
  const key = `${face}-${weight}`;
  let loaded = bytes.get(key);
  // Read once per process; the packages export no font path, so it is found beside their entry.
  if (!loaded) bytes.set(key, (loaded = readFile(path.join(path.dirname(require.resolve(pkg)), file))));
  return loaded;
}

let fontkit: Promise<unknown> | undefined;

/**
 * @pdf-lib/fontkit, loaded with the first PDF that needs a face of its own. Its build calls a
 * global `regeneratorRuntime` in its Indic shaper (Hindi), so that is set first. Faces are embedded
 * whole: its subsetter writes a short `loca` table without padding odd-length glyphs, so every glyph
 * after one such glyph is read from the wrong place (Noto Sans has many), and the package is no
 * longer maintained.
 */
function fontkitOnce(): Promise<unknown> {
  fontkit ??= (async () => {
    const global = globalThis as { regeneratorRuntime?: unknown };
    global.regeneratorRuntime ??= require('regenerator-runtime');
    return require('@pdf-lib/fontkit') as unknown;
  })();
  return fontkit;
}

/** Languages whose words all fit the standard fonts' WinAnsi (Latin-1) characters. */
const WIN_ANSI_LOCALES: ReadonlySet<Locale> = new Set(['en', 'es', 'de', 'fr', 'it', 'pt-BR']);

/**
 * Helvetica (pdf-lib's standard font, named: pdf-lib loads with the first PDF), when every character of the report and its words has a place in it: the PDF stays as
 * small as before (no face embedded). Undefined when some character needs a face of its own.
 */
async function standardFace(
  doc: PDFDocument,
  locale: Locale,
  text: string,
): Promise<EmbeddedFace | undefined> {
  if (!WIN_ANSI_LOCALES.has(locale)) return undefined;
  const regular = await doc.embedFont('Helvetica');
  const has = new Set(regular.getCharacterSet());
  for (const character of text) {
    if (!has.has(character.codePointAt(0)!) && !(character in IN_LETTERS)) return undefined;
  }
  return { regular, bold: await doc.embedFont('Helvetica-Bold'), has };
}

const SCRIPT_FACE: Partial<Record<Locale, Face>> = { ar: 'arabic', hi: 'devanagari' };

/**
 * The faces a report needs, first the one of its language (Arabic, Devanagari; Latin for the
 * others), then Latin for what the person typed in Latin letters, then any other script its text
 * holds (an Arabic medicine name in an English report). Chinese has no face yet (see the note in
 * the PDF and the decision): its characters print as '?'.
 */
export async function embedFaces(
  doc: PDFDocument,
  locale: Locale,
  report: DoctorReportView,
): Promise<EmbeddedFace[]> {
  const text = JSON.stringify(report) + JSON.stringify(SERVER_CATALOGS[locale]);
  const standard = await standardFace(doc, locale, text);
  if (standard) return [standard];
  doc.registerFontkit((await fontkitOnce()) as Parameters<PDFDocument['registerFontkit']>[0]);
  const faces: Face[] = [SCRIPT_FACE[locale] ?? 'latin', 'latin'];
  if (/\p{Script=Arabic}/u.test(text)) faces.push('arabic');
  if (/\p{Script=Devanagari}/u.test(text)) faces.push('devanagari');
  const unique = [...new Set(faces)];
  return Promise.all(
    unique.map(async (face) => {
      const [regular, bold] = await Promise.all([
        doc.embedFont(await fileOf(face, 'regular')),
        doc.embedFont(await fileOf(face, 'bold')),
      ]);
      return { regular, bold, has: new Set(regular.getCharacterSet()) };
    }),
  );
}
