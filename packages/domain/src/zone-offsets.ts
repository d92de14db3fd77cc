import { zoneFormatter, zonedNow } from './dates';
import { zoneOffsetMinutes, zoneTransitions } from './wall-clock';

/**
 * The local calendar date of many instants in one zone, with Intl calls per few weeks instead of
 * one per instant (decision 355). A year's chart or doctor's report dates every reading in the
 * person's zone: 730 `formatToParts` calls were the chart read's costliest step (issue 56).
 *
 * A zone's offsets are worked out a block of four weeks at a time, once per process, with the
 * calendar feed's `zoneTransitions` (a sample every six hours, each change found to the minute).
 * Between changes the offset is constant, so an instant's local date is its UTC date moved by the
 * offset. From 1980 on every offset is a whole number of minutes changing on a minute (dates.ts);
 * earlier instants are formatted one by one.
 */
const MINUTE_MS = 60_000;
const BLOCK_MS = 28 * 86_400_000;
const FROM_MS = Date.UTC(1980, 0, 1);
/** Blocks held across all zones before the cache starts again: a year is 14, a zone's decade 131. */
const BLOCKS_MAX = 20_000;

interface OffsetSegment {
  /** The first instant (ms) of this offset within its block. */
  from: number;
  /** Local wall time minus UTC, in ms. */
  offsetMs: number;
}

/** Keyed by the zone's cached formatter: one entry per real zone, however its name is spelt. */
const blocks = new Map<Intl.DateTimeFormat, Map<number, OffsetSegment[]>>();
let blocksHeld = 0;

/** How many blocks are held (tests: the cache stays bounded). */
export function zoneOffsetBlocksHeld(): number {
  return blocksHeld;
}

function segmentsOfBlock(timeZone: string, block: number): OffsetSegment[] {
  const start = block * BLOCK_MS;
  return [
    { from: start, offsetMs: zoneOffsetMinutes(start, timeZone) * MINUTE_MS },
    ...zoneTransitions(timeZone, start, start + BLOCK_MS).map((change) => ({
      from: change.at,
      offsetMs: change.to * MINUTE_MS,
    })),
  ];
}

function segmentsAt(timeZone: string, ms: number): OffsetSegment[] {
  const formatter = zoneFormatter(timeZone);
  let zone = blocks.get(formatter);
  if (!zone) blocks.set(formatter, (zone = new Map<number, OffsetSegment[]>()));
  const block = Math.floor(ms / BLOCK_MS);
  let segments = zone.get(block);
  if (!segments) {
    if (blocksHeld >= BLOCKS_MAX) {
      blocks.clear();
      blocksHeld = 0;
      blocks.set(formatter, zone);
    }
    segments = segmentsOfBlock(timeZone, block);
    zone.set(block, segments);
    blocksHeld += 1;
  }
  return segments;
}

/**
 * The offset of `timeZone` from UTC at `ms`, in ms (local wall time minus UTC). Before 1980, to the
 * minute (`zoneOffsetMinutes`).
 */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  if (ms < FROM_MS) return zoneOffsetMinutes(ms, timeZone) * MINUTE_MS;
  const segments = segmentsAt(timeZone, ms);
  let offset = segments[0]!.offsetMs;
  for (const segment of segments) {
    if (segment.from > ms) break;
    offset = segment.offsetMs;
  }
  return offset;
}

/** The calendar date (YYYY-MM-DD) of an instant in an IANA zone: `zonedNow(...).date`, for many instants. */
export function zonedDateOf(instant: Date | number, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (ms < FROM_MS) return zonedNow(new Date(ms), timeZone).date;
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 10);
}
