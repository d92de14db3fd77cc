/**
 * Wall-clock time in IANA zones, for the reminder engine: which instant is "08:00 on 2026-03-29 in
 * Europe/Berlin"? The domain package caches one formatter per zone; this module adds memo tables
 * because the engine converts the same instants for every row of a batch.
 */
import { zoneFormatter } from '@medrem/domain';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface LocalParts {
  date: string;
  time: string;
  /** The wall-clock reading as if it were UTC, in ms (for offset arithmetic). */
  wallMs: number;
}

// Batches convert the same few instants over and over (every row of a batch has the same "now" and
// the same dose time): small memo tables keep Intl out of the per-row cost.
const MEMO_LIMIT = 20_000;
const partsMemo = new Map<string, LocalParts>();
const instantMemo = new Map<string, number>();

function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/** The calendar date and wall-clock time an instant reads in a zone. */
export function localParts(instantMs: number, timeZone: string): LocalParts {
  const second = Math.floor(instantMs / 1000);
  const key = `${timeZone}|${second}`;
  const known = partsMemo.get(key);
  if (known) return known;
  return remember(partsMemo, key, computeLocalParts(second * 1000, timeZone));
}

function computeLocalParts(instantMs: number, timeZone: string): LocalParts {
  const parts = zoneFormatter(timeZone).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const y = get('year');
  const mo = get('month');
  const d = get('day');
  const h = get('hour') % 24;
  const mi = get('minute');
  const s = get('second');
  const wallMs = Date.UTC(y, mo - 1, d, h, mi, s);
  const iso = new Date(wallMs).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), wallMs };
}

/** Minutes the zone is ahead of UTC at an instant. */
export function offsetMinutesAt(instantMs: number, timeZone: string): number {
  const at = Math.floor(instantMs / 1000) * 1000;
  return Math.round((localParts(at, timeZone).wallMs - at) / MINUTE_MS);
}

function wallClockMs(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, h, mi);
}

/**
 * The instant at which a zone's clocks read `time` on `date`.
 * - Fall-back overlap (the time occurs twice): the first occurrence, so a dose fires once.
 * - Spring-forward gap (the time never occurs): the next valid minute, i.e. the first minute after
 *   the clocks jumped (02:30 on a 02:00→03:00 day fires at 03:00).
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone}|${date}|${time}`;
  const known = instantMemo.get(key);
  if (known !== undefined) return new Date(known);
  return new Date(remember(instantMemo, key, computeZonedInstant(date, time, timeZone)));
}

function computeZonedInstant(date: string, time: string, timeZone: string): number {
  const wall = wallClockMs(date, time);
  const candidates = new Set([
    offsetMinutesAt(wall - DAY_MS / 2, timeZone),
    offsetMinutesAt(wall, timeZone),
    offsetMinutesAt(wall + DAY_MS / 2, timeZone),
  ]);
  const matches: number[] = [];
  for (const offset of candidates) {
    const instant = wall - offset * MINUTE_MS;
    if (localParts(instant, timeZone).wallMs === wall) matches.push(instant);
  }
  if (matches.length > 0) return Math.min(...matches);
  // A gap: find the first instant whose wall clock is past the wanted time (the jump).
  const offsets = [...candidates].sort((a, b) => a - b);
  let low = wall - (offsets[offsets.length - 1] ?? 0) * MINUTE_MS; // reads before the wanted time
  let high = wall - (offsets[0] ?? 0) * MINUTE_MS; // reads after it
  if (low > high) [low, high] = [high, low];
  while (high - low > MINUTE_MS) {
    const mid = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (localParts(mid, timeZone).wallMs >= wall) high = mid;
    else low = mid;
  }
  return high;
}
