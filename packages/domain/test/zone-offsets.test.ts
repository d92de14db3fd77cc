import { describe, expect, it } from 'vitest';
import { zonedNow } from '../src/dates';
import { zoneOffsetBlocksHeld, zoneOffsetMs, zonedDateOf } from '../src/zone-offsets';

/** Zones with odd rules: half- and quarter-hour offsets, 30-minute DST, DST at 00:01, negative DST, date-line jumps. */
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'Europe/Dublin',
  'America/New_York',
  'America/St_Johns',
  'America/Santiago',
  'America/Sao_Paulo',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Tehran',
  'Pacific/Chatham',
  'Pacific/Apia',
  'Pacific/Kiritimati',
  'Africa/Casablanca',
  'Antarctica/Troll',
  'Europe/Moscow',
];

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl's own offset at an instant, worked out here without the module under test. */
function intlOffset(zone: string, ms: number): number {
  const second = Math.floor(ms / 1000) * 1000;
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  const parts = formatter.formatToParts(second);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour') % 24, n('minute'), n('second')) - second;
}

/** A small deterministic generator, so a failure names instants that can be run again. */
function randomInstants(seed: number, count: number, from: number, to: number): number[] {
  let state = seed;
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    out.push(from + Math.floor((state / 2 ** 31) * (to - from)));
  }
  return out;
}

describe('dates of many instants by the zone offset (decision 355)', () => {
  it('gives the date zonedNow gives, at random instants from 1970 to 2040', () => {
    for (const [i, zone] of ZONES.entries()) {
      const instants = [
        ...randomInstants(i + 1, 400, Date.UTC(2022, 0, 1), Date.UTC(2028, 0, 1)),
        ...randomInstants(i + 100, 25, Date.UTC(1970, 0, 1), Date.UTC(2040, 0, 1)),
      ];
      for (const ms of instants) {
        expect([zone, ms, zonedDateOf(ms, zone)]).toEqual([zone, ms, zonedNow(new Date(ms), zone).date]);
      }
    }
  }, 60_000);

  it('changes offset at the exact second Intl does, and dates the seconds around each change', () => {
    let changes = 0;
    for (const zone of ZONES) {
      const from = Date.UTC(2025, 0, 1);
      let previous = intlOffset(zone, from);
      for (let at = from + 3_600_000; at <= Date.UTC(2027, 0, 1); at += 3_600_000) {
        const offset = intlOffset(zone, at);
        if (offset === previous) continue;
        let [low, high] = [at - 3_600_000, at];
        while (high - low > 1000) {
          const middle = low + Math.floor((high - low) / 2000) * 1000;
          if (intlOffset(zone, middle) === previous) low = middle;
          else high = middle;
        }
        changes += 1;
        for (const ms of [high - 1000, high - 1, high, high + 999, high + 1000]) {
          expect([zone, ms, zoneOffsetMs(ms, zone)]).toEqual([zone, ms, intlOffset(zone, ms)]);
          expect([zone, ms, zonedDateOf(ms, zone)]).toEqual([zone, ms, zonedNow(new Date(ms), zone).date]);
        }
        previous = offset;
      }
    }
    // Berlin, Dublin, New York, St John's, Santiago, São Paulo (none since 2019), Lord Howe, Chatham,
    // Casablanca (Ramadan), Troll, Tehran (none since 2022): enough changes to have been checked.
    expect(changes).toBeGreaterThanOrEqual(30);
  }, 60_000);

  it('dates a local midnight and the millisecond before it apart', () => {
    // 2026-03-29 00:00 in Berlin is 2026-03-28 23:00 UTC (still winter time).
    const midnight = Date.UTC(2026, 2, 28, 23, 0, 0);
    expect(zonedDateOf(midnight - 1, 'Europe/Berlin')).toBe('2026-03-28');
    expect(zonedDateOf(midnight, 'Europe/Berlin')).toBe('2026-03-29');
    // Kathmandu is UTC+5:45.
    expect(zonedDateOf(Date.UTC(2026, 5, 30, 18, 15), 'Asia/Kathmandu')).toBe('2026-07-01');
    expect(zonedDateOf(Date.UTC(2026, 5, 30, 18, 14, 59, 999), 'Asia/Kathmandu')).toBe('2026-06-30');
  });

  it('holds a bounded number of blocks, and an unknown zone is refused as zonedNow refuses it', () => {
    for (const ms of randomInstants(99, 60, Date.UTC(1980, 0, 1), Date.UTC(2100, 0, 1))) {
      zonedDateOf(ms, 'Europe/Paris');
    }
    expect(zoneOffsetBlocksHeld()).toBeLessThanOrEqual(20_000);
    expect(() => zonedDateOf(Date.UTC(2026, 0, 1), 'Mars/Olympus')).toThrow(RangeError);
  }, 60_000);
});
