import { minutesOfDay } from './dates';
import { parseFrequency } from './frequency';

export type SlotName = 'Morning' | 'Afternoon' | 'Evening' | 'Night';
export type SlotStatus = 'Upcoming' | 'Completed' | 'In Progress' | 'Missed';

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

/** True once the slot's scheduled time has been reached today (spec: tick allowed at or after the slot time). */
export function isSlotAvailable(slotTime: string, nowMinutes: number): boolean {
  return nowMinutes >= minutesOfDay(slotTime);
}

/**
 * Status of a dose slot from the taken flags of the medicines listed in it:
 * none listed → Upcoming; all taken → Completed; some → In Progress;
 * none taken and the slot time has passed → Missed; otherwise Upcoming.
 */
export function slotStatus(takenFlags: readonly boolean[], slotTimePassed: boolean): SlotStatus {
  if (takenFlags.length === 0) return 'Upcoming';
  const taken = takenFlags.filter(Boolean).length;
  if (taken === takenFlags.length) return 'Completed';
  if (taken > 0) return 'In Progress';
  return slotTimePassed ? 'Missed' : 'Upcoming';
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
