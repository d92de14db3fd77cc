import { normaliseTaken } from './dose-slots';
import { parseFrequency } from './frequency';

/**
 * Decision 225: a dose may be skipped on purpose, with an optional reason from a fixed set. A
 * skipped dose is settled (no follow-up, no missed-dose alert, no caregiver escalation) but not
 * taken: the spec's `taken` flags keep reading 0 for it, and adherence counts it as not taken.
 */
export const SKIP_REASONS = ['felt_unwell', 'doctors_advice', 'ran_out', 'other'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** The words a person reads for each reason (dashboard, history, report). */
export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  felt_unwell: 'Felt unwell',
  doctors_advice: "Doctor's advice",
  ran_out: 'Ran out',
  other: 'Other reason',
};

/** Longest note a skip may carry (a few words, not a diary). */
export const SKIP_NOTE_MAX = 200;

/** A slot's skip as stored: the reason (null: none given), an optional note, when it was made. */
export interface DoseSkip {
  reason: SkipReason | null;
  note?: string | undefined;
  /** Epoch ms of the skip: it holds while no later change of the slot (a take, an un-take) came. */
  at: number;
}

/**
 * What a day holds about skips: as stored (with `at`, judged against the slot stamps `tickedAt`) or
 * as the API answers it (`skippedAt` and no stamps: the server sent only the skips that hold).
 */
export interface SkippableDay {
  taken: string | null;
  /** When each slot's flag was last changed (decision 070). */
  tickedAt?: readonly number[] | null | undefined;
  skipped?: readonly (SkipLike | null)[] | null | undefined;
}
type SkipLike = Pick<DoseSkip, 'reason' | 'note'> & { at?: number };

/**
 * The skip of `slot` that still holds, or null. A skip is written with the slot's stamp; any later
 * change of the slot (a take from another device, an un-take) stamps it later, so the skip no
 * longer holds: taking a dose clears its skip without every write path having to know about skips.
 * A taken flag always wins.
 */
export function skipOf<S extends SkipLike>(
  day: (SkippableDay & { skipped?: readonly (S | null)[] | null | undefined }) | undefined,
  slot: number,
): S | null {
  const skip = day?.skipped?.[slot];
  if (!skip) return null;
  if (parseFrequency(day.taken ?? '')[slot] === 1) return null;
  if (skip.at === undefined) return skip;
  const stamp = day.tickedAt?.[slot] ?? 0;
  return skip.at >= stamp ? skip : null;
}

/** Per slot of a stored day, its skip that holds (null where none): what reads show. */
export function skipsOf(
  day: SkippableDay & { skipped?: readonly (DoseSkip | null)[] | null | undefined },
  slots: number,
): (DoseSkip | null)[] {
  return Array.from({ length: slots }, (_, slot) => skipOf(day, slot));
}

/**
 * A day's settled flags ('1' where the dose is taken or skipped), in the shape of `taken`: what
 * the reminder engine asks before a follow-up, a missed-dose alert or a caregiver alert.
 */
export function settledFlags(day: SkippableDay, slots: number): string {
  const taken = parseFrequency(normaliseTaken(day.taken, slots));
  return taken.map((flag, slot) => (flag === 1 || skipOf(day, slot) ? 1 : 0)).join('-');
}

/** How a skipped dose reads: "Skipped — Felt unwell" (or just "Skipped"). */
export function skipText(skip: Pick<DoseSkip, 'reason' | 'note'>): string {
  const parts = [skip.reason ? SKIP_REASON_LABELS[skip.reason] : null, skip.note?.trim() || null].filter(
    Boolean,
  );
  return parts.length > 0 ? `Skipped — ${parts.join(': ')}` : 'Skipped';
}
