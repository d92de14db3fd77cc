import { zoneOffsetMinutes, zoneTransitions } from './wall-clock';

/**
 * RFC 5545 (iCalendar) text: escaping, line folding, date-time values and a VTIMEZONE worked out
 * from the runtime's IANA data (Intl), so the domain needs no calendar package (decision 141).
 */

const MINUTE_MS = 60_000;
/** The longest a content line may be, in octets, before it is folded (RFC 5545 §3.1). */
const LINE_OCTETS = 75;

/**
 * Characters a TEXT value may not hold once line breaks are escaped: RFC 5545 §3.3.11 allows no
 * CONTROL but HTAB, and C1 controls go too, as some readers take them for line breaks. The
 * contract refuses them in new text (decision 183); rows stored before it may still hold them, and
 * one would make the whole feed invalid for a calendar app.
 */
const CONTROL = new RegExp('[\\u0000-\\u0008\\u000A-\\u001F\\u007F-\\u009F]', 'g');
/** Half a UTF-16 pair has no UTF-8 form: written as U+FFFD, as an encoder would. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A TEXT value with backslash, semicolon, comma and newlines escaped (RFC 5545 §3.3.11) and any
 * other control character dropped.
 */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '\uFFFD');
}

function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/**
 * One content line folded into lines of at most 75 octets, each continuation starting with a
 * space; never inside a UTF-8 character (RFC 5545 §3.1).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0);
    // Continuation lines spend one octet on the leading space.
    const limit = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Content lines joined with CRLF, each folded, the last one ended too. */
export function icsDocument(lines: readonly string[]): string {
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

const two = (n: number) => String(n).padStart(2, '0');

/** The UTC fields of an instant as YYYYMMDDTHHMMSS (no zone suffix). */
function basicDateTime(instant: number): string {
  const d = new Date(instant);
  return (
    `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}` +
    `T${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`
  );
}

/** An instant as a UTC DATE-TIME value, e.g. 20261121T100000Z (DTSTAMP, DTSTART in UTC). */
export function icsUtc(instant: number): string {
  return `${basicDateTime(Math.floor(instant / 1000) * 1000)}Z`;
}

/** A local 'YYYY-MM-DD' and 'HH:MM' as a floating DATE-TIME value, for DTSTART;TZID=… */
export function icsLocal(date: string, time: string): string {
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

/** A UTC offset in minutes as ±HHMM. */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${two(Math.floor(abs / 60))}${two(abs % 60)}`;
}

/** The zone's standard offset in a year: the smaller of January's and July's. */
function standardOffset(instant: number, timeZone: string): number {
  const year = new Date(instant).getUTCFullYear();
  return Math.min(
    zoneOffsetMinutes(Date.UTC(year, 0, 1), timeZone),
    zoneOffsetMinutes(Date.UTC(year, 6, 1), timeZone),
  );
}

function observance(timeZone: string, at: number, from: number, to: number): string[] {
  const kind = to > standardOffset(at, timeZone) ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    // The onset in the local time in force before it (RFC 5545 §3.6.5).
    `DTSTART:${basicDateTime(at + from * MINUTE_MS)}`,
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    `END:${kind}`,
  ];
}

/**
 * A VTIMEZONE for `timeZone` valid over [from, to): one observance for the offset in force at
 * `from`, then one per change within the range, each with its own onset (no RRULE, so it holds
 * whatever rule the zone follows, and changes of the rules too).
 */
export function vtimezone(timeZone: string, from: number, to: number): string[] {
  const start = Math.floor(from / MINUTE_MS) * MINUTE_MS;
  const initial = zoneOffsetMinutes(start, timeZone);
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(timeZone, start, initial, initial),
    ...zoneTransitions(timeZone, start, to).flatMap((t) => observance(timeZone, t.at, t.from, t.to)),
    'END:VTIMEZONE',
  ];
}
