import { type ScheduledMedicineFields, dueFlagsOn, timedOnItsOwn } from '@medrem/domain';

/** Another dose a reminder names beside its own: a medicine timed on its own, and its slot. */
export interface AlsoDose {
  medicineId: string;
  slot: number;
}

/** A reminder's dose: its slot (with `medicineId`, that medicine's), and the others it names. */
export interface NamedDoseRef {
  date: string;
  slot: number;
  medicineId?: string | undefined;
  /** Doses due at the same minute that the reminder's one notification also names (decision 263). */
  also?: readonly AlsoDose[] | undefined;
}

/**
 * The medicines and slots a reminder names, in its order: the default slot's medicines (those not
 * timed on their own, decision 241) or the one medicine; then each of `also` that is still a
 * medicine timed on its own with a dose in that slot on the date. What is no longer scheduled is
 * left out (a deleted medicine cannot be taken), never replaced by something the reminder did not name.
 */
export function namedDosesIn<M extends ScheduledMedicineFields & { id: string }>(
  medicines: readonly M[],
  dose: NamedDoseRef,
  timeZone: string,
): { row: M; slot: number }[] {
  const due = (m: M, slot: number) => dueFlagsOn(m, dose.date, timeZone)[slot] === 1;
  const named = medicines
    .filter((m) => due(m, dose.slot) && (dose.medicineId ? m.id === dose.medicineId : !timedOnItsOwn(m)))
    .map((row) => ({ row, slot: dose.slot }));
  for (const also of dose.also ?? []) {
    const row = medicines.find((m) => m.id === also.medicineId && timedOnItsOwn(m) && due(m, also.slot));
    if (row && !named.some((n) => n.row.id === row.id && n.slot === also.slot)) {
      named.push({ row, slot: also.slot });
    }
  }
  return named;
}
