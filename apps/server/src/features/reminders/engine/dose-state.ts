import { parseFrequency, taperStepOn } from '@medrem/domain';
import type { EngineMedicine, UserState } from './row-types';

/** What the row rules read of a user's state: taken flags, the schedule context, a taper's dose. */
export const takenFlag = (state: UserState, medicineId: string, date: string, slot: number) =>
  parseFrequency(state.taken.get(`${medicineId}|${date}`) ?? '')[slot] === 1;

/** Taken or skipped (decision 225): nothing more is asked about the dose. O(1) for a day without a skip. */
export const settledFlag = (state: UserState, medicineId: string, date: string, slot: number) => {
  const settled = state.skipped?.get(`${medicineId}|${date}`);
  return settled === undefined
    ? takenFlag(state, medicineId, date, slot)
    : parseFrequency(settled)[slot] === 1;
};

/** The time a dose was postponed to (decision 316), or null. */
export const postponedTo = (state: UserState, medicineId: string, date: string, slot: number) =>
  state.postponed?.get(`${medicineId}|${date}`)?.[slot]?.to ?? null;

/**
 * Nothing is asked about the dose at its planned time: settled (taken or skipped), or postponed to
 * another time (decision 316), whose own 'postponed' row reminds it then.
 */
export const quietAtPlannedTime = (state: UserState, medicineId: string, date: string, slot: number) =>
  postponedTo(state, medicineId, date, slot) !== null || settledFlag(state, medicineId, date, slot);

export const scheduleContext = (settings: UserState['settings']) => ({
  timeZone: settings.timezone,
  defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
});

/** A taper's reminder names the dose of the day's step (40 mg, then 30 mg …), not the medicine's. */
export function withStepDose(medicine: EngineMedicine, date: string): EngineMedicine {
  if (medicine.schedule?.kind !== 'taper') return medicine;
  const step = taperStepOn(medicine.schedule.steps, medicine.startDate, date);
  return step ? { ...medicine, dosage: step.dose } : medicine;
}
