import { durationText } from './dose-slots';

/**
 * The safety limits of an as-needed (PRN) medicine: at most `maxPer24h` intakes in any rolling 24
 * hours, and at least `minIntervalMinutes` after the previous one. Judged on instants, so midnight
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
      /** The first instant (ms) at which both limits allow an intake. */
      allowedAt: number;
    };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Whether an intake at `at` keeps to the limits, given the intakes already logged (ms instants). */
export function checkAsNeeded(
  intakes: readonly number[],
  at: number,
  limits: AsNeededLimits,
): AsNeededVerdict {
  const earlier = intakes.filter((t) => t <= at).sort((a, b) => a - b);
  const reasons: ('maxPer24h' | 'minInterval')[] = [];
  let allowedAt = at;
  if (limits.maxPer24h !== null) {
    const inWindow = earlier.filter((t) => t > at - DAY_MS);
    if (inWindow.length >= limits.maxPer24h) {
      reasons.push('maxPer24h');
      // The window must lose enough intakes to leave room for one more.
      const mustLeave = inWindow[inWindow.length - limits.maxPer24h]!;
      allowedAt = Math.max(allowedAt, mustLeave + DAY_MS);
    }
  }
  const last = earlier[earlier.length - 1];
  if (limits.minIntervalMinutes !== null && last !== undefined) {
    const next = last + limits.minIntervalMinutes * MINUTE_MS;
    if (next > at) {
      reasons.push('minInterval');
      allowedAt = Math.max(allowedAt, next);
    }
  }
  return reasons.length === 0 ? { allowed: true } : { allowed: false, reasons, allowedAt };
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
