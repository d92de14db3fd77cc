import { describe, expect, it } from 'vitest';
import { zoneFormatter, zoneFormatterCacheSize, zonedNow } from '../src/dates';

/** Every upper/lower-case spelling of a zone name, up to `limit`. */
function spellings(zone: string, limit: number): string[] {
  const out: string[] = [];
  const letters = [...zone];
  for (let mask = 0; out.length < limit; mask += 1) {
    out.push(letters.map((c, i) => ((mask >> i) & 1 ? c.toUpperCase() : c.toLowerCase())).join(''));
  }
  return out;
}

describe('zone formatter cache (issue 8, finding 6)', () => {
  it('holds one formatter per real zone, however the name is spelt', () => {
    const before = zoneFormatterCacheSize().formatters;
    const variants = spellings('europe/paris', 3000);
    for (const zone of variants) zoneFormatter(zone);
    expect(zoneFormatterCacheSize().formatters - before).toBeLessThanOrEqual(1);
    // The table of spellings is bounded too.
    expect(zoneFormatterCacheSize().spellings).toBeLessThanOrEqual(1000);
    // And every spelling still reads the same wall clock.
    const instant = new Date('2026-07-01T10:00:00Z');
    expect(zonedNow(instant, 'EUROPE/PARIS').time).toBe('12:00');
    expect(zonedNow(instant, 'Europe/Paris').time).toBe('12:00');
  });
});
