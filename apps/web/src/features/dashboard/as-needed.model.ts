import { plural, t } from '@lingui/core/macro';
import type { AsNeededIntake } from '@medrem/contract';
import { type AsNeededLimits, type AsNeededVerdict, addDays, checkAsNeeded, zonedNow } from '@medrem/domain';
import { formatDateTime, formatTimeOfDay } from '../../i18n/intl-formats';

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
 * What the server would answer a dose taken at `at` (decision 218): its refusal, word for word in
 * English (the domain's `checkAsNeeded` on both sides of `at`, decision 180, and `asNeededRefusal`,
 * said in the page's language by `refusalText`), or null
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
    : refusalText(name, verdict, limits, allowedAtWords(verdict.allowedAt, timeZone));
}

/** A number of minutes in words: '6 hours', '1 hour 30 minutes', '45 minutes' (the domain's durationText). */
export function durationWords(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const hoursText = plural(hours, { one: '# hour', other: '# hours' });
  const minutesText = plural(minutes, { one: '# minute', other: '# minutes' });
  if (hours === 0) return minutesText;
  if (minutes === 0) return hoursText;
  return t({ message: `${hoursText} ${minutesText}`, comment: 'A length of time: "1 hour 30 minutes"' });
}

/** The domain's asNeededRefusal in the page's language: one sentence per set of limits passed. */
function refusalText(
  name: string,
  verdict: Extract<AsNeededVerdict, { allowed: false }>,
  limits: AsNeededLimits,
  when: string,
): string {
  const max = limits.maxPer24h ?? 0;
  const apart = durationWords(limits.minIntervalMinutes ?? 0);
  const passedMax = verdict.reasons.includes('maxPer24h');
  if (passedMax && verdict.reasons.includes('minInterval')) {
    return t`${name} is limited to ${plural(max, { one: 'at most # in 24 hours', other: 'at most # in 24 hours' })} and at least ${apart} apart. The next dose is allowed at ${when}.`;
  }
  return passedMax
    ? t`${name} is limited to ${plural(max, { one: 'at most # in 24 hours', other: 'at most # in 24 hours' })}. The next dose is allowed at ${when}.`
    : t`${name} is limited to at least ${apart} apart. The next dose is allowed at ${when}.`;
}

/** '3:15 PM on 2026-11-24' in the saved zone, as the domain's allowedAtText writes it in English. */
export function allowedAtWords(instant: number, timeZone: string): string {
  const local = zonedNow(new Date(instant), timeZone);
  const time = formatTimeOfDay(local.time);
  // Noon UTC: the calendar date itself; English keeps the ISO date ('en-CA' writes 2026-11-24).
  const date = formatDateTime(
    new Date(`${local.date}T12:00:00Z`),
    { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' },
    'en-CA',
  );
  return t({
    message: `${time} on ${date}`,
    comment: 'When a dose is allowed again: "3:15 PM on 2026-11-24"',
  });
}
