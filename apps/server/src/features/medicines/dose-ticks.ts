import {
  type DosePostponement,
  type DoseSkip,
  countTaken,
  normaliseTaken,
  parseFrequency,
  remapFlags,
} from '@medrem/domain';

/** A day's row as stored: the flags and the per-slot stamps (null on rows older than decision 070). */
export interface StoredDay {
  taken: string | null;
  tickedAt: readonly number[] | null;
  /** When each slot's dose was taken (decision 191); null or absent on older rows. */
  takenAt?: readonly number[] | null;
  /** Per slot, a skip with its reason (decision 225); null or absent on rows without one. */
  skipped?: readonly (DoseSkip | null)[] | null;
  /** Per slot, the dose postponed to a later time of the day (decision 316); null or absent: none. */
  postponed?: readonly (DosePostponement | null)[] | null;
}

/** A stored day of one medicine: the spec's flags and, per slot, when its flag was last set. */
export interface DoseDay {
  taken: string;
  /** Epoch ms per slot; 0 = never set through a timed change (rows older than decision 070). */
  tickedAt: number[];
  /**
   * Epoch ms per slot when its dose was taken; 0 = not taken or not known (decision 191). Apart from
   * `tickedAt`: a corrected time must not change which change wins.
   */
  takenAt: number[];
}

export interface MergedDay extends DoseDay {
  takenCount: number;
  /** Written only when present (a skip, a remap): the other writes leave the skips as they are. */
  skipped?: (DoseSkip | null)[] | null;
  /** Written only when present (a postponement, a remap), as the skips are. */
  postponed?: (DosePostponement | null)[] | null;
}

/**
 * A day's row as read for a write without a lock (decision 136): also its number of doses and the
 * row's version (PostgreSQL's `xmin`, which every write of the row changes), which the write checks.
 */
export interface VersionedDay extends StoredDay {
  count: number;
  version: string;
}

/** Whether writing `day` over `current` would change nothing (a replay, the same day sent again). */
export function sameDay(current: StoredDay | undefined, day: MergedDay): boolean {
  if (!current || current.taken !== day.taken || !current.tickedAt) return false;
  if (day.skipped !== undefined && JSON.stringify(current.skipped ?? null) !== JSON.stringify(day.skipped)) {
    return false;
  }
  if (
    day.postponed !== undefined &&
    JSON.stringify(current.postponed ?? null) !== JSON.stringify(day.postponed)
  ) {
    return false;
  }
  // A row without taken instants (older than decision 191) reads as all 0.
  return (
    sameStamps(current.tickedAt, day.tickedAt) &&
    sameStamps(stampsFor(current.takenAt, day.takenAt.length), day.takenAt)
  );
}

