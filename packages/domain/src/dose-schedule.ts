import { addDays, daysBetween } from './dates';
import { parseFrequency } from './frequency';
import type { OwnTimesField } from './own-times';
import { type StoppableMedicine, isCourseActiveOn, isStoppedOn } from './schedule';

/**
 * How a medicine is taken beyond the spec's daily flags (issue 13, decision 120). Absent (null)
 * means the spec's rule: every day, one dose per frequency flag at the default reminder times.
 * 'weekdays', 'cycle' and 'taper' keep those slot doses and only choose the days; 'interval' and
 * 'asNeeded' have no slot doses (their stored frequency is '0').
 */
export type DoseSchedule =
  | { kind: 'daily' }
  /** Every `everyHours` real hours from `startTime` on the start date (DST does not bend it). */
  | { kind: 'interval'; everyHours: number; startTime: string }
  /** Days of the week, 0 = Sunday … 6 = Saturday (the spec's locale starts weeks on Sunday). */
  | { kind: 'weekdays'; days: number[] }
  /** `daysOn` days with doses, then `daysOff` without, repeating from the start date. */
  | { kind: 'cycle'; daysOn: number; daysOff: number }
  /** Steps one after the other from the start date; the course ends with the last step. */
  | { kind: 'taper'; steps: TaperStep[] }
  /** Never due, never reminded; each intake is logged with its time. */
  | { kind: 'asNeeded'; maxPer24h: number | null; minIntervalMinutes: number | null };

export interface TaperStep {
  days: number;
  /** What to take in this step, e.g. '30 mg'. */
  dose: string;
  pillsPerDose: number;
}

export type ScheduleKind = DoseSchedule['kind'];

/**
 * The schedule fields the rules read; `schedule` absent or null is the spec's daily rule, `doseTimes`
 * absent or null the user's default times (decision 212).
 */
export interface ScheduledMedicineFields extends OwnTimesField, StoppableMedicine {
  frequency: string;
  startDate: string;
  originalDurationDays: number;
  schedule?: DoseSchedule | null | undefined;
  /**
   * When the medicine was added (decision 187): on its start date no dose is due before it. Absent
   * for a form still being filled in.
   */
  createdAt?: Date | string | null | undefined;
}

/** The schedule fields plus the medicine's own pills per dose (every kind but a taper uses it). */
export type PilledMedicineFields = ScheduledMedicineFields & { pillsPerDose: number };

/** Kinds whose doses are the frequency's slots at the default reminder times. */
export function usesSlots(schedule: DoseSchedule | null | undefined): boolean {
  return !schedule || kindUsesSlots(schedule.kind);
}

export function kindUsesSlots(kind: ScheduleKind): boolean {
  return kind !== 'interval' && kind !== 'asNeeded';
}

/**
 * Decision 196: hours between every-N-hours doses, from 1 to 48 in quarter hours (every 2 h, every
 * 1.5 h). A quarter hour keeps every dose on a whole minute, which the reminders are timed in.
 */
export const INTERVAL_HOURS = { min: 1, max: 48, step: 0.25 } as const;
/**
 * The most doses one day can hold: every hour (the shortest interval) on a 25-hour day, when the
 * clocks go back. Bounds a dose's slot index in the API (a slot-based day has at most 8).
 */
export const MAX_DAY_DOSES = Math.ceil(25 / INTERVAL_HOURS.min);
/** The frequency stored for kinds without slot doses: one slot, never taken (no dose, no reminder). */
export const NO_SLOT_FREQUENCY = '0';

/** Total days of a taper plan. */
export function taperDays(steps: readonly TaperStep[]): number {
  return steps.reduce((sum, step) => sum + step.days, 0);
}

/** The taper step that runs on `date`, or null before the start and after the last step. */
export function taperStepOn(
  steps: readonly TaperStep[],
  startDate: string,
  date: string,
): (TaperStep & { index: number }) | null {
  let offset = daysBetween(startDate, date);
  if (offset < 0) return null;
  for (const [index, step] of steps.entries()) {
    if (offset < step.days) return { ...step, index };
    offset -= step.days;
  }
  return null;
}

