import type { CaredPersonView } from '@medrem/contract';
import {
  type ZonedNow,
  doseCells,
  isSlotAvailable,
  parseFrequency,
  slotFlagsOn,
  slotNameForTime,
  sumCells,
} from '@medrem/domain';
import type { MedicineWithTotals } from '../medicines/medicine.repository';

type Today = CaredPersonView['today'];
type MedicineLine = NonNullable<CaredPersonView['medicines']>[number];

/**
 * A patient's today as a caregiver sees it, counted by the domain's dose cells (the rule of the
 * reports, decision 100): doses due so far and taken, per medicine, and per default-time slot
 * whether what was planned there is taken, not taken although its time has come, or still to come.
 */
export function todayOf(
  medicines: readonly MedicineWithTotals[],
  takenToday: ReadonlyMap<string, string>,
  now: ZonedNow,
  settings: { timezone: string; defaultReminderTimes: readonly string[] },
): { today: Today; medicines: MedicineLine[] } {
  const window = {
    from: now.date,
    to: now.date,
    today: now.date,
    nowMinutes: now.minutes,
    defaultReminderTimes: settings.defaultReminderTimes,
    timeZone: settings.timezone,
  };
  const lines: MedicineLine[] = [];
  const all: ReturnType<typeof doseCells> = [];
  for (const m of medicines) {
    const taken = takenToday.get(m.id);
    const cells = doseCells(m, taken ? [{ date: now.date, taken }] : [], window);
    all.push(...cells);
    lines.push({ name: m.name, dosage: m.dosage, ...sumCells(cells) });
  }
  const slots = settings.defaultReminderTimes.flatMap((time, slot) => {
    let planned = 0;
    let taken = 0;
    for (const m of medicines) {
      if (slotFlagsOn(m, now.date)[slot] !== 1) continue;
      planned += 1;
      if (parseFrequency(takenToday.get(m.id) ?? '')[slot] === 1) taken += 1;
    }
    if (planned === 0) return [];
    const status = taken >= planned ? 'taken' : isSlotAvailable(time, now.minutes) ? 'not-taken' : 'upcoming';
    return [{ slot, name: slotNameForTime(time), time, planned, taken, status } as const];
  });
  return { today: { date: now.date, ...sumCells(all), slots }, medicines: lines };
}
