import { addDays, minutesOfDay, zonedNow } from './dates';
import { courseEndDate } from './schedule';
import {
  type ScheduledMedicineFields,
  isDoseDay,
  slotFlagsOn,
  taperStepOn,
  usesSlots,
} from './dose-schedule';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Minutes a zone is ahead of UTC at an instant. */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const local = zonedNow(new Date(instant), timeZone);
  const wall = Date.parse(`${local.date}T${local.time}:00Z`);
  return Math.round((wall - Math.floor(instant / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The instant a zone's clocks read `time` on `date`. In a fall-back overlap the first reading; in a
 * spring-forward gap the wall time read with the offset before the jump (02:30 becomes 03:30), the
 * same minute a clock that was not changed would show.
 */
export function wallClockInstant(date: string, time: string, timeZone: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const before = zoneOffsetMinutes(wall - 12 * HOUR_MS, timeZone);
  const after = zoneOffsetMinutes(wall + 12 * HOUR_MS, timeZone);
  const first = wall - before * MINUTE_MS;
  const second = wall - after * MINUTE_MS;
  const reads = (instant: number) => {
    const local = zonedNow(new Date(instant), timeZone);
    return local.date === date && local.time === time;
  };
  if (reads(Math.min(first, second))) return Math.min(first, second);
  if (reads(Math.max(first, second))) return Math.max(first, second);
  return first;
}

/** One dose of one day: its slot (index into the day's taken flags) and local time. */
export interface DayDose {
  slot: number;
  /** 'HH:MM' in the saved zone. */
  time: string;
  /** Every-N-hours doses only: the instant, and whether a clock change moved its wall time. */
  at?: number;
  clockChanged?: boolean;
  /** Tapers only: what to take in the day's step. */
  dose?: string;
  pillsPerDose?: number;
}

export interface ScheduleContext {
  timeZone: string;
  defaultReminderTimes: readonly string[];
}

/**
 * The every-N-hours doses whose local date is `date`: the start instant plus whole multiples of N
 * real hours, so a clock change moves the wall time, never the spacing. Slot k is the k-th dose of
 * that local day.
 */
export function intervalDosesOn(
  medicine: ScheduledMedicineFields,
  date: string,
  timeZone: string,
): DayDose[] {
  const schedule = medicine.schedule;
  if (schedule?.kind !== 'interval' || !isDoseDay(medicine, date)) return [];
  const step = schedule.everyHours * HOUR_MS;
  const anchor = wallClockInstant(medicine.startDate, schedule.startTime, timeZone);
  const anchorOffset = zoneOffsetMinutes(anchor, timeZone);
  const dayStart = wallClockInstant(date, '00:00', timeZone) - HOUR_MS * 2;
  const last = courseEndDate(medicine.startDate, medicine.originalDurationDays);
  const doses: DayDose[] = [];
  for (let k = Math.max(0, Math.floor((dayStart - anchor) / step)); ; k++) {
    const at = anchor + k * step;
    const local = zonedNow(new Date(at), timeZone);
    if (local.date > date || local.date > last) break;
    if (local.date < date) continue;
    const clockChanged = zoneOffsetMinutes(at, timeZone) !== anchorOffset;
    doses.push({ slot: doses.length, time: local.time, at, clockChanged });
  }
  return doses;
}

/** Every dose of a medicine on a local date, whatever its kind (as-needed: none). */
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
  return slotFlagsOn(medicine, date).flatMap((flag, slot) => {
    const time = context.defaultReminderTimes[slot];
    if (flag !== 1 || !time) return [];
    return step ? [{ slot, time, dose: step.dose, pillsPerDose: step.pillsPerDose }] : [{ slot, time }];
  });
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
  if (dose.at !== undefined && now !== undefined) return now >= dose.at;
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
  const anchor = wallClockInstant(medicine.startDate, schedule.startTime, timeZone);
  const k = Math.max(0, Math.floor((after - anchor) / step) + 1);
  const at = anchor + k * step;
  const date = zonedNow(new Date(at), timeZone).date;
  const dose = intervalDosesOn(medicine, date, timeZone).find((d) => d.at === at);
  return dose ? { ...dose, date, at } : null;
}