function sameStamps(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

function stampsFor(tickedAt: readonly number[] | null | undefined, slots: number): number[] {
  return Array.from({ length: slots }, (_, i) => tickedAt?.[i] ?? 0);
}

/**
 * Decision 191: when each taken dose of a stored day was taken, by slot (null: not taken, or not
 * known: a row older than the instants, a dose set by a whole-day write). Never read from the
 * stamps: a whole day written later stamps its write's time, not the dose's.
 */
export function takenInstants(day: StoredDay, slots: number): (number | null)[] {
  const flags = parseFrequency(normaliseTaken(day.taken, slots));
  return flags.map((flag, i) => {
    const instant = day.takenAt?.[i] ?? 0;
    return flag === 1 && instant > 0 ? instant : null;
  });
}

/**
 * Decision 070, one slot: the change made last wins. A change older than the slot's stamp is not
 * applied; on an exact tie 'taken' wins. The result depends only on the set of changes, not on the
 * order they arrive in, so devices that sync in any order converge — and a replay changes nothing.
 */
export function applySlotChange(
  current: StoredDay | undefined,
  change: { slots: number; slot: number; value: 0 | 1; at: number },
): { day: MergedDay; applied: boolean } {
  const flags = parseFrequency(normaliseTaken(current?.taken, change.slots));
  const stamps = stampsFor(current?.tickedAt, change.slots);
  const instants = stampsFor(current?.takenAt, change.slots);
  const stamp = stamps[change.slot] ?? 0;
  const wins = change.at > stamp || (change.at === stamp && change.value === 1);
  if (wins) {
    // A dose already taken keeps its instant (a second device's tick, a replay, a correction).
    const wasTaken = flags[change.slot] === 1 && (instants[change.slot] ?? 0) > 0;
    if (!wasTaken || change.value === 0) instants[change.slot] = change.value === 1 ? change.at : 0;
    flags[change.slot] = change.value;
    stamps[change.slot] = change.at;
  }
  const taken = flags.join('-');
  return {
    day: { taken, tickedAt: stamps, takenAt: instants, takenCount: countTaken(taken) },
    applied: wins,
  };
}

/**
 * A whole day written at once (the spec's PUT …/taken): every slot whose flag changes is stamped
 * `at`; the others keep their stamps, so an older offline change to them can still arrive.
 */
export function applyWholeDay(current: StoredDay | undefined, taken: string, at: number): MergedDay {
  const slots = parseFrequency(taken).length;
  const before = parseFrequency(normaliseTaken(current?.taken, slots));
  const next = parseFrequency(taken);
  const stamps = stampsFor(current?.tickedAt, slots).map((stamp, i) =>
    next[i] === before[i] ? stamp : Math.max(stamp, at),
  );
  // A whole day says which doses were taken, not when (it may be written days later): a dose it
  // sets has no known instant, one it clears has none (decision 191).
  const instants = stampsFor(current?.takenAt, slots).map((instant, i) =>
    next[i] === before[i] ? instant : 0,
  );
  return { taken, tickedAt: stamps, takenAt: instants, takenCount: countTaken(taken) };
}

/**
 * A change of the default reminder times (decision 023) moves each slot's flag to its new position;
 * its stamp moves with it, so a later offline change of that dose is still compared with the right
 * one. Slots that are new get no stamp.
 */
export function remapDay(current: StoredDay, slotMap: ReadonlyMap<number, number>, slots: number): MergedDay {
  const taken = normaliseTaken(remapFlags(current.taken ?? '', slotMap, slots), slots);
  const move = (values: readonly number[] | null | undefined) => {
    const moved = new Array<number>(slots).fill(0);
    (values ?? []).forEach((value, slot) => {
      const index = slotMap.get(slot);
      if (index !== undefined && index < slots) moved[index] = value;
    });
    return moved;
  };
  const skipped = new Array<DoseSkip | null>(slots).fill(null);
  (current.skipped ?? []).forEach((skip, slot) => {
    const index = slotMap.get(slot);
    if (skip && index !== undefined && index < slots) skipped[index] = skip;
  });
  const postponed = new Array<DosePostponement | null>(slots).fill(null);
  (current.postponed ?? []).forEach((p, slot) => {
    const index = slotMap.get(slot);
    if (p && index !== undefined && index < slots) postponed[index] = p;
  });
  return {
    taken,
    tickedAt: move(current.tickedAt),
    takenAt: move(current.takenAt),
    takenCount: countTaken(taken),
    // A skip follows its dose to its new slot, as the stamp it is judged against does.
    ...(current.skipped ? { skipped: skipped.some(Boolean) ? skipped : null } : {}),
    // So does a postponement (decision 316).
    ...(current.postponed ? { postponed: postponed.some(Boolean) ? postponed : null } : {}),
  };
}

/**
 * Decision 225: one slot of a day skipped (`skip`) or un-skipped (null) at `now`. Skipping sets the
 * slot not taken and stamps it with the skip's instant, which is how the skip is told apart from
 * a later take (`skipOf`). Skipping a dose already taken un-takes it: the person changed their
 * mind, and the last change wins as with any tick. Un-skipping only removes the skip.
 */
export function applySkip(
  current: StoredDay | undefined,
  slots: number,
  slot: number,
  skip: Omit<DoseSkip, 'at'> | null,
  now: number,
): MergedDay {
  const flags = parseFrequency(normaliseTaken(current?.taken, slots));
  const stamps = stampsFor(current?.tickedAt, slots);
  const instants = stampsFor(current?.takenAt, slots);
  const skipped = Array.from({ length: slots }, (_, i) => current?.skipped?.[i] ?? null);
  if (skip) {
    // Never before the slot's last change, so the skip holds over it (a device clock ahead).
    const at = Math.max(now, stamps[slot] ?? 0);
    if (flags[slot] === 1) instants[slot] = 0;
    flags[slot] = 0;
    stamps[slot] = at;
    skipped[slot] = { reason: skip.reason, ...(skip.note ? { note: skip.note } : {}), at };
  } else {
    skipped[slot] = null;
  }
  const taken = flags.join('-');
  return {
    taken,
    tickedAt: stamps,
    takenAt: instants,
    takenCount: countTaken(taken),
    skipped: skipped.some(Boolean) ? skipped : null,
  };
}

/**
 * THE dose tick: one slot of a day set to `value` as of `at` (ISO; now when absent, and never later
 * than now, so a device with a fast clock cannot lock a slot), by the rule of decision 070. A change
 * that loses to the slot's stamp writes nothing (day null) and answers the day as it stands.
 */
export function mergeSlot(
  current: StoredDay | undefined,
  slots: number,
  change: { slot: number; value: 0 | 1; at?: string | undefined },
  now: Date,
): { day: MergedDay | null; result: { taken: string; applied: boolean } } {
  const at = Math.min(change.at ? Date.parse(change.at) : now.getTime(), now.getTime());
  const { day, applied } = applySlotChange(current, { slots, slot: change.slot, value: change.value, at });
  return { day: applied ? day : null, result: { taken: day.taken, applied } };
}

/**
 * Decision 191: the user's correction of when a taken dose was taken. Only the slot's instant
 * changes, never its stamp (decision 070: which change wins stays as it was). Null when the slot's
 * dose is not taken (nothing to correct).
 */
export function correctTakenAt(
  current: StoredDay | undefined,
  slots: number,
  slot: number,
  at: number,
): MergedDay | null {
  const flags = parseFrequency(normaliseTaken(current?.taken, slots));
  if (flags[slot] !== 1 || !current) return null;
  const instants = stampsFor(current.takenAt, slots);
  instants[slot] = at;
  const taken = flags.join('-');
  return {
    taken,
    tickedAt: stampsFor(current.tickedAt, slots),
    takenAt: instants,
    takenCount: countTaken(taken),
  };
}

/**
 * Decision 316: `slot` postponed to `to` (HH:MM of the day), or its postponement taken back (null).
 * Only the postponements change: the flags, stamps and skips stay as they are.
 */
export function applyPostponement(
  current: StoredDay | undefined,
  slots: number,
  slot: number,
  to: string | null,
  now: number,
): MergedDay {
  const taken = normaliseTaken(current?.taken, slots);
  const postponed = Array.from({ length: slots }, (_, i) => current?.postponed?.[i] ?? null);
  postponed[slot] = to === null ? null : { to, at: now };
  return {
    taken,
    tickedAt: stampsFor(current?.tickedAt, slots),
    takenAt: stampsFor(current?.takenAt, slots),
    takenCount: countTaken(taken),
    postponed: postponed.some(Boolean) ? postponed : null,
  };
}
