import { type MedicineFields, frequencyIssue } from '@medrem/contract';
import {
  type DoseSchedule,
  NO_SLOT_FREQUENCY,
  coursePills,
  deriveMedicineFigures,
  scheduledCourseDays,
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
  const missing = slotsWithoutTime(frequency, defaultReminderTimes);
  if (missing.length > 0) {
    throw badRequest(
      `The frequency has a dose in slot ${missing[0]! + 1}, but only ${defaultReminderTimes.length} default reminder times are set. Add a time in Settings first.`,
    );
  }
  const originalDurationDays = scheduledCourseDays(schedule, fields.originalDurationDays);
  const figures = deriveMedicineFigures({ frequency, originalDurationDays, defaultReminderTimes });
  const values = { ...fields, frequency, originalDurationDays, schedule, ...figures };
  // The course's pills by the schedule's real rate and each dose's pills (decision 186): one a week
  // lasts seven times as long, a taper's steps weigh their pills.
  return { ...values, originalTotalPills: coursePills(values) };
}

/** 'daily' is the spec's rule (stored as null); weekdays are kept once each, in week order. */
function normalised(schedule: DoseSchedule | null | undefined): DoseSchedule | null {
  if (!schedule || schedule.kind === 'daily') return null;
  if (schedule.kind === 'weekdays') return { ...schedule, days: [...new Set(schedule.days)].sort() };
  return schedule;
}
