import {
  groupIntoSlots,
  isCourseActiveOn,
  isSlotAvailable,
  minutesOfDay,
  normaliseTaken,
  parseFrequency,
  slotStatus,
  type SlotName,
  type SlotStatus,
} from '@medrem/domain';
import type { Medicine } from '@medrem/contract';

export interface SlotDose {
  medicine: Medicine;
  taken: boolean;
  /** The medicine's whole taken string for today, normalised to its frequency's length. */
  takenToday: string;
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
  const active = input.medicines.filter((m) => isCourseActiveOn(m, input.today));
  return groupIntoSlots(active, input.defaultReminderTimes).map((slot) => {
    const doses = slot.medicines.map((medicine) => {
      const takenToday = normaliseTaken(
        input.takenById.get(medicine.id),
        parseFrequency(medicine.frequency).length,
      );
      return { medicine, takenToday, taken: takenToday.split('-')[slot.index] === '1' };
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
