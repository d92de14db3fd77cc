import { parseFrequency } from './frequency';

/**
 * A change of the default reminder times, as slots (decision 023): dose slot i of every medicine
 * follows default time i, so when the list is edited, re-sorted or shortened each slot's doses must
 * follow their time to its new position. The web app previews a change with these rules and the
 * server applies it with the same ones, in one transaction.
 */

/** Old slot → new position, from the origin of each new time (its old slot, or null when new). */
export function slotMapFrom(origins: readonly (number | null)[]): Map<number, number> {
  const map = new Map<number, number>();
  origins.forEach((origin, position) => {
    if (origin !== null) map.set(origin, position);
  });
  return map;
}

/** The identity map of a list of `slots` times: what a save without origins means (slot i stays i). */
export function identitySlotMap(slots: number): Map<number, number> {
  return new Map(Array.from({ length: slots }, (_, slot) => [slot, slot]));
}

/** Whether a frequency takes a dose in a slot that the new list no longer has ("time still in use"). */
export function losesDose(frequency: string, slotMap: ReadonlyMap<number, number>): boolean {
  return parseFrequency(frequency).some((flag, slot) => flag === 1 && !slotMap.has(slot));
}

/**
 * Moves each 1-flag of a frequency (or of a day's taken string) from its old slot to its new one.
 * Trailing zero flags beyond the new list are dropped so that the result fits the list.
 */
export function remapFlags(flags: string, slotMap: ReadonlyMap<number, number>, slots: number): string {
  const old = parseFrequency(flags);
  const next = new Array<number>(Math.max(old.length, 1)).fill(0);
  old.forEach((flag, slot) => {
    const index = slotMap.get(slot);
    if (flag === 1 && index !== undefined) {
      while (next.length <= index) next.push(0);
      next[index] = 1;
    }
  });
  while (next.length > Math.max(slots, 1) && next[next.length - 1] === 0) next.pop();
  return next.join('-');
}
