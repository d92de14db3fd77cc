import { MISSED_DOSE_ALERT_DELAY_MINUTES } from './constants';
import { formatTime12h, minutesOfDay } from './dates';
import { parseFrequency } from './frequency';

export type SlotName = 'Morning' | 'Afternoon' | 'Evening' | 'Night';
export type SlotStatus =
  'No doses' | 'Not due' | 'Upcoming' | 'Due' | 'Completed' | 'In Progress' | 'Missed' | 'Skipped';

/**
 * Where a dose stands at a moment (decision 190): 'upcoming' before the take-early window,
 * 'early' within it (it may be ticked), 'due' from its time until the missed-dose alert's delay
 * has passed, then 'missed'. The same delay the reminder engine waits before its "still not
 * taken?" alert, so the screen never calls a dose missed before that alert could be sent.
 */
export type DosePhase = 'upcoming' | 'early' | 'due' | 'missed';

const MINUTE_MS = 60_000;

/** A dose's phase by instants (ms): the one rule; `dosePhase` reads it in minutes of a day. */
export function dosePhaseAt(doseAt: number, now: number, takeEarlyMinutes: number): DosePhase {
  if (now >= doseAt + MISSED_DOSE_ALERT_DELAY_MINUTES * MINUTE_MS) return 'missed';
  if (now >= doseAt) return 'due';
  if (now >= doseAt - Math.max(0, takeEarlyMinutes) * MINUTE_MS) return 'early';
  return 'upcoming';
}

/** A dose's phase at `nowMinutes` of its day, its time being `time` ('HH:MM') of that day. */
export function dosePhase(time: string, nowMinutes: number, takeEarlyMinutes: number): DosePhase {
  return dosePhaseAt(minutesOfDay(time) * MINUTE_MS, nowMinutes * MINUTE_MS, takeEarlyMinutes);
}

/** Whether a dose in this phase may be marked taken (from the take-early window on). */
export function isTakeable(phase: DosePhase): boolean {
  return phase !== 'upcoming';
}

/**
 * Decision 190: the refusal of a dose marked taken before its take-early window, in the words the
 * user reads (the server's 4xx message).
 */
export function tooEarlyMessage(time: string, takeEarlyMinutes: number): string {
  const from = minutesOfDay(time) - Math.max(0, takeEarlyMinutes);
  const opens = from >= 0 ? formatTime12h(`${pad(Math.floor(from / 60))}:${pad(from % 60)}`) : null;
  const window =
    takeEarlyMinutes > 0 ? `up to ${durationText(takeEarlyMinutes)} before its time` : 'at its time';
  return `This dose is scheduled for ${formatTime12h(time)}: it can be marked taken ${window}${
    opens && takeEarlyMinutes > 0 ? ` (from ${opens})` : ''
  }.`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A number of minutes in words: '6 hours', '1 hour 30 minutes', '45 minutes'. */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h > 0 ? countText(h, 'hour') : '';
  const mins = m > 0 || h === 0 ? countText(m, 'minute') : '';
  return [hours, mins].filter(Boolean).join(' ');
}

/** A count with its noun, singular for exactly one: '1 pill', '2 pills', '0.5 pills'. */
export function countText(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** Spec: the slot's name comes from the hour of its time: Morning 05–11, Afternoon 12–16, Evening 17–21, else Night. */
export function slotNameForTime(time: string): SlotName {
  const hour = Math.floor(minutesOfDay(time) / 60);
  if (hour >= 5 && hour <= 11) return 'Morning';
  if (hour >= 12 && hour <= 16) return 'Afternoon';
  if (hour >= 17 && hour <= 21) return 'Evening';
  return 'Night';
}

/** A day's taken string, padded with 0 (or cut) to one flag per slot. Missing means all 0. */
export function normaliseTaken(taken: string | null | undefined, slots: number): string {
  const flags = parseFrequency(taken ?? '');
  return Array.from({ length: slots }, (_, i) => String(flags[i] ?? 0)).join('-');
}

/** Sets the flag of one slot in a day's taken string. */
export function setTakenFlag(
  taken: string | null | undefined,
  slots: number,
  slot: number,
  value: 0 | 1,
): string {
  const flags = normaliseTaken(taken, slots).split('-');
  flags[slot] = String(value);
  return flags.join('-');
}

/** Number of doses marked taken in a day's taken string. */
export function countTaken(taken: string | null | undefined): number {
  return (taken ?? '').split('-').filter((flag) => flag === '1').length;
}

/** True once the slot's scheduled time has been reached today (the take-early window aside). */
export function isSlotAvailable(slotTime: string, nowMinutes: number): boolean {
  return nowMinutes >= minutesOfDay(slotTime);
}

/**
 * Status of a dose slot from the taken flags of the medicines listed in it and the slot's phase:
 * none listed → No doses (decision 192: the spec's "Upcoming" was untrue for a past empty slot);
 * all taken → Completed; some → In Progress; none taken → Missed once the missed-dose alert's
 * delay has passed, Due from the slot's time until then (decision 190: the spec called a dose
 * missed one minute after its time), otherwise Upcoming.
 */
export function slotStatus(takenFlags: readonly boolean[], phase: DosePhase): SlotStatus {
  if (takenFlags.length === 0) return 'No doses';
  const taken = takenFlags.filter(Boolean).length;
  if (taken === takenFlags.length) return 'Completed';
  if (taken > 0) return 'In Progress';
  if (phase === 'missed') return 'Missed';
  return phase === 'due' ? 'Due' : 'Upcoming';
}

/** A dose listed on a card: taken or not, and whether it came before the medicine was added. */
export interface CardDose {
  taken: boolean;
  /** Decision 187 (`DayDose.beforeAdded`): never owed, so never Due nor Missed; a tick counts. */
  beforeAdded?: boolean;
  /** Decision 225: skipped on purpose, so settled: never Due nor Missed. */
  skipped?: boolean;
}

/**
 * The status of a card listing `doses` (decision 187 on top of `slotStatus`): a dose that came
 * before the medicine was added counts only once ticked, like a dose taken early, so it never makes
 * the card Due or Missed; a card whose every dose is such, none ticked, is 'Not due'. A skipped dose
 * (decision 225) is settled: it is left out too, and a card whose doses are all skipped is 'Skipped'.
 */
export function cardStatus(doses: readonly CardDose[], phase: DosePhase): SlotStatus {
  const owed = doses.filter((dose) => dose.taken || !dose.beforeAdded);
  if (owed.length > 0 && owed.every((dose) => dose.skipped && !dose.taken)) return 'Skipped';
  const counted = owed.filter((dose) => dose.taken || !dose.skipped);
  if (counted.length === 0 && doses.length > 0) return 'Not due';
  return slotStatus(
    counted.map((dose) => dose.taken),
    phase,
  );
}

export interface DoseSlot<M> {
  index: number;
  time: string;
  name: SlotName;
  medicines: M[];
}

/**
 * Groups medicines into the user's dose slots: slot i has default time i and lists each
 * medicine whose frequency flag i is 1. A medicine with no frequency appears in no slot.
 */
export function groupIntoSlots<M extends { frequency: string | null }>(
  medicines: readonly M[],
  defaultReminderTimes: readonly string[],
): DoseSlot<M>[] {
  return defaultReminderTimes.map((time, index) => ({
    index,
    time,
    name: slotNameForTime(time),
    medicines: medicines.filter((m) => parseFrequency(m.frequency)[index] === 1),
  }));
}