/** Doses taken on one date (a dose record's taken count). */
export interface TakenOnDate {
  date: string;
  count: number;
}

/**
 * Pills a taper's taken doses used: each dose counts its date's step's pills. Doses outside the
 * plan (the steps were edited after they were taken) count at the nearest step's, the first or the
 * last, as `taperDaysLeft` counts pills beyond the plan. With `latestDoses`, only that many doses
 * count, the latest dates first: the refill snapshot is a number of doses (decision 007), and the
 * doses taken since it are the latest ones.
 */
export function pillsTakenByTaper(
  steps: readonly TaperStep[],
  startDate: string,
  taken: readonly TakenOnDate[],
  latestDoses = Number.POSITIVE_INFINITY,
): number {
  let left = latestDoses;
  let pills = 0;
  for (const day of [...taken].sort((a, b) => b.date.localeCompare(a.date))) {
    if (left <= 0) break;
    const doses = Math.min(Math.max(day.count, 0), left);
    pills += doses * taperPillsOn(steps, startDate, day.date);
    left -= doses;
  }
  return pills;
}

/**
 * Pills one dose on `date` takes (decision 186): a taper's step's, else the medicine's. The one rule
 * the form's course total, the supply, the dashboard, the reports and every export read.
 */
export function pillsPerDoseOn(medicine: PilledMedicineFields, date: string): number {
  const schedule = medicine.schedule;
  if (schedule?.kind !== 'taper') return medicine.pillsPerDose;
  return taperPillsOn(schedule.steps, medicine.startDate, date);
}

/** Pills per dose of the step on `date`; the first step's before the plan, the last's after it. */
function taperPillsOn(steps: readonly TaperStep[], startDate: string, date: string): number {
  const step = taperStepOn(steps, startDate, date);
  if (step) return step.pillsPerDose;
  const edge = date < startDate ? steps[0] : steps[steps.length - 1];
  return edge?.pillsPerDose ?? 0;
}

/** 0 = Sunday … 6 = Saturday of a calendar date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * Whether the medicine's course runs on `date` and its schedule has doses that day. As-needed
 * medicines never have a due day: a dose not taken is never "missed".
 */
export function isDoseDay(medicine: ScheduledMedicineFields, date: string): boolean {
  const schedule = medicine.schedule;
  // An every-N-hours course is counted in doses from its first (decision 188): its last dose can
  // fall on the day after the course's last calendar day; intervalDosesOn cuts at the last dose.
  if (schedule?.kind === 'interval') {
    if (isStoppedOn(medicine, date)) return false;
    return date >= medicine.startDate && date <= addDays(medicine.startDate, medicine.originalDurationDays);
  }
  if (!isCourseActiveOn(medicine, date)) return false;
  if (!schedule) return true;
  switch (schedule.kind) {
    case 'daily':
      return true;
    case 'weekdays':
      return schedule.days.includes(weekdayOf(date));
    case 'cycle': {
      const period = schedule.daysOn + schedule.daysOff;
      return daysBetween(medicine.startDate, date) % period < schedule.daysOn;
    }
    case 'taper':
      return taperStepOn(schedule.steps, medicine.startDate, date) !== null;
    case 'asNeeded':
      return false;
  }
}

/** The frequency's flags on `date`: all 0 on a day without doses (same length, so slots keep their index). */
export function slotFlagsOn(medicine: ScheduledMedicineFields, date: string): number[] {
  const flags = parseFrequency(medicine.frequency);
  if (!usesSlots(medicine.schedule)) return flags.map(() => 0);
  return isDoseDay(medicine, date) ? flags : flags.map(() => 0);
}

/**
 * Average doses a day over the schedule's period, for the supply estimate: a Monday-only medicine
 * lasts seven times as long as a daily one. As-needed counts the most it may be taken (or one a
 * day without a maximum), so its estimate errs towards refilling early.
 */
