import type { CaredPersonView } from '@medrem/contract';
import {
  type ZonedNow,
  doseCells,
  dosesOn,
  hasOwnTimes,
  isSlotAvailable,
  parseFrequency,
  slotFlagsOn,
  slotNameForTime,
  slotsBeforeAdded,
  sumCells,
  timedOnItsOwn,
  zonedNow,
} from '@medrem/domain';
import type { MedicineWithTotals } from '../medicines/medicine.repository';

type Today = CaredPersonView['today'];
type MedicineLine = NonNullable<CaredPersonView['medicines']>[number];
type SlotLine = Today['slots'][number];

/**
 * A patient's today as a caregiver sees it, counted by the domain's dose cells (the rule of the
 * reports, decision 100): doses due so far and taken, per medicine, and per default-time slot
 * whether what was planned there is taken, not taken although its time has come, or still to come.
 */
export function todayOf(
  medicines: readonly MedicineWithTotals[],
  takenToday: ReadonlyMap<string, string>,
  now: ZonedNow,
  settings: {
    timezone: string;
    defaultReminderTimes: readonly string[];
    /** The as-needed medicines' intakes (any day): today's are listed with their mark. */
    intakes?: readonly { medicineId: string; takenAt: Date; override: boolean }[];
  },
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
    // As-needed doses are never due: the caregiver sees each of today's, and which passed a limit.
    const intakes = m.schedule?.kind === 'asNeeded' ? (settings.intakes ?? []) : null;
    const asNeeded = intakes?.flatMap((x) => {
      const at = zonedNow(x.takenAt, settings.timezone);
      return x.medicineId === m.id && at.date === now.date ? [{ time: at.time, override: x.override }] : [];
    });
    lines.push({ name: m.name, dosage: m.dosage, ...sumCells(cells), asNeeded: asNeeded ?? null });
  }
  const context = { timeZone: settings.timezone, defaultReminderTimes: settings.defaultReminderTimes };
  const status = (taken: number, planned: number, time: string): SlotLine['status'] =>
    taken >= planned ? 'taken' : isSlotAvailable(time, now.minutes) ? 'not-taken' : 'upcoming';
  const slots: SlotLine[] = settings.defaultReminderTimes.flatMap((time, slot) => {
    let planned = 0;
    let taken = 0;
    for (const m of medicines) {
      if (hasOwnTimes(m) || slotFlagsOn(m, now.date)[slot] !== 1) continue;
      const tick = parseFrequency(takenToday.get(m.id) ?? '')[slot] === 1;
      // A dose before the medicine was added is not planned, unless it was taken (decision 187).
      if (!tick && slotsBeforeAdded(m, now.date, context).has(slot)) continue;
      planned += 1;
      if (tick) taken += 1;
    }
    if (planned === 0) return [];
    return [
      { slot, name: slotNameForTime(time), time, planned, taken, status: status(taken, planned, time) },
    ];
  });
  // Every-N-hours doses and doses at a medicine's own times (decision 212) have no default-time
  // slot: each is a line of its own at its time, so the caregiver's "n of m" counts them as the
  // dashboard does (decision 189). Their `slot` numbers follow the default-time slots', one per
  // line, so each line has its own.
  let next = settings.defaultReminderTimes.length;
  for (const m of medicines) {
    if (!timedOnItsOwn(m)) continue;
    const flags = parseFrequency(takenToday.get(m.id) ?? '');
    for (const dose of dosesOn(m, now.date, context)) {
      const taken = flags[dose.slot] === 1 ? 1 : 0;
      if (dose.beforeAdded && taken === 0) continue;
      const slot = next++;
      slots.push({
        slot,
        name: slotNameForTime(dose.time),
        time: dose.time,
        planned: 1,
        taken,
        status: status(taken, 1, dose.time),
      });
    }
  }
  slots.sort((a, b) => a.time.localeCompare(b.time) || a.slot - b.slot);
  return { today: { date: now.date, ...sumCells(all), slots }, medicines: lines };
}
