import { daysBetween, maxDate, minDate } from './dates';
import { dosesInFrequency } from './frequency';
import { courseEndDate } from './schedule';

export interface AdherenceMedicine {
  frequency: string;
  startDate: string;
  originalDurationDays: number;
}

/**
 * Doses due for one medicine from `from` to `to` inclusive: sum of frequency digits × days the
 * course runs in that range. The course ends on startDate + originalDurationDays − 1. Callers pass
 * "up to today" as `to`, so future days of the month never count as missed.
 */
export function expectedDoses(medicine: AdherenceMedicine, from: string, to: string): number {
  const first = maxDate(medicine.startDate, from);
  const last = minDate(courseEndDate(medicine.startDate, medicine.originalDurationDays), to);
  if (last < first) return 0;
  return dosesInFrequency(medicine.frequency) * (daysBetween(first, last) + 1);
}

/**
 * Doses taken in a list of taken entries. Spec (section 7): the sum of the numbers in the entries,
 * each entry being numbers joined by dashes (doses taken per slot), so '2-0-1' counts 3.
 */
export function takenDoses(history: readonly { taken: string }[]): number {
  return history.reduce((sum, entry) => sum + sumTakenNumbers(entry.taken), 0);
}

function sumTakenNumbers(taken: string | null | undefined): number {
  return (taken ?? '').split('-').reduce((sum, part) => {
    const value = /^\d+$/.test(part.trim()) ? Number(part.trim()) : 0;
    return sum + value;
  }, 0);
}

/** Rounded percentage taken/expected, or null when nothing is expected. */
export function adherenceRate(taken: number, expected: number): number | null {
  if (expected <= 0) return null;
  return Math.round((Math.min(taken, expected) / expected) * 100);
}

/** Missed = expected − taken, never negative. */
export function missedDoses(taken: number, expected: number): number {
  return Math.max(expected - taken, 0);
}

export interface MonthReport {
  adherenceRate: number | null;
  missedDoses: number;
  expectedDoses: number;
  takenDoses: number;
}

/**
 * The month report over several medicines. Only doses due up to `today` count; taken entries
 * after today (impossible through the API) are ignored.
 */
export function monthReport(
  items: readonly { medicine: AdherenceMedicine; history: readonly { date: string; taken: string }[] }[],
  monthStart: string,
  today: string,
): MonthReport {
  let expected = 0;
  let taken = 0;
  for (const { medicine, history } of items) {
    expected += expectedDoses(medicine, monthStart, today);
    const inRange = history.filter((h) => h.date >= monthStart && h.date <= today);
    taken += Math.min(takenDoses(inRange), expectedDoses(medicine, monthStart, today));
  }
  return {
    adherenceRate: adherenceRate(taken, expected),
    missedDoses: missedDoses(taken, expected),
    expectedDoses: expected,
    takenDoses: taken,
  };
}
