/**
 * Measurement reminders (issue 56, decision 331): "blood pressure every morning and evening, weight
 * on Mondays". A reminder is a type's own times of day (the rule a medicine's own times follow,
 * decision 212: 'HH:MM', in the day's order, each once) on every day or on chosen weekdays (the
 * medicine schedule's `weekdays`, 0 = Sunday … 6 = Saturday), in the person's saved zone.
 */
import { addDays } from './dates';
import { weekdayOf } from './dose-schedule';
import { ownTimesIssue } from './own-times';
import { wallClockInstant } from './wall-clock';
import { zonedNow } from './dates';

export interface MeasurementReminderSchedule {
  /** 'HH:MM' ascending and distinct, 1 to 8. */
  times: readonly string[];
  /** The weekdays it is due on (0 = Sunday); null: every day. */
  days: readonly number[] | null;
}

export interface MeasurementOccurrence {
  /** The local date and time it is due at, and that instant. */
  date: string;
  time: string;
  at: number;
}

/**
 * A reading taken this long before a reminder's time answers it (measured a little early, before
 * breakfast as usual): the reminder then says nothing. A reading at or after the time settles it.
 */
export const MEASUREMENT_EARLY_MINUTES = 60;

/** What is wrong with a schedule, in the words the form and the API's 4xx show; null when nothing. */
export function measurementReminderIssue(schedule: MeasurementReminderSchedule): string | null {
  const times = ownTimesIssue(schedule.times);
  if (times)
    return times.replace('A medicine has', 'A reminder has').replace(', or use your usual times', '');
  return measurementDaysIssue(schedule.days);
}

/** What is wrong with a reminder's weekdays (null: every day), or null. */
export function measurementDaysIssue(days: readonly number[] | null): string | null {
  if (days === null) return null;
  if (days.length === 0) return 'Choose at least one day of the week.';
  if (days.some((d) => !Number.isInteger(d) || d < 0 || d > 6))
    return 'Days of the week are 0 (Sunday) to 6 (Saturday).';
  if (new Set(days).size !== days.length) return 'Each day of the week once.';
  return null;
}

/** Whether the schedule is due on a local date. */
export function isMeasurementDay(schedule: MeasurementReminderSchedule, date: string): boolean {
  return schedule.days === null || schedule.days.includes(weekdayOf(date));
}

/** The schedule's first occurrence strictly after `afterMs`, or null when it has none (no days). */
export function nextMeasurementAfter(
  schedule: MeasurementReminderSchedule,
  afterMs: number,
  timeZone: string,
): MeasurementOccurrence | null {
  if (schedule.times.length === 0 || schedule.days?.length === 0) return null;
  // From the day before (a zone's date may lag the instant's), at most eight days on.
  const start = addDays(zonedNow(new Date(afterMs), timeZone).date, -1);
  for (let day = 0; day <= 9; day++) {
    const date = addDays(start, day);
    if (!isMeasurementDay(schedule, date)) continue;
    for (const time of schedule.times) {
      const at = wallClockInstant(date, time, timeZone);
      if (at > afterMs) return { date, time, at };
    }
  }
  return null;
}

/** The schedule's latest occurrence at or before `nowMs` within the last eight days, or null. */
export function latestMeasurementDue(
  schedule: MeasurementReminderSchedule,
  nowMs: number,
  timeZone: string,
): MeasurementOccurrence | null {
  const today = zonedNow(new Date(nowMs), timeZone).date;
  for (let day = 1; day >= -8; day--) {
    const date = addDays(today, day);
    if (!isMeasurementDay(schedule, date)) continue;
    for (const time of [...schedule.times].reverse()) {
      const at = wallClockInstant(date, time, timeZone);
      if (at <= nowMs) return { date, time, at };
    }
  }
  return null;
}

/**
 * Whether a reading of the type taken at `lastReadingAt` answers the occurrence due at `dueAt`: one
 * taken from an hour before it on. The engine (no reminder, no follow-up) and the reminder's page
 * ("Recorded") judge by this one rule.
 */
export function measurementSettled(dueAt: number, lastReadingAt: number | null | undefined): boolean {
  return lastReadingAt != null && lastReadingAt >= dueAt - MEASUREMENT_EARLY_MINUTES * 60_000;
}
