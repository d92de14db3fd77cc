import {
  MAX_TAKE_EARLY_MINUTES,
  type ScheduledMedicineFields,
  dosePhaseAt,
  dosesOn,
  isTakeable,
  normaliseTaken,
  type SkipReason,
  skipsOf,
  tooEarlyMessage,
  wallClockInstant,
  slotTimesOf,
} from '@medrem/domain';
import { badRequest } from '../../lib/app-error';
import { type StoredDay, takenInstants } from './dose-ticks';

/** A day as the API answers it: the spec's flags and, where known, when each dose was taken. */
export type TakenDay = {
  date: string;
  taken: string;
  takenAt?: (string | null)[];
  /** Per slot, the dose skipped on purpose (decision 225); only on a day with a skip that holds. */
  skipped?: ({ reason: SkipReason | null; note?: string | undefined; skippedAt: string } | null)[];
  /** Per slot, the dose postponed to a later time of the day (decision 316); only on a day with one. */
  postponed?: ({ to: string; postponedAt: string } | null)[];
};

/** What the timing rules read of the user's settings and the clock. */
export interface DoseTiming {
  timeZone: string;
  defaultReminderTimes: readonly string[];
  takeEarlyMinutes: number;
  now: Date;
}

/**
 * A stored day as answered (decision 191): `takenAt` only when some dose's instant is known, so
 * the spec's answer (`date`, `taken`) is unchanged for days without one.
 */
export function takenDayOf(date: string, day: StoredDay, slots: number): TakenDay {
  const taken = normaliseTaken(day.taken, slots);
  const instants = takenInstants(day, slots);
  const skips = skipsOf(day, slots);
  const postponed = Array.from({ length: slots }, (_, slot) => day.postponed?.[slot] ?? null);
  return {
    date,
    taken,
    ...(instants.every((instant) => instant === null)
      ? {}
      : { takenAt: instants.map((i) => (i === null ? null : new Date(i).toISOString())) }),
    // The spec's clients read `taken` (0 for a skipped dose) and ignore this field (decision 226).
    ...(skips.every((skip) => skip === null)
      ? {}
      : {
          skipped: skips.map((skip) =>
            skip
              ? {
                  reason: skip.reason,
                  ...(skip.note ? { note: skip.note } : {}),
                  skippedAt: new Date(skip.at).toISOString(),
                }
              : null,
          ),
        }),
    ...(postponed.every((p) => p === null)
      ? {}
      : {
          postponed: postponed.map((p) =>
            p ? { to: p.to, postponedAt: new Date(p.at).toISOString() } : null,
          ),
        }),
  };
}

/** One dose's state as the dose page shows it (decision 259). */
export type SlotState = {
  taken: boolean;
  takenAt: string | null;
  skipped: NonNullable<TakenDay['skipped']>[number];
  /** The time the dose was postponed to (decision 316), or null. */
  postponedTo: string | null;
};

/** `slot` of a stored day: taken (and when, if known) or skipped by a skip that holds. */
export function slotStateOf(day: StoredDay, slot: number): SlotState {
  const answered = takenDayOf('', day, Math.max(slot + 1, (day.taken ?? '').split('-').length));
  return {
    taken: answered.taken.split('-')[slot] === '1',
    takenAt: answered.takenAt?.[slot] ?? null,
    skipped: answered.skipped?.[slot] ?? null,
    postponedTo: answered.postponed?.[slot]?.to ?? null,
  };
}

/** A day's skips that hold, one entry per skipped slot (the data export's `skippedDoses`). */
export function skippedSlotsOf<T extends StoredDay>(day: T) {
  return (day.skipped ?? []).flatMap((_, slot) => {
    const { skipped } = slotStateOf(day, slot);
    return skipped ? [{ slot, ...skipped }] : [];
  });
}

/** When a press was made: the device's time (an offline press sent later), never after now. */
export function pressInstant(at: string | undefined, now: Date): number {
  return Math.min(at ? Date.parse(at) : now.getTime(), now.getTime());
}

/**
 * Decision 190: a dose marked taken before its take-early window is refused, with when it opens.
 * The dose's own instant (an every-N-hours dose's), else its slot's time on that date (the medicine's
 * own, decision 212, or the default).
 */
export function assertTakeable(
  medicine: ScheduledMedicineFields,
  dose: { date: string; slot: number; pressedAt: number },
  timing: DoseTiming,
): void {
  const scheduled = dosesOn(medicine, dose.date, timing).find((d) => d.slot === dose.slot);
  const time = scheduled?.time ?? slotTimesOf(medicine, timing.defaultReminderTimes)[dose.slot];
  if (time === undefined) return;
  const doseAt = scheduled?.at ?? wallClockInstant(dose.date, time, timing.timeZone);
  if (!isTakeable(dosePhaseAt(doseAt, dose.pressedAt, timing.takeEarlyMinutes))) {
    throw badRequest(tooEarlyMessage(time, timing.takeEarlyMinutes));
  }
}

/**
 * Decision 191: a corrected taken time is not in the future, and not before the dose's day starts
 * minus the longest take-early window (no dose of that day can have been taken earlier).
 */
export function assertCorrectionInBounds(date: string, at: number, timing: DoseTiming): void {
  if (at > timing.now.getTime()) throw badRequest('The time a dose was taken cannot be in the future.');
  const earliest = wallClockInstant(date, '00:00', timing.timeZone) - MAX_TAKE_EARLY_MINUTES * 60_000;
  if (at < earliest) {
    throw badRequest(
      `A dose of ${date} cannot have been taken more than ${MAX_TAKE_EARLY_MINUTES / 60} hours before that day began.`,
    );
  }
}
