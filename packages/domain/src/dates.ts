/**
 * Calendar dates are plain 'YYYY-MM-DD' strings and wall-clock times 'HH:MM' strings.
 * Arithmetic runs on UTC midnights so that no local time zone or DST shift can move a day.
 */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real calendar date in 'YYYY-MM-DD' form (rejects 2025-02-30). */
export function isValidIsoDate(date: string): boolean {
  if (!ISO_DATE_PATTERN.test(date)) return false;
  return fromUtc(toUtc(date)) === date;
}

/**
 * Date arithmetic is asked the same few questions over and over (the reminder engine steps every
 * due row's date by a day), so answers are kept: a pure function of (date, days), the cache bounded.
 */
const addDaysAnswers = new Map<string, string>();
const ADD_DAYS_ANSWERS_MAX = 4096;

export function addDays(date: string, days: number): string {
  const key = `${date}|${days}`;
  let answer = addDaysAnswers.get(key);
  if (answer === undefined) {
    answer = fromUtc(toUtc(date) + days * DAY_MS);
    if (addDaysAnswers.size >= ADD_DAYS_ANSWERS_MAX) addDaysAnswers.clear();
    addDaysAnswers.set(key, answer);
  }
  return answer;
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

export function firstDayOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function lastDayOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return fromUtc(Date.UTC(y, m, 0));
}

/** Minutes after midnight of an 'HH:MM' time. */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}

export interface ZonedNow {
  /** Calendar date in the zone, 'YYYY-MM-DD'. */
  date: string;
  /** Wall-clock time in the zone, 'HH:MM'. */
  time: string;
  hour: number;
  minutes: number;
}

// Building an Intl formatter costs far more than using one, and services and the reminder engine
// convert instants on every call: keep one per zone. Keyed by the zone's canonical name (Intl
// resolves 'europe/PARIS' to 'Europe/Paris'), so case variants cannot grow the cache beyond the few
// hundred real zones (issue 8, finding 6); the spellings seen map to it in a bounded table.
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
const zoneSpellings = new Map<string, string>();
const SPELLINGS_MAX = 1000;

/** How many formatters and spellings are held (tests: the caches must stay bounded). */
export function zoneFormatterCacheSize(): { formatters: number; spellings: number } {
  return { formatters: zoneFormatters.size, spellings: zoneSpellings.size };
}

const buildZoneFormatter = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

/** A cached en-CA formatter of year, month, day, hour, minute and second (h23) in `timeZone`. */
export function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  const known = zoneFormatters.get(zoneSpellings.get(timeZone) ?? timeZone);
  if (known) return known;
  const built = buildZoneFormatter(timeZone);
  const canonical = built.resolvedOptions().timeZone;
  if (zoneSpellings.size >= SPELLINGS_MAX) zoneSpellings.clear();
  if (canonical !== timeZone) zoneSpellings.set(timeZone, canonical);
  let formatter = zoneFormatters.get(canonical);
  if (!formatter) {
    formatter = built;
    zoneFormatters.set(canonical, formatter);
  }
  return formatter;
}

/**
 * zonedNow's last answer per zone, with the UTC minute it holds for. Nearly every request asks for
 * "now" in its user's zone, and formatting it was the app's costliest function on a one-row read.
 * Within one UTC minute the local date, hour and minute cannot change once every zone's offset is a
 * whole number of minutes changing on a minute, which holds from 1980 on (until 1972 Liberia was
 * 44 min 30 s behind UTC); earlier instants are always formatted.
 */
const lastZonedMinute = new Map<string, { minute: number; value: ZonedNow }>();
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1980, 0, 1);

/** The calendar date and wall-clock time of an instant in an IANA zone. */
export function zonedNow(instant: Date, timeZone: string): ZonedNow {
  const ms = instant.getTime();
  const minute = Math.floor(ms / 60_000);
  const reusable = ms >= WHOLE_MINUTE_OFFSETS_FROM;
  const last = reusable ? lastZonedMinute.get(timeZone) : undefined;
  if (last?.minute === minute) return { ...last.value };
  const parts = zoneFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '00';
  const hour = Number(part('hour')) % 24;
  const minutes = Number(part('minute'));
  const time = `${String(hour).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  const value = {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time,
    hour,
    minutes: hour * 60 + minutes,
  };
  if (reusable) {
    if (lastZonedMinute.size >= SPELLINGS_MAX) lastZonedMinute.clear();
    lastZonedMinute.set(timeZone, { minute, value });
  }
  return { ...value };
}

/** 'HH:MM' (24 h) as the spec's 12-hour display, e.g. '08:00' -> '8:00 AM'. */
export function formatTime12h(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${suffix}`;
}
