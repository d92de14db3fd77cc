import {
  GS1_CHARACTER_SET_82,
  applicationIdentifierAt,
  isKnownApplicationIdentifier,
} from './gs1-identifiers';
import { toGtin14 } from './gtin';

/** What a medicine pack's code says about it. */
export interface Gs1Pack {
  /** The product, as 14 digits. */
  gtin: string;
  /** The last day it may be used, YYYY-MM-DD (AI 17; day 00 is the month's last day). */
  expiry?: string;
  batch?: string;
  serial?: string;
  /** How many items the pack holds, when the code says (AI 30). */
  count?: number;
}

export type Gs1Source = 'element-string' | 'digital-link' | 'barcode';
/** Why a code is not read as a pack, as a code with what its sentence names (issue 54). */
export type Gs1Problem =
  | { code: 'notReadable' }
  | { code: 'badCheckDigit' }
  | { code: 'fieldTwice'; ai: string }
  | { code: 'fieldCutShort'; ai: string }
  | { code: 'noGtin' }
  | { code: 'badExpiry'; value: string }
  | { code: 'badCharacters'; field: 'batch' | 'serial' }
  | { code: 'badCount'; value: string };

/** A refusal: its problem, and the problem in the English the server's 400 gives (`error`). */
export type Gs1Result =
  { ok: true; pack: Gs1Pack; source: Gs1Source } | { ok: false; problem: Gs1Problem; error: string };

/** A problem's sentence in English (the web says it in the page's language). */
export function gs1ProblemText(problem: Gs1Problem): string {
  switch (problem.code) {
    case 'notReadable':
      return 'This code is not one a medicine pack carries (a GS1 DataMatrix, GS1 link or EAN/UPC).';
    case 'badCheckDigit':
      return "The product number's check digit does not match: the code was misread or is not genuine.";
    case 'fieldTwice':
      return `The code names field (${problem.ai}) twice.`;
    case 'fieldCutShort':
      return `The code's field (${problem.ai}) is cut short or too long: scan it again.`;
    case 'noGtin':
      return 'This code has no product number (GTIN).';
    case 'badExpiry':
      return `The expiry date in the code (${problem.value}) is not a date.`;
    case 'badCharacters':
      return `The ${problem.field} number in the code holds characters a pack's code cannot.`;
    case 'badCount':
      return `The count in the code (${problem.value}) is not a number of items.`;
  }
}

function refused(problem: Gs1Problem): Gs1Result {
  return { ok: false, problem, error: gs1ProblemText(problem) };
}

const GROUP_SEPARATOR = '\u001d';
/** Symbology identifiers a scanner may put before the data (ISO/IEC 15424): DataMatrix, GS1-128, QR… */
const SYMBOLOGY_PREFIX = /^\][A-Za-z][0-9]/;
const NOT_READABLE: Gs1Problem = { code: 'notReadable' };
const BAD_CHECK_DIGIT: Gs1Problem = { code: 'badCheckDigit' };

/**
 * Reads a pack's code as a scanner or camera decodes it: a GS1 element string (with FNC1 as ASCII
 * 29, "<GS>", or in the human-readable "(01)…(17)…" form), a GS1 Digital Link URL, or a plain
 * EAN-13/UPC-A/EAN-8. `currentYear` decides the century of two-digit years (GS1 7.12).
 */
export function parseGs1(input: string, currentYear: number): Gs1Result {
  const text = input.trim().replace(SYMBOLOGY_PREFIX, '').replaceAll('<GS>', GROUP_SEPARATOR);
  if (text.length === 0 || text.length > 512) return refused(NOT_READABLE);
  if (/^https?:\/\//i.test(text)) return fromFields(digitalLinkFields(text), 'digital-link', currentYear);
  if (/^\d{8}$|^\d{12,13}$/.test(text)) {
    const gtin = toGtin14(text);
    return gtin ? { ok: true, pack: { gtin }, source: 'barcode' } : refused(BAD_CHECK_DIGIT);
  }
  const fields = text.startsWith('(') ? bracketedFields(text) : elementStringFields(text);
  return fromFields(fields, 'element-string', currentYear);
}

type Fields = Map<string, string> | { error: Gs1Problem };

/** "(01)09506000134352(17)201225(10)ABC": the human-readable form printed under a code. */
function bracketedFields(text: string): Fields {
  const fields = new Map<string, string>();
  const pattern = /\((\d{2,4})\)([^()]*)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = pattern.exec(text)) !== null) {
    fields.set(match[1]!, match[2]!);
    consumed = pattern.lastIndex;
  }
  return consumed === text.length && fields.size > 0 ? fields : { error: NOT_READABLE };
}

