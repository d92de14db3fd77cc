import { formatTime12h, zonedNow } from './dates';
import { durationText } from './dose-slots';

/**
 * The safety limits of an as-needed (PRN) medicine: at most `maxPer24h` intakes in any rolling 24
 * hours, and at least `minIntervalMinutes` between any two intakes. Judged on instants, so midnight
 * and clock changes play no part.
 */
export interface AsNeededLimits {
  maxPer24h: number | null;
  minIntervalMinutes: number | null;
}

export type AsNeededVerdict =
  | { allowed: true }
  | {
      allowed: false;
      reasons: ('maxPer24h' | 'minInterval')[];
      /** The first instant (ms) from `at` on at which both limits allow an intake. */
      allowedAt: number;
    };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Whether an intake at `at` keeps to the limits, given the intakes already logged (ms instants), on
 * BOTH sides of `at` (decision 180): an intake recorded late (an offline press, a "taken at" in the
 * past) is judged against the intakes after it as well as before, so back-dating cannot pass a
 * limit. Minimum interval: every other intake at least the interval away, before or after. Maximum:
 * every 24-hour window that holds `at` holds at most `maxPer24h` intakes, this one included.
 */
export function checkAsNeeded(
  intakes: readonly number[],
  at: number,
  limits: AsNeededLimits,
): AsNeededVerdict {
  const sorted = [...intakes].sort((a, b) => a - b);
  const reasons = limitsPassed(sorted, at, limits);
  if (reasons.length === 0) return { allowed: true };
  // The first allowed instant from `at` on is `at` itself or where some intake stops counting: an
  // interval or 24 hours after it. Later intakes can refuse a candidate too, so each is checked.
  const interval = (limits.minIntervalMinutes ?? 0) * MINUTE_MS;
  const candidates = sorted
    .flatMap((t) => [t + interval, t + DAY_MS])
    .filter((c) => c > at)
    .sort((a, b) => a - b);
  const allowedAt = candidates.find((c) => limitsPassed(sorted, c, limits).length === 0);
  // Past the last intake by a day and an interval nothing can refuse: the find always succeeds.
  return { allowed: false, reasons, allowedAt: allowedAt ?? at };
}

/** The limits an intake at `at` would pass; `sorted`: the other intakes, ascending. */
function limitsPassed(
  sorted: readonly number[],
  at: number,
  limits: AsNeededLimits,
): ('maxPer24h' | 'minInterval')[] {
  const reasons: ('maxPer24h' | 'minInterval')[] = [];
  if (limits.maxPer24h !== null && busiestDayAround(sorted, at) + 1 > limits.maxPer24h) {
    reasons.push('maxPer24h');
  }
  const interval = (limits.minIntervalMinutes ?? 0) * MINUTE_MS;
  if (limits.minIntervalMinutes !== null && sorted.some((t) => Math.abs(t - at) < interval)) {
    reasons.push('minInterval');
  }
  return reasons;
}

/**
 * The most other intakes one 24-hour window holding `at` holds: two intakes share a window when
 * less than 24 hours apart. The busiest window starts at `at` or at an intake before it.
 */
function busiestDayAround(sorted: readonly number[], at: number): number {
  const near = sorted.filter((t) => Math.abs(t - at) < DAY_MS);
  const starts = [at, ...near.filter((t) => t <= at)];
  return Math.max(...starts.map((start) => near.filter((t) => t >= start && t < start + DAY_MS).length));
}

/** The refusal in plain words; `when` is the allowed time as the user reads it. */
export function asNeededRefusal(
  name: string,
  verdict: Extract<AsNeededVerdict, { allowed: false }>,
  limits: AsNeededLimits,
  when: string,
): string {
  const why = verdict.reasons.map((reason) =>
    reason === 'maxPer24h'
      ? `at most ${limits.maxPer24h} in 24 hours`
      : `at least ${durationText(limits.minIntervalMinutes ?? 0)} apart`,
  );
  return `${name} is limited to ${why.join(' and ')}. The next dose is allowed at ${when}.`;
}

/**
 * When a refused dose becomes allowed, as the refusal says it: '3:15 PM on 2026-11-24' in the saved
 * zone. The server's 409 and the dashboard's warning before sending (decision 218) use it alike.
 */
export function allowedAtText(instant: number, timeZone: string): string {
  const local = zonedNow(new Date(instant), timeZone);
  return `${formatTime12h(local.time)} on ${local.date}`;
}
