import {
  groupIntoSlots,
  intervalDosesOn,
  isDoseDay,
  slotNameForTime,
  isSlotAvailable,
  minutesOfDay,
  normaliseTaken,
  parseFrequency,
  slotStatus,
  taperStepOn,
  type SlotName,
  type SlotStatus,
} from '@medrem/domain';
import type { Medicine } from '@medrem/contract';

export interface SlotDose {
  medicine: Medicine;
  taken: boolean;
  /** The medicine's whole taken string for today, normalised to its frequency's length. */
  takenToday: string;
  /** A taper's step of today (decision 120): what to take, instead of the medicine's dosage. */
  step?: { dose: string; pillsPerDose: number };
}

export interface DoseSlotView {
  index: number;
  time: string;
  name: SlotName;
  status: SlotStatus;
  /** Spec: a dose can be ticked only once the slot's time has been reached today. */
  available: boolean;
  doses: SlotDose[];
}

/**
 * The dashboard's dose-slot cards for today: slot i is default time i and lists each medicine whose
 * course runs today and whose flag i is 1; status and availability follow the domain rules, with
 * 'now' in the user's saved zone.
 */
export function buildDoseSlots(input: {
  medicines: readonly Medicine[];
  defaultReminderTimes: readonly string[];
  takenById: ReadonlyMap<string, string | null | undefined>;
  today: string;
  nowMinutes: number;
}): DoseSlotView[] {
  // Only medicines with doses today: a Monday medicine is not listed (nor missed) on a Tuesday.
  const active = input.medicines.filter((m) => isDoseDay(m, input.today));
  return groupIntoSlots(active, input.defaultReminderTimes).map((slot) => {
    const doses = slot.medicines.map((medicine) => {
      const takenToday = normaliseTaken(
        input.takenById.get(medicine.id),
        parseFrequency(medicine.frequency).length,
      );
      const step =
        medicine.schedule?.kind === 'taper'
          ? taperStepOn(medicine.schedule.steps, medicine.startDate, input.today)
          : null;
      const taken = takenToday.split('-')[slot.index] === '1';
      return step
        ? { medicine, takenToday, taken, step: { dose: step.dose, pillsPerDose: step.pillsPerDose } }
        : { medicine, takenToday, taken };
    });
    const passed = input.nowMinutes > minutesOfDay(slot.time);
    return {
      index: slot.index,
      time: slot.time,
      name: slot.name,
      status: slotStatus(
        doses.map((d) => d.taken),
        passed,
      ),
      available: isSlotAvailable(slot.time, input.nowMinutes),
      doses,
    };
  });
}

/**
 * Today's every-N-hours doses (decision 120), one card per dose: slot k is the k-th dose of the day
 * (the index its tick records), at the wall time the saved zone shows for it.
 */
export function buildIntervalDoses(input: {
  medicines: readonly Medicine[];
  takenById: ReadonlyMap<string, string | null | undefined>;
  today: string;
  nowMinutes: number;
  timeZone: string;
}): (DoseSlotView & { clockChanged: boolean })[] {
  return input.medicines.flatMap((medicine) => {
    const doses = intervalDosesOn(medicine, input.today, input.timeZone);
    const takenToday = normaliseTaken(input.takenById.get(medicine.id), doses.length);
    return doses.map((dose) => {
      const taken = takenToday.split('-')[dose.slot] === '1';
      return {
        index: dose.slot,
        time: dose.time,
        name: slotNameForTime(dose.time),
        status: slotStatus([taken], input.nowMinutes > minutesOfDay(dose.time)),
        available: isSlotAvailable(dose.time, input.nowMinutes),
        doses: [{ medicine, taken, takenToday }],
        clockChanged: dose.clockChanged === true,
      };
    });
  });
}
