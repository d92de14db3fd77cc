import { formatTime12h } from './dates';

/**
 * Decision 316: one dose postponed to a later time of its own day, without changing the plan. The
 * dose keeps its identity (the day and its slot, the planned time); the postponement gives it a new
 * time that day in the user's zone: it is reminded then, and counted at that time. Postponing again
 * moves it again; taking or skipping it settles it; the postponement can be taken back.
 */
export interface DosePostponement {
  /** The new wall-clock time, HH:MM, of the dose's own day in the user's zone. */
  to: string;
  /** Epoch ms when it was postponed. */
  at: number;
}

/** A day as stored or answered: per slot, its postponement (null where none). */
export interface PostponableDay {
  postponed?: readonly (Pick<DosePostponement, 'to'> | null)[] | null | undefined;
}

/** The time `slot` of a day was postponed to, or null. */
export function postponedTimeOf(day: PostponableDay | null | undefined, slot: number): string | null {
  return day?.postponed?.[slot]?.to ?? null;
}

/** When a dose is now due: its postponed time, else its planned one. */
export function effectiveDoseTime(
  planned: string,
  day: PostponableDay | null | undefined,
  slot: number,
): string {
  return postponedTimeOf(day, slot) ?? planned;
}

/** How a postponed dose reads: "Postponed to 9:30 AM". */
export function postponedText(to: string): string {
  return `Postponed to ${formatTime12h(to)}`;
}