/** The raw element string: AIs one after another, variable-length ones ended by a separator. */
function elementStringFields(data: string): Fields {
  const fields = new Map<string, string>();
  let at = data.startsWith(GROUP_SEPARATOR) ? 1 : 0;
  while (at < data.length) {
    const found = applicationIdentifierAt(data, at);
    if (!found) return { error: NOT_READABLE };
    const start = at + found.ai.length;
    let value: string;
    if (found.definition.fixed !== undefined) {
      value = data.slice(start, start + found.definition.fixed);
      if (value.length !== found.definition.fixed) return { error: incomplete(found.ai) };
      at = start + found.definition.fixed;
      // Some printers end fixed fields with a separator too; it carries nothing.
      if (data[at] === GROUP_SEPARATOR) at++;
    } else {
      const end = data.indexOf(GROUP_SEPARATOR, start);
      value = data.slice(start, end === -1 ? data.length : end);
      at = end === -1 ? data.length : end + 1;
      if (value.length > (found.definition.max ?? 0)) return { error: incomplete(found.ai) };
    }
    // A separator or letter inside a numeric field: a fixed field cut short by the next one.
    if (found.definition.numeric && !/^\d*$/.test(value)) return { error: incomplete(found.ai) };
    if (fields.has(found.ai)) return { error: { code: 'fieldTwice', ai: found.ai } };
    fields.set(found.ai, value);
  }
  return fields;
}

/** https://id.gs1.org/01/09506000134352/10/ABC/21/123?17=201225, on any domain. */
function digitalLinkFields(text: string): Fields {
  // Read by hand: the domain package runs without the DOM's or Node's URL.
  const match = /^https?:\/\/[^/?#]+([^?#]*)(?:\?([^#]*))?/i.exec(text);
  if (!match) return { error: NOT_READABLE };
  const segments = (match[1] ?? '').split('/').filter(Boolean);
  const start = segments.findIndex((s, i) => s === '01' && /^\d{8,14}$/.test(segments[i + 1] ?? ''));
  if (start === -1) return { error: NOT_READABLE };
  const fields = new Map<string, string>();
  try {
    for (let i = start; i < segments.length; i += 2) {
      const ai = segments[i]!;
      if (!isKnownApplicationIdentifier(ai) || segments[i + 1] === undefined) return { error: NOT_READABLE };
      fields.set(ai, decodeURIComponent(segments[i + 1]!));
    }
    for (const pair of (match[2] ?? '').split('&')) {
      const [key = '', value = ''] = pair.split('=');
      if (/^\d{2,4}$/.test(key)) fields.set(key, decodeURIComponent(value));
    }
  } catch {
    return { error: NOT_READABLE };
  }
  // A GTIN-8/12/13 in a link is written without its leading zeros.
  const gtin = fields.get('01');
  if (gtin) fields.set('01', gtin.padStart(14, '0'));
  return fields;
}

function incomplete(ai: string): Gs1Problem {
  return { code: 'fieldCutShort', ai };
}

function fromFields(fields: Fields, source: Gs1Source, currentYear: number): Gs1Result {
  if ('error' in fields) return refused(fields.error);
  const rawGtin = fields.get('01');
  if (rawGtin === undefined) return refused({ code: 'noGtin' });
  const gtin = /^\d{14}$/.test(rawGtin) ? toGtin14(rawGtin) : null;
  if (!gtin) return refused(BAD_CHECK_DIGIT);
  const pack: Gs1Pack = { gtin };
  const expiry = fields.get('17');
  if (expiry !== undefined) {
    const date = gs1Date(expiry, currentYear);
    if (!date) return refused({ code: 'badExpiry', value: expiry });
    pack.expiry = date;
  }
  for (const [ai, key] of [
    ['10', 'batch'],
    ['21', 'serial'],
  ] as const) {
    const value = fields.get(ai);
    if (value === undefined) continue;
    if (value.length === 0 || value.length > 20 || !GS1_CHARACTER_SET_82.test(value)) {
      return refused({ code: 'badCharacters', field: key });
    }
    pack[key] = value;
  }
  const count = fields.get('30');
  if (count !== undefined) {
    if (!/^\d{1,8}$/.test(count) || Number(count) === 0) {
      return refused({ code: 'badCount', value: count });
    }
    pack.count = Number(count);
  }
  return { ok: true, pack, source };
}

/**
 * YYMMDD as a date. The century is the one that puts the year within 49 years before and 50 after
 * the current year (GS1 7.12); day 00 means the last day of the month.
 */
export function gs1Date(yymmdd: string, currentYear: number): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  const century = Math.floor(currentYear / 100) * 100;
  const difference = yy - (currentYear % 100);
  const year = century + yy + (difference >= 51 ? -100 : difference <= -50 ? 100 : 0);
  if (month < 1 || month > 12) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > lastDay) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day === 0 ? lastDay : day)}`;
}
