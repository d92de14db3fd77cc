import { addDays, minDate } from './dates';
import { dosePhase } from './dose-slots';
import { intervalDosesOn, slotsBeforeAdded } from './dose-occurrences';
import { type ScheduledMedicineFields, slotFlagsOn } from './dose-schedule';
import { type SkippableDay, skipOf } from './dose-skips';
import { type PostponableDay, postponedTimeOf } from './dose-postpone';
import { slotTimesOf } from './own-times';

/** The schedule fields the adherence rules read (schedule absent: the spec's daily flags). */
export type AdherenceMedicine = ScheduledMedicineFields;

/**
 * One dose slot of one medicine on one day: whether a dose was due there by now, and how many
 * doses the day's taken entry records in that slot (the spec sums the numbers, so '2' counts 2).
 */
export interface DoseCell {
  date: string;
  slot: number;
  due: boolean;
  taken: number;
  /** A due dose not taken and skipped on purpose (decision 225): not taken, but not missed. */
  skipped?: true;
}

export interface DoseCellWindow {
  from: string;
  to: string;
  today: string;
  nowMinutes: number;
  defaultReminderTimes: readonly string[];
  /** The saved zone: every-N-hours doses fall on local days by it (UTC when absent). */
  timeZone?: string;
}

/**
 * The one primitive every adherence figure is counted from (decision 100). Days after `today` have
 * no cells (nothing is due or taken in the future). A past day's slot is due when the course runs
 * that day and the frequency flag is 1; today's slot also needs its reminder time reached. Cells
 * with nothing due and nothing taken are left out.
 */
export function doseCells(
  medicine: AdherenceMedicine,
  history: readonly ({ date: string; taken: string } & Omit<SkippableDay, 'taken'> & PostponableDay)[],
  window: DoseCellWindow,
): DoseCell[] {
  const last = minDate(window.to, window.today);
  const takenByDate = new Map<string, number[]>();
  const skippedByDate = new Map<string, Set<number>>();
  // Today's postponed doses (decision 316) are judged at their new time.
  let todayPostponed: PostponableDay | undefined;
  for (const entry of history) {
    if (entry.date < window.from || entry.date > last) continue;
    if (entry.date === window.today && entry.postponed) todayPostponed = entry;
    const parts = takenNumbers(entry.taken);
    const sum = takenByDate.get(entry.date) ?? [];
    parts.forEach((value, slot) => (sum[slot] = (sum[slot] ?? 0) + value));
    takenByDate.set(entry.date, sum);
    entry.skipped?.forEach((_, slot) => {
      if (!skipOf(entry, slot)) return;
      const skipped = skippedByDate.get(entry.date) ?? new Set<number>();
      skippedByDate.set(entry.date, skipped.add(slot));
    });
  }
  const cells: DoseCell[] = [];
  for (let date = window.from; date <= last; date = addDays(date, 1)) {
    const dueOn = dueSlotsOn(medicine, date, window, date === window.today ? todayPostponed : undefined);
    const taken = takenByDate.get(date) ?? [];
    const skipped = skippedByDate.get(date);
    const slots = Math.max(dueOn.length, taken.length);
    for (let slot = 0; slot < slots; slot++) {
      const takenHere = taken[slot] ?? 0;
      const skip = takenHere === 0 && dueOn[slot] !== null && skipped?.has(slot) === true;
      // Today, a scheduled dose taken or skipped (before its missed-dose delay) counts as due.
      const due = dueOn[slot] === 'missed' || (dueOn[slot] === 'pending' && (takenHere > 0 || skip));
      if (due || takenHere > 0)
        cells.push({ date, slot, due, taken: takenHere, ...(skip ? { skipped: true as const } : {}) });
    }
  }
  return cells;
}

/**
 * Per slot of a day: 'missed' where a dose was due and the time to take it has gone, 'pending'
 * where a dose is scheduled today but not yet missed (due only once taken), null where none is.
 * Slot kinds: a flag of the day (weekday, cycle and taper days only); every-N-hours: the day's
 * doses. Today's dose is missed once the missed-dose alert's delay after its time has passed, the
 * dashboard's rule (decision 190). As-needed: nothing is ever due.
 */
function dueSlotsOn(
  medicine: AdherenceMedicine,
  date: string,
  window: DoseCellWindow,
  postponed?: PostponableDay,
): ('missed' | 'pending' | null)[] {
  // A dose postponed today (decision 316) is missed only once its new time's window has passed.
  const judge = (time: string | undefined, slot: number) => {
    const at = postponedTimeOf(postponed, slot) ?? time;
    return date < window.today || (at !== undefined && dosePhase(at, window.nowMinutes, 0) === 'missed')
      ? 'missed'
      : 'pending';
  };
  const timeZone = window.timeZone ?? 'UTC';
  // A dose whose time came before the medicine was added is never missed; taken, it counts
  // (decision 187).
  if (medicine.schedule?.kind === 'interval') {
    return intervalDosesOn(medicine, date, timeZone).map((dose) =>
      dose.beforeAdded ? 'pending' : judge(dose.time, dose.slot),
    );
  }
  const before = slotsBeforeAdded(medicine, date, {
    timeZone,
    defaultReminderTimes: window.defaultReminderTimes,
  });
  const times = slotTimesOf(medicine, window.defaultReminderTimes);
  return slotFlagsOn(medicine, date).map((flag, slot) => {
    if (flag !== 1) return null;
    return before.has(slot) ? 'pending' : judge(times[slot], slot);
  });
}

/** The numbers of a taken entry by slot; anything that is not a whole number counts 0. */
export function takenNumbers(taken: string | null | undefined): number[] {
  return (taken ?? '').split('-').map((part) => (/^\d+$/.test(part.trim()) ? Number(part.trim()) : 0));
}

/** Doses due and taken in a set of cells, taken capped at due (extra ticks never hide a miss). */
export function sumCells(cells: readonly DoseCell[]): { due: number; taken: number } {
  let due = 0;
  let taken = 0;
  for (const cell of cells) {
    if (cell.due) due += 1;
    taken += cell.taken;
  }
  return { due, taken: Math.min(taken, due) };
}
