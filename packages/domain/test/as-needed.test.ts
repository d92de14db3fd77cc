import { describe, expect, it } from 'vitest';
import { allowedAtText, checkAsNeeded } from '../src/as-needed';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

// Decision 180: an intake is judged against the intakes on both sides of its time, so a dose
// recorded late ("taken at" in the past, an offline press) cannot pass a limit.
describe('as-needed limits on both sides of an intake', () => {
  const now = at('2026-11-02T12:00:00Z');

  it('refuses a back-dated dose within the minimum interval of a later one', () => {
    const limits = { maxPer24h: null, minIntervalMinutes: 120 };
    const verdict = checkAsNeeded([now], now - 30 * 60_000, limits);
    expect(verdict).toMatchObject({ allowed: false, reasons: ['minInterval'] });
    // The first allowed instant from the requested time on: two hours after the later dose.
    expect(verdict.allowed === false && verdict.allowedAt).toBe(now + 2 * HOUR);
    expect(checkAsNeeded([now], now - 2 * HOUR, limits)).toEqual({ allowed: true });
  });

  it('refuses a third dose in 24 hours wherever it falls among the others', () => {
    const limits = { maxPer24h: 2, minIntervalMinutes: null };
    expect(checkAsNeeded([now, now - HOUR], now - 2 * HOUR, limits).allowed).toBe(false);
    expect(checkAsNeeded([now, now - 2 * HOUR], now - HOUR, limits).allowed).toBe(false);
    expect(checkAsNeeded([now - HOUR, now - 2 * HOUR], now, limits).allowed).toBe(false);
  });

  it('allows a dose whose every 24-hour window keeps to the maximum', () => {
    const limits = { maxPer24h: 2, minIntervalMinutes: null };
    // 30 h apart: a dose 15 h after the first and 15 h before the second shares a window with each,
    // never with both.
    const taken = [now - 30 * HOUR, now];
    expect(checkAsNeeded(taken, now - 15 * HOUR, limits)).toEqual({ allowed: true });
    // 20 h apart: a dose between them makes three in one window.
    const verdict = checkAsNeeded([now - 20 * HOUR, now], now - 10 * HOUR, limits);
    expect(verdict).toMatchObject({ allowed: false, reasons: ['maxPer24h'] });
    // Allowed from 4 h after the later dose: then the earlier one is a full day away.
    expect(verdict.allowed === false && verdict.allowedAt).toBe(now + 4 * HOUR);
  });
});

describe('allowedAtText (decision 218: the server and the dashboard say it alike)', () => {
  it('reads the instant in the saved zone, with its date', () => {
    const at = Date.parse('2026-11-24T14:15:00Z');
    expect(allowedAtText(at, 'UTC')).toBe('2:15 PM on 2026-11-24');
    expect(allowedAtText(at, 'Pacific/Auckland')).toBe('3:15 AM on 2026-11-25');
  });
});
