import { addDays } from './dates';
import { dosesInFrequency, parseFrequency } from './frequency';

/**
 * Flag i of a frequency is dose slot i, whose time is the user's default reminder time i.
 * A flag of 1 yields that time; a flag beyond the last default time yields nothing.
 */
export function deriveScheduledTimes(frequency: string, defaultReminderTimes: readonly string[]): string[] {
  const times: string[] = [];
  parseFrequency(frequency).forEach((flag, slot) => {
    const time = defaultReminderTimes[slot];
    if (flag === 1 && time) times.push(time);
  });
  return times;
}

/** Slots whose flag is 1 but for which no default reminder time exists. */
export function slotsWithoutTime(frequency: string, defaultReminderTimes: readonly string[]): number[] {
  return parseFrequency(frequency).flatMap((flag, slot) =>
    flag === 1 && !defaultReminderTimes[slot] ? [slot] : [],
  );
}

export interface DerivedMedicineFigures {
  scheduledTimes: string[];
  dosesPerDay: number;
  originalTotalPills: number;
}

/**
 * The figures the spec derives from the form: scheduled times from the frequency,
 * dosesPerDay = count of scheduled times, originalTotalPills = sum of frequency digits × originalDurationDays.
 */
export function deriveMedicineFigures(input: {
  frequency: string;
  originalDurationDays: number;
  defaultReminderTimes: readonly string[];
}): DerivedMedicineFigures {
  const scheduledTimes = deriveScheduledTimes(input.frequency, input.defaultReminderTimes);
  return {
    scheduledTimes,
    dosesPerDay: scheduledTimes.length,
    originalTotalPills: dosesInFrequency(input.frequency) * input.originalDurationDays,
  };
}

/** Last day of the course: startDate + originalDurationDays − 1. */
export function courseEndDate(startDate: string, originalDurationDays: number): string {
  return addDays(startDate, Math.max(originalDurationDays, 1) - 1);
}

/** A medicine's stop (decision 313): from `stoppedOn` on, it has no dose; null or absent, none. */
export interface StoppableMedicine {
  stoppedOn?: string | null | undefined;
}

/** True when the medicine is stopped on `date`: its stop date reached (decision 313). */
export function isStoppedOn(medicine: StoppableMedicine, date: string): boolean {
  return medicine.stoppedOn != null && date >= medicine.stoppedOn;
}

/**
 * The last day the medicine's course has doses: its course's end, or the day before its stop
 * (decision 313), whichever comes first. The one end every "is it still taken" check reads.
 */
export function lastCourseDay(
  medicine: { startDate: string; originalDurationDays: number } & StoppableMedicine,
): string {
  const end = courseEndDate(medicine.startDate, medicine.originalDurationDays);
  if (medicine.stoppedOn == null) return end;
  const beforeStop = addDays(medicine.stoppedOn, -1);
  return beforeStop < end ? beforeStop : end;
}

/** True when the course runs on `date` (start reached, end not passed, not stopped). */
export function isCourseActiveOn(
  medicine: { startDate: string; originalDurationDays: number } & StoppableMedicine,
  date: string,
): boolean {
  return date >= medicine.startDate && date <= lastCourseDay(medicine);
}