export function averageDosesPerDay(medicine: ScheduledMedicineFields): number {
  const perDoseDay = parseFrequency(medicine.frequency).filter((f) => f === 1).length;
  const schedule = medicine.schedule;
  if (!schedule) return perDoseDay;
  switch (schedule.kind) {
    case 'daily':
    case 'taper':
      return perDoseDay;
    case 'interval':
      return 24 / schedule.everyHours;
    case 'weekdays':
      return (perDoseDay * new Set(schedule.days).size) / 7;
    case 'cycle':
      return (perDoseDay * schedule.daysOn) / (schedule.daysOn + schedule.daysOff);
    case 'asNeeded':
      return schedule.maxPer24h ?? 1;
  }
}

/** Average pills a day: a taper weighs each step's pills per dose by its days. */
export function averagePillsPerDay(medicine: ScheduledMedicineFields & { pillsPerDose: number }): number {
  const schedule = medicine.schedule;
  const doses = averageDosesPerDay(medicine);
  if (schedule?.kind !== 'taper') return doses * medicine.pillsPerDose;
  const days = taperDays(schedule.steps);
  const pills = schedule.steps.reduce((sum, s) => sum + s.days * s.pillsPerDose, 0);
  return days > 0 ? (doses * pills) / days : 0;
}

/**
 * Doses of an every-N-hours course of `days` days (decision 188): the course runs `days` × 24 real
 * hours from its first dose, so every 8 hours for 7 days is 21 doses whatever the start time.
 */
export function intervalCourseDoses(everyHours: number, days: number): number {
  return everyHours > 0 ? Math.ceil((Math.max(days, 0) * 24) / everyHours) : 0;
}

/** Doses of the whole course by the schedule's rule (as-needed: the most it may be taken). */
export function courseDoses(medicine: ScheduledMedicineFields): number {
  const schedule = medicine.schedule;
  const days = medicine.originalDurationDays;
  if (schedule?.kind === 'interval') return intervalCourseDoses(schedule.everyHours, days);
  return Math.round(averageDosesPerDay(medicine) * days);
}

/**
 * Pills for the whole course (decision 186): each dose counts its date's pills per dose, so a taper
 * of 8, 6 and 4 pills for 3 days each needs 54, not one pill a dose.
 */
export function coursePills(medicine: PilledMedicineFields): number {
  const schedule = medicine.schedule;
  if (schedule?.kind !== 'taper') return courseDoses(medicine) * medicine.pillsPerDose;
  const perDay = parseFrequency(medicine.frequency).filter((f) => f === 1).length;
  return schedule.steps.reduce((sum, step) => sum + step.days * step.pillsPerDose * perDay, 0);
}

/** The course length a schedule implies: a taper ends with its last step. */
export function scheduledCourseDays(schedule: DoseSchedule | null | undefined, given: number): number {
  return schedule?.kind === 'taper' ? taperDays(schedule.steps) : given;
}

/**
 * Days a taper's supply lasts from `today`: the plan is walked day by day, each day taking its
 * step's pills; pills that outlast the plan are counted at the last step's rate (the spec's
 * pills ÷ pills-a-day), so a supply that covers the course is never flagged as running low.
 * Today's doses already taken (`takenToday`) need no pills again (decision 186): they were taken
 * out of the supply when they were ticked, and a today with no dose left to take is not a day the
 * pills still have to cover (the spec's pills ÷ pills-a-day counts the days after it).
 */
export function taperDaysLeft(
  medicine: ScheduledMedicineFields & { schedule: Extract<DoseSchedule, { kind: 'taper' }> },
  today: string,
  pillsLeft: number,
  takenToday = 0,
): number {
  const doses = parseFrequency(medicine.frequency).filter((f) => f === 1).length;
  const steps = medicine.schedule.steps;
  let pills = pillsLeft;
  let days = 0;
  for (let date = today > medicine.startDate ? today : medicine.startDate; ; date = addDays(date, 1)) {
    const step = taperStepOn(steps, medicine.startDate, date);
    if (!step) break;
    const dosesLeft = date === today ? Math.max(doses - takenToday, 0) : doses;
    if (dosesLeft === 0 && doses > 0) continue;
    const need = step.pillsPerDose * dosesLeft;
    if (pills < need) return days;
    pills -= need;
    days += 1;
  }
  const lastPerDay = (steps[steps.length - 1]?.pillsPerDose ?? 0) * doses;
  return lastPerDay > 0 ? days + Math.floor(pills / lastPerDay) : days;
}
