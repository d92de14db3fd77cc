import type { SkippableDay } from './dose-skips';
import { daysBetween, maxDate, minDate } from './dates';
import { type AdherenceMedicine, doseCells, sumCells, takenNumbers } from './dose-cells';
import { isSlotAvailable } from './dose-slots';
import { slotFlagsOn } from './dose-schedule';
import { dosesInFrequency } from './frequency';
import { slotTimesOf } from './own-times';
import { lastCourseDay } from './schedule';

export type { AdherenceMedicine } from './dose-cells';

/**
 * Doses due for one medicine from `from` to `to` inclusive: sum of frequency digits × days the
 * course runs in that range. The course ends on startDate + originalDurationDays − 1. Callers pass
 * "up to today" as `to`, so future days of the month never count as missed.
 */
export function expectedDoses(medicine: AdherenceMedicine, from: string, to: string): number {
  const first = maxDate(medicine.startDate, from);
  const last = minDate(lastCourseDay(medicine), to);
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
  return takenNumbers(taken).reduce((sum, value) => sum + value, 0);
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

export interface MonthReportInput {
  medicine: AdherenceMedicine;
  /** Each day's flags, with its skips where the answer has them (decision 225). */
  history: readonly ({ date: string; taken: string } & Omit<SkippableDay, 'taken'>)[];
}

export interface MonthReportFigures {
  adherenceRate: number | null;
  /** null when nothing is due yet (the report shows '-'). Not the doses skipped on purpose (225). */
  missedDoses: number | null;
  expectedDoses: number;
  takenDoses: number;
}

/**
 * Doses of `today` whose slot time has been reached: a dose later today is not yet due, so it is
 * neither expected nor missed.
 */
export function dosesDueSoFarToday(
  medicine: AdherenceMedicine,
  today: string,
  nowMinutes: number,
  defaultReminderTimes: readonly string[],
): number {
  const times = slotTimesOf(medicine, defaultReminderTimes);
  return slotFlagsOn(medicine, today).filter((flag, slot) => {
    const time = times[slot];
    return flag === 1 && time !== undefined && isSlotAvailable(time, nowMinutes);
  }).length;
}

/**
 * The month's report up to now: every dose due from the month start (or the course start) to
 * yesterday, plus today's doses whose time has come, against the doses taken in that span. Future
 * days of the month never count as missed (the original app counted them). A medicine's taken count
 * is capped at its due count so extra ticks of one medicine cannot hide the misses of another.
 */
export function monthReportUpToNow(
  items: readonly MonthReportInput[],
  options: { monthStart: string; today: string; nowMinutes: number; defaultReminderTimes: readonly string[] },
): MonthReportFigures {
  let expected = 0;
  let taken = 0;
  let skipped = 0;
  // Counted from the dose cells (decision 100), the primitive the Reports charts share.
  for (const { medicine, history } of items) {
    const cells = doseCells(medicine, history, { ...options, from: options.monthStart, to: options.today });
    const figures = sumCells(cells);
    expected += figures.due;
    taken += figures.taken;
    skipped += cells.filter((cell) => cell.skipped).length;
  }
  const rate = adherenceRate(taken, expected);
  return {
    adherenceRate: rate,
    missedDoses: rate === null ? null : Math.max(0, missedDoses(taken, expected) - skipped),
    expectedDoses: expected,
    takenDoses: taken,
  };
}
