import type { Medicine } from '@medrem/contract';
import {
  averagePillsPerDay,
  courseEndDate,
  pillsTakenByTaper,
  supplyFigures,
  taperDaysLeft,
} from '@medrem/domain';
import type { MedicineWithTotals } from './medicine.repository';

/** Pills and days left of the current supply: doses taken since the last refill count against it. */
export function supplyOf(
  row: Pick<
    MedicineWithTotals,
    | 'totalPills'
    | 'takenTotal'
    | 'takenByDate'
    | 'takenAtLastRefill'
    | 'pillsPerDose'
    | 'dosesPerDay'
    | 'frequency'
    | 'schedule'
    | 'startDate'
    | 'originalDurationDays'
  >,
  /** Today in the saved zone: a taper's days left are walked from it, step by step. */
  today?: string,
) {
  const dosesTakenSinceRefill = Math.max(row.takenTotal - row.takenAtLastRefill, 0);
  const schedule = row.schedule;
  const figures = supplyFigures({
    totalPills: row.totalPills,
    dosesTakenSinceRefill,
    pillsPerDose: row.pillsPerDose,
    dosesPerDay: row.dosesPerDay,
    // Days left by the schedule's real rate: a weekly medicine's supply lasts seven times as long.
    pillsPerDay: schedule ? averagePillsPerDay(row) : undefined,
    // A taper's doses weigh their day's step's pills: the latest doses are those since the refill.
    pillsTakenSinceRefill:
      schedule?.kind === 'taper' && row.takenByDate
        ? pillsTakenByTaper(schedule.steps, row.startDate, row.takenByDate, dosesTakenSinceRefill)
        : undefined,
  });
  if (schedule?.kind !== 'taper' || !today) return figures;
  // Today's doses already taken need no pills again: the walk starts with what today still needs.
  const takenToday = row.takenByDate?.find((d) => d.date === today)?.count ?? 0;
  return { ...figures, daysLeft: taperDaysLeft({ ...row, schedule }, today, figures.pillsLeft, takenToday) };
}

export function toMedicine(row: MedicineWithTotals, userEmail: string, today?: string): Medicine {
  const { pillsLeft, daysLeft } = supplyOf(row, today);
  return {
    id: row.id,
    userEmail,
    name: row.name,
    dosage: row.dosage,
    frequency: row.frequency,
    startDate: row.startDate,
    scheduledTimes: row.scheduledTimes,
    durationDays: row.durationDays,
    originalDurationDays: row.originalDurationDays,
    instructions: row.instructions,
    totalPills: row.totalPills,
    originalTotalPills: row.originalTotalPills,
    pillsPerDose: row.pillsPerDose,
    dosesPerDay: row.dosesPerDay,
    reminders: [{ times: row.scheduledTimes }],
    schedule: row.schedule ?? null,
    // Only when it has them: the spec's shape is unchanged for a medicine on the default times.
    ...(row.doseTimes && row.doseTimes.length > 0 ? { doseTimes: row.doseTimes } : {}),
    // Only a custom cadence (decision 254): absent, the user's default applies.
    ...(row.followUps ? { followUps: { ...row.followUps } } : {}),
    // Only once stopped (decision 313): a medicine taken keeps the spec's shape.
    ...(row.stoppedOn ? { stoppedOn: row.stoppedOn } : {}),
    ...(row.stoppedOn && row.stopReason ? { stopReason: row.stopReason } : {}),
    courseEndDate: courseEndDate(row.startDate, row.originalDurationDays),
    pillsLeft,
    daysLeft,
    lastRefillAt: row.lastRefillAt ? row.lastRefillAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
