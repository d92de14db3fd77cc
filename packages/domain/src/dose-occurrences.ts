import { addDays, minutesOfDay, zonedNow } from './dates';
import {
  type ScheduledMedicineFields,
  intervalCourseDoses,
  isDoseDay,
  slotFlagsOn,
  taperStepOn,
  usesSlots,
} from './dose-schedule';
import { lastCourseDay } from './schedule';
import { hasOwnTimes, slotTimesOf } from './own-times';
import { wallClockInstant, zoneOffsetMinutes } from './wall-clock';

const HOUR_MS = 3_600_000;

/**
 * One dose of one day: its slot (index into the day's taken flags), local time and instant. The
 * instant is the dose's own (decision 188): in a fall-back overlap two doses can read the same wall
 * time, so nothing may re-derive it from the date and time.
 */
export interface DayDose {
  slot: number;
  /** 'HH:MM' in the saved zone. */
  time: string;
  /** The dose's instant (ms). */
  at: number;
  /** Every-N-hours doses only: whether a clock change moved its wall time. */
  clockChanged?: boolean;
  /**
   * Its time came before the medicine was added on its start date (decision 187): not due, never
   * missed nor reminded; a tick still records it.
   */
  beforeAdded?: true;
  /** Tapers only: what to take in the day's step. */
  dose?: string;
  pillsPerDose?: number;
}

export interface ScheduleContext {
  timeZone: string;
  defaultReminderTimes: readonly string[];
}

/**
 * The instant the medicine was added when that was on its start date in `timeZone`, else null
 * (decision 187): a course started on an earlier date was declared by the user, its doses theirs
 * to record; one starting today starts when it was added.
 */
export function addedOnStartDate(medicine: ScheduledMedicineFields, timeZone: string): number | null {
  if (!medicine.createdAt) return null;
  const added = new Date(medicine.createdAt).getTime();
  if (!Number.isFinite(added)) return null;
  return zonedNow(new Date(added), timeZone).date === medicine.startDate ? added : null;
}

/** Marks the doses of `date` whose instant came before the medicine was added. */
function markBeforeAdded(
  medicine: ScheduledMedicineFields,
  date: string,
  timeZone: string,
  doses: DayDose[],
): DayDose[] {
  if (date !== medicine.startDate) return doses;
  const added = addedOnStartDate(medicine, timeZone);
  if (added === null) return doses;
  return doses.map((dose) => (dose.at < added ? { ...dose, beforeAdded: true } : dose));
}

/** The every-N-hours course's first dose: the start time on the start date. */
function intervalAnchor(medicine: ScheduledMedicineFields, startTime: string, timeZone: string): number {
  return wallClockInstant(medicine.startDate, startTime, timeZone);
}

/**
 * The every-N-hours doses whose local date is `date`: the start instant plus whole multiples of N
 * real hours, so a clock change moves the wall time, never the spacing. Slot k is the k-th dose of
 * that local day. The course is its number of doses from the first (decision 188).
 */
export function intervalDosesOn(
  medicine: ScheduledMedicineFields,
  date: string,
  timeZone: string,
): DayDose[] {
  const schedule = medicine.schedule;
  if (schedule?.kind !== 'interval' || !isDoseDay(medicine, date)) return [];
  const step = schedule.everyHours * HOUR_MS;
  const anchor = intervalAnchor(medicine, schedule.startTime, timeZone);
  const anchorOffset = zoneOffsetMinutes(anchor, timeZone);
  const dayStart = wallClockInstant(date, '00:00', timeZone) - HOUR_MS * 2;
  const count = intervalCourseDoses(schedule.everyHours, medicine.originalDurationDays);
  const doses: DayDose[] = [];
  for (let k = Math.max(0, Math.floor((dayStart - anchor) / step)); k < count; k++) {
    const at = anchor + k * step;
    const local = zonedNow(new Date(at), timeZone);
    if (local.date > date) break;
    if (local.date < date) continue;
    const clockChanged = zoneOffsetMinutes(at, timeZone) !== anchorOffset;
    doses.push({ slot: doses.length, time: local.time, at, clockChanged });
  }
  return markBeforeAdded(medicine, date, timeZone, doses);
}

/**
 * Every dose of a medicine on a local date, whatever its kind (as-needed: none): the one rule for a
 * medicine's dose times on a date. Slot doses are at the medicine's own times when it has them,
 * else at the user's default times (decision 212); every-N-hours doses by their interval.
 */
export function dosesOn(
  medicine: ScheduledMedicineFields,
  date: string,
  context: ScheduleContext,
): DayDose[] {
  if (!usesSlots(medicine.schedule)) return intervalDosesOn(medicine, date, context.timeZone);
  const step =
    medicine.schedule?.kind === 'taper'
      ? taperStepOn(medicine.schedule.steps, medicine.startDate, date)
      : null;
  const times = slotTimesOf(medicine, context.defaultReminderTimes);
  const doses = slotFlagsOn(medicine, date).flatMap((flag, slot): DayDose[] => {
    const time = times[slot];
    if (flag !== 1 || !time) return [];
    const at = wallClockInstant(date, time, context.timeZone);
    return step
      ? [{ slot, time, at, dose: step.dose, pillsPerDose: step.pillsPerDose }]
      : [{ slot, time, at }];
  });
  return markBeforeAdded(medicine, date, context.timeZone, doses);
}

/**
 * Whether a medicine's doses are at times of its own, not at the default times' slots: every-N-hours
 * (decision 120) or own times of day (decision 212). Such a medicine has its own dose cards, its
 * own reminder row and its own lines in the caregiver's view, never a default slot's.
 */
