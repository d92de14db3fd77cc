import { zonedNow } from './dates';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Minutes a zone is ahead of UTC at an instant. */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const local = zonedNow(new Date(instant), timeZone);
  const wall = Date.parse(`${local.date}T${local.time}:00Z`);
  return Math.round((wall - Math.floor(instant / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

export interface ZoneTransition {
  /** The first instant (ms) of the new offset. */
  at: number;
  from: number;
  to: number;
}

/**
 * The zone's offset changes in [from, to): sampled every 6 hours (no zone changes twice in that
 * time), each change then found to the minute by bisection.
 */
export function zoneTransitions(timeZone: string, from: number, to: number): ZoneTransition[] {
  const step = 6 * HOUR_MS;
  const found: ZoneTransition[] = [];
  let before = zoneOffsetMinutes(from, timeZone);
  for (let t = from; t < to; t += step) {
    const next = Math.min(t + step, to);
    const after = zoneOffsetMinutes(next, timeZone);
    if (after === before) continue;
    let low = t;
    let high = next;
    while (high - low > MINUTE_MS) {
      const mid = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (zoneOffsetMinutes(mid, timeZone) === before) low = mid;
      else high = mid;
    }
    found.push({ at: high, from: before, to: after });
    before = after;
  }
  return found;
}

/**
 * The instant a zone's clocks read `time` on `date`. In a fall-back overlap the first reading; in a
 * spring-forward gap the wall time read with the offset before the jump (02:30 becomes 03:30), the
 * same minute a clock that was not changed would show.
 */
export function wallClockInstant(date: string, time: string, timeZone: string): number {
  const key = `${date} ${time} ${timeZone}`;
  const known = instantsOfWallTimes.get(key);
  if (known !== undefined) return known;
  if (instantsOfWallTimes.size >= WALL_TIME_MEMO_SIZE) instantsOfWallTimes.clear();
  const instant = computeWallClockInstant(date, time, timeZone);
  instantsOfWallTimes.set(key, instant);
  return instant;
}

/**
 * The instants of wall times already worked out. Each costs a handful of Intl calls, and the
 * engine asks for the same few (every user's default times, today, one zone) for every medicine on
 * its start date (decision 187's `slotsBeforeAdded`): 0.4 ms a medicine on a loaded machine in the
 * issue 51 benchmark, where every medicine starts that day. A pure function's answers, so the memo
 * can never be wrong; bounded, it is emptied when full.
 */
const instantsOfWallTimes = new Map<string, number>();
const WALL_TIME_MEMO_SIZE = 4096;

function computeWallClockInstant(date: string, time: string, timeZone: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const before = zoneOffsetMinutes(wall - 12 * HOUR_MS, timeZone);
  const after = zoneOffsetMinutes(wall + 12 * HOUR_MS, timeZone);
  const first = wall - before * MINUTE_MS;
  const second = wall - after * MINUTE_MS;
  const reads = (instant: number) => {
    const local = zonedNow(new Date(instant), timeZone);
    return local.date === date && local.time === time;
  };
  if (reads(Math.min(first, second))) return Math.min(first, second);
  if (reads(Math.max(first, second))) return Math.max(first, second);
  return first;
}
