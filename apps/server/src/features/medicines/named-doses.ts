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

/** A named dose's state that day: `skipped` is the skip that holds (decision 225), or null. */
type DoseStateOf = (dose: {
  row: { id: string };
  slot: number;
}) => { taken: boolean; skipped: unknown } | undefined;

/**
 * What a 'Take all' takes of the doses a reminder names: while any of them is still open (neither
 * taken nor skipped), not those the person skipped on purpose — a follow-up names the slot again
 * for its open doses, and pressing it must not undo a deliberate skip. With none open, every named
 * dose: the dose page's 'Take it anyway' (decision 259), a take that ends the skip.
 */
export function dosesToTake<N extends { row: { id: string }; slot: number }>(
  named: N[],
  stateOf: DoseStateOf,
): N[] {
  const skipped = (n: N) => Boolean(stateOf(n)?.skipped);
  const open = named.some((n) => !stateOf(n)?.taken && !skipped(n));
  return open ? named.filter((n) => !skipped(n)) : named;
}

/**
 * The state of each named dose that day, read once per slot they sit in (the doses also named by a
 * merged reminder, decision 263, sit in slots of their own).
 */
export async function statesOfNamed<S>(
  named: readonly { row: { id: string }; slot: number }[],
  date: string,
  read: (medicineIds: string[], date: string, slot: number) => Promise<Map<string, S>>,
): Promise<(dose: { row: { id: string }; slot: number }) => S | undefined> {
  const bySlot = new Map<number, Map<string, S>>();
  for (const at of new Set(named.map((n) => n.slot))) {
    const ids = named.filter((n) => n.slot === at).map((n) => n.row.id);
    bySlot.set(at, await read(ids, date, at));
  }
  return (dose) => bySlot.get(dose.slot)?.get(dose.row.id);
}
