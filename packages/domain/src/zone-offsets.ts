import { zoneFormatter, zonedNow } from './dates';

/**
 * The local calendar date of many instants in one zone, with an Intl call per few weeks instead of
 * one per instant (decision 355). A year's chart or doctor's report dates every reading in the
 * person's zone: 730 `formatToParts` calls were the chart read's costliest step (issue 56).
 *
 * A zone's offsets are worked out a block of four weeks at a time, once per process: the offset at
 * every sixth hour of the block, and where two samples differ, the exact second it changed (a
 * binary search). Between changes the offset is constant, so an instant's local date is its UTC
 * date moved by the offset. No zone has changed its offset twice within six hours; from 1980 on
 * every offset is a whole number of seconds (tested against Intl for the zones with odd rules).
 */
const SAMPLE_MS = 6 * 3_600_000;
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

const blocks = new Map<Intl.DateTimeFormat, Map<number, OffsetSegment[]>>();
let blocksHeld = 0;

/** How many blocks are held (tests: the cache stays bounded). */
export function zoneOffsetBlocksHeld(): number {
  return blocksHeld;
}

/** The offset at a whole second, from one `formatToParts` call. */
function offsetAt(formatter: Intl.DateTimeFormat, second: number): number {
  const parts = formatter.formatToParts(second);
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour') % 24,
    value('minute'),
    value('second'),
  );
  return wall - second;
}

/** The first whole second in (low, high] with `high`'s offset, given the offsets at both ends differ. */
function changeBetween(formatter: Intl.DateTimeFormat, low: number, high: number, lowOffset: number): number {
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (offsetAt(formatter, middle) === lowOffset) low = middle;
    else high = middle;
  }
  return high;
}

function segmentsOfBlock(formatter: Intl.DateTimeFormat, block: number): OffsetSegment[] {
  const start = block * BLOCK_MS;
  const segments: OffsetSegment[] = [{ from: start, offsetMs: offsetAt(formatter, start) }];
  let previous = segments[0]!.offsetMs;
  for (let at = start + SAMPLE_MS; at <= start + BLOCK_MS; at += SAMPLE_MS) {
    const offset = offsetAt(formatter, at);
    if (offset !== previous) {
      const change = changeBetween(formatter, at - SAMPLE_MS, at, previous);
      if (change < start + BLOCK_MS) segments.push({ from: change, offsetMs: offsetAt(formatter, change) });
      previous = offset;
    }
  }
  return segments;
}

function segmentsAt(formatter: Intl.DateTimeFormat, ms: number): OffsetSegment[] {
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
    segments = segmentsOfBlock(formatter, block);
    zone.set(block, segments);
    blocksHeld += 1;
  }
  return segments;
}

/** The offset of `timeZone` from UTC at `ms`, in ms (local wall time minus UTC). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const formatter = zoneFormatter(timeZone);
  if (ms < FROM_MS) return offsetAt(formatter, Math.floor(ms / 1000) * 1000);
  const segments = segmentsAt(formatter, ms);
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
