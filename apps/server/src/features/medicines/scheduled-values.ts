import { type MedicineFields, OWN_TIMES_NEED_SLOTS, frequencyIssue } from '@medrem/contract';
import {
  type DoseSchedule,
  NO_SLOT_FREQUENCY,
  coursePills,
  deriveMedicineFigures,
  ownTimesFrequencyIssue,
  ownTimesIssue,
  scheduledCourseDays,
  slotTimesOf,
  slotsWithoutTime,
  usesSlots,
} from '@medrem/domain';
import { badRequest } from '../../lib/app-error';
import type { MedicineValues } from './medicine.repository';

/**
 * The values stored for a medicine's fields (decision 120). Without a schedule (or 'daily') they are
 * the spec's figures from the frequency. Weekdays, cycles and tapers keep the frequency's slots; a
 * taper's course is its steps. Every-N-hours and as-needed medicines have no slot doses, so their
 * frequency is stored as '0': no slot card, slot reminder or slot report cell can pick them up.
 * A medicine with its own times (decision 212) has one flag per time; its scheduled times are its
 * own, and no default time's change moves them.
 */
export function scheduledValues(
  fields: MedicineFields,
  defaultReminderTimes: readonly string[],
): MedicineValues {
  const schedule = normalised(fields.schedule);
  // The contract judges the flags when the input names the schedule; an update that leaves it out
  // keeps the stored one, judged here by the same rule (decision 184).
  const issue = frequencyIssue(fields.frequency, schedule);
  if (issue) throw badRequest(`frequency: ${issue}`);
  const frequency = usesSlots(schedule) ? fields.frequency : NO_SLOT_FREQUENCY;
  const doseTimes = ownTimes(fields.doseTimes, schedule, frequency);
  const slotTimes = slotTimesOf({ doseTimes }, defaultReminderTimes);
  const missing = slotsWithoutTime(frequency, slotTimes);
  if (missing.length > 0) {
    throw badRequest(
      `The frequency has a dose in slot ${missing[0]! + 1}, but only ${defaultReminderTimes.length} default reminder times are set. Add a time in Settings first.`,
    );
  }
  const originalDurationDays = scheduledCourseDays(schedule, fields.originalDurationDays);
  const figures = deriveMedicineFigures({
    frequency,
    originalDurationDays,
    defaultReminderTimes: slotTimes,
  });
  const values = { ...fields, frequency, originalDurationDays, schedule, doseTimes, ...figures };
  // The course's pills by the schedule's real rate and each dose's pills (decision 186): one a week
  // lasts seven times as long, a taper's steps weigh their pills.
  return { ...values, originalTotalPills: coursePills(values) };
}

/**
 * The own times stored (decision 212): null for none. The contract judged them when the input named
 * them; an update that keeps the stored ones with a new frequency or schedule is judged here by the
 * same rules.
 */
function ownTimes(
  doseTimes: readonly string[] | null | undefined,
  schedule: DoseSchedule | null,
  frequency: string,
): string[] | null {
  if (!doseTimes) return null;
  const issue = ownTimesIssue(doseTimes);
  if (issue) throw badRequest(`doseTimes: ${issue}`);
  if (!usesSlots(schedule)) throw badRequest(`doseTimes: ${OWN_TIMES_NEED_SLOTS}`);
  const mismatch = ownTimesFrequencyIssue(frequency, doseTimes);
  if (mismatch) throw badRequest(`frequency: ${mismatch}`);
  return [...doseTimes];
}

/** 'daily' is the spec's rule (stored as null); weekdays are kept once each, in week order. */
function normalised(schedule: DoseSchedule | null | undefined): DoseSchedule | null {
  if (!schedule || schedule.kind === 'daily') return null;
  if (schedule.kind === 'weekdays') return { ...schedule, days: [...new Set(schedule.days)].sort() };
  return schedule;
}
