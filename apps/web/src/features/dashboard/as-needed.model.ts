import type { AsNeededIntake } from '@medrem/contract';
import {
  type AsNeededLimits,
  addDays,
  allowedAtText,
  asNeededRefusal,
  checkAsNeeded,
  zonedNow,
} from '@medrem/domain';

/**
 * The days of the log the dashboard reads (decision 218): today and the two before it, since the
 * limits reach 24 hours (the maximum) and up to 48 hours (the minimum interval) before a dose.
 */
export function asNeededLogRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -2), to: today };
}

/** The intakes of `today` in the saved zone, of a log that also holds the days before. */
export function intakesOn(
  intakes: readonly AsNeededIntake[],
  today: string,
  timeZone: string,
): AsNeededIntake[] {
  return intakes.filter((i) => zonedNow(new Date(i.takenAt), timeZone).date === today);
}

/**
 * What the server would answer a dose taken at `at` (decision 218): its refusal, word for word
 * (the domain's `checkAsNeeded` on both sides of `at`, decision 180, and `asNeededRefusal`), or null
 * when the limits allow it. Judged before sending, so the reason and the time the next dose is
 * allowed show offline too; the server, which knows every device's intakes, still decides.
 */
export function asNeededWarning(
  name: string,
  intakes: readonly AsNeededIntake[],
  at: number,
  limits: AsNeededLimits,
  timeZone: string,
): string | null {
  const verdict = checkAsNeeded(
    intakes.map((i) => Date.parse(i.takenAt)),
    at,
    limits,
  );
  return verdict.allowed
    ? null
    : asNeededRefusal(name, verdict, limits, allowedAtText(verdict.allowedAt, timeZone));
}