export function timedOnItsOwn(medicine: ScheduledMedicineFields): boolean {
  return medicine.schedule?.kind === 'interval' || hasOwnTimes(medicine);
}

/** The times ('HH:MM', in the day's order) of a medicine's doses on a local date (decision 212). */
export function doseTimesOn(
  medicine: ScheduledMedicineFields,
  date: string,
  context: ScheduleContext,
): string[] {
  return dosesOn(medicine, date, context).map((dose) => dose.time);
}

/**
 * The slots of `date` whose dose came before the medicine was added (decision 187): none but on a
 * start date the medicine was added on. What the counts, the dashboard and the engine leave out.
 */
export function slotsBeforeAdded(
  medicine: ScheduledMedicineFields,
  date: string,
  context: ScheduleContext,
): ReadonlySet<number> {
  if (date !== medicine.startDate || !medicine.createdAt) return NO_SLOTS;
  return new Set(dosesOn(medicine, date, context).flatMap((d) => (d.beforeAdded ? [d.slot] : [])));
}
const NO_SLOTS: ReadonlySet<number> = new Set();

/**
 * The course's last dose (the form's preview, decision 188): the last of the doses counted from the
 * first for every-N-hours, the last dose day's last slot otherwise; null for as-needed or no dose.
 */
export function lastCourseDose(
  medicine: ScheduledMedicineFields,
  context: ScheduleContext,
): (DayDose & { date: string }) | null {
  const schedule = medicine.schedule;
  if (schedule?.kind === 'asNeeded') return null;
  const last = addDays(medicine.startDate, Math.max(medicine.originalDurationDays, 1));
  // A course of days ends within its days (an every-N-hours one up to a day later); weekdays and
  // cycles end on their last dose day, at most a cycle before the course's end.
  for (
    let date = last, back = 0;
    date >= medicine.startDate && back < 400;
    date = addDays(date, -1), back++
  ) {
    const doses = dosesOn(medicine, date, context);
    const dose = doses[doses.length - 1];
    if (dose) return { ...dose, date };
  }
  return null;
}

/** How many taken flags a day of this medicine has: its frequency's, or the day's interval doses. */
export function slotCountOn(medicine: ScheduledMedicineFields, date: string, timeZone: string): number {
  if (medicine.schedule?.kind !== 'interval') return medicine.frequency.split('-').length;
  return intervalDosesOn(medicine, date, timeZone).length;
}

/** The doses of `days` days from `from` (the form's preview of the next 7 days). */
export function upcomingDoses(
  medicine: ScheduledMedicineFields,
  from: string,
  days: number,
  context: ScheduleContext,
): { date: string; doses: DayDose[] }[] {
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    return { date, doses: dosesOn(medicine, date, context) };
  });
}

/** Whether a dose's time has been reached at `nowMinutes` of its day (the spec's tick rule). */
export function isDoseReached(dose: DayDose, nowMinutes: number, now?: number): boolean {
  if (now !== undefined) return now >= dose.at;
  return nowMinutes >= minutesOfDay(dose.time);
}

/**
 * The flags of the doses due on a local date, one per slot of the day's taken string: the
 * frequency's on a dose day (zeros otherwise), one per dose of the day for every-N-hours, none for
 * as-needed. What every dose write checks a tick against.
 */
export function dueFlagsOn(medicine: ScheduledMedicineFields, date: string, timeZone: string): number[] {
  if (medicine.schedule?.kind === 'interval') return intervalDosesOn(medicine, date, timeZone).map(() => 1);
  return slotFlagsOn(medicine, date);
}

/**
 * The first every-N-hours dose strictly after `after` (ms) within the course, with its local date
 * and its slot in that day; null when the course has no later dose. The reminder engine's next row.
 */
export function nextIntervalDose(
  medicine: ScheduledMedicineFields,
  after: number,
  timeZone: string,
): (DayDose & { date: string; at: number }) | null {
  const schedule = medicine.schedule;
  if (schedule?.kind !== 'interval') return null;
  const step = schedule.everyHours * HOUR_MS;
  const anchor = intervalAnchor(medicine, schedule.startTime, timeZone);
  const k = Math.max(0, Math.floor((after - anchor) / step) + 1);
  const at = anchor + k * step;
  const date = zonedNow(new Date(at), timeZone).date;
  const dose = intervalDosesOn(medicine, date, timeZone).find((d) => d.at === at);
  if (!dose) return null;
  // A dose before the medicine was added is never reminded: the next one is (decision 187).
  return dose.beforeAdded ? nextIntervalDose(medicine, at, timeZone) : { ...dose, date, at };
}

/**
 * The first dose strictly after `after` (ms) of a medicine whatever its kind, with its local date;
 * a dose before the medicine was added is skipped (decision 187), and null once the course has no
 * later dose (as-needed: never one). The reminder engine's next row for a medicine reminded on its
 * own: every-N-hours, or at its own times (decision 212).
 */
export function nextDoseAfter(
  medicine: ScheduledMedicineFields,
  after: number,
  context: ScheduleContext,
): (DayDose & { date: string }) | null {
  if (medicine.schedule?.kind === 'interval') return nextIntervalDose(medicine, after, context.timeZone);
  if (!usesSlots(medicine.schedule)) return null;
  const end = lastCourseDay(medicine);
  // A day early: a zone's day and the instant's UTC day may differ.
  const from = addDays(zonedNow(new Date(after), context.timeZone).date, -1);
  for (
    let date = from < medicine.startDate ? medicine.startDate : from;
    date <= end;
    date = addDays(date, 1)
  ) {
    const dose = dosesOn(medicine, date, context).find((d) => d.at > after && !d.beforeAdded);
    if (dose) return { ...dose, date };
  }
  return null;
}
