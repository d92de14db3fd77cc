import { dosePhase, isTakeable, minutesOfDay, slotNameForTime, type SlotName } from '@medrem/domain';
import {
  type SlotDose,
  type TodayInput,
  buildDoseSlots,
  buildIntervalDoses,
} from '../dashboard/dose-slots.model';

/** One medicine's dose on the simple screen. */
export interface SimpleDose {
  dose: SlotDose;
  /** Its time has come (or its take-early window): it can be taken now. */
  available: boolean;
  /** Neither taken nor skipped, and owed (a dose from before the medicine was added is not). */
  open: boolean;
}

/** Every dose of one time of the day: "my 8:00 medicines", whichever card the dashboard puts them in. */
export interface SimpleSlot {
  time: string;
  name: SlotName;
  doses: SimpleDose[];
  /** Some dose of it can be taken now. */
  available: boolean;
  /** No dose of it is open. */
  settled: boolean;
}

/** What the simple screen shows: at most one slot to settle, or the last one settled, and the next. */
export interface SimpleView {
  /** The slot to settle now: the latest one whose time has come with a dose still open. */
  current: SimpleSlot | null;
  /** With nothing to settle: the latest slot whose time has come ("All done for 8:00 AM"). */
  lastSettled: SimpleSlot | null;
  /** The first slot whose time has not come yet. */
  next: SimpleSlot | null;
}

/**
 * The simple screen's slots, built from the dashboard's own cards (the same dose rules, ticks and
 * waiting ticks): one slot per time of day, every-N-hours doses and a medicine's own times joining
 * the default slot of the same time. A dose postponed and still open (decision 316) belongs to its
 * new time, judged there without a take-early window, as its card judges it.
 */
export function simpleSlotsOf(input: TodayInput & { defaultReminderTimes: readonly string[] }): SimpleSlot[] {
  const cards = [...buildDoseSlots(input), ...buildIntervalDoses(input)];
  const byTime = new Map<string, SimpleDose[]>();
  for (const card of cards) {
    for (const dose of card.doses) {
      const moved = dose.postponedTo && !dose.taken && !dose.skipped ? dose.postponedTo : null;
      const time = moved ?? card.time;
      const available = moved ? isTakeable(dosePhase(moved, input.nowMinutes, 0)) : card.available;
      const open = !dose.taken && !dose.skipped && !dose.beforeAdded;
      byTime.set(time, [...(byTime.get(time) ?? []), { dose, available, open }]);
    }
  }
  return [...byTime.entries()]
    .map(([time, doses]) => ({
      time,
      name: slotNameForTime(time),
      doses,
      available: doses.some((d) => d.available),
      settled: doses.every((d) => !d.open),
    }))
    .sort((a, b) => minutesOfDay(a.time) - minutesOfDay(b.time));
}

/**
 * Which slot the simple screen asks about. The current slot is the one due now or, when that is
 * settled, the most recent one still open today (a morning forgotten comes back once the afternoon
 * is done); with none open, the latest slot whose time has come is reported done. The next slot is
 * the first whose time has not come.
 */
export function simpleViewOf(slots: readonly SimpleSlot[]): SimpleView {
  const come = slots.filter((slot) => slot.available);
  const open = come.filter((slot) => !slot.settled);
  return {
    current: open.at(-1) ?? null,
    lastSettled: open.length === 0 ? (come.at(-1) ?? null) : null,
    next: slots.find((slot) => !slot.available) ?? null,
  };
}

/** The doses "Take all" takes: those of the slot that are open and can be taken now. */
export function dosesToTake(slot: SimpleSlot): SlotDose[] {
  return slot.doses.filter((d) => d.open && d.available).map((d) => d.dose);
}
