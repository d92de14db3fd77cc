import type { Medicine } from '@medrem/contract';
import { averagePillsPerDay, courseEndDate, supplyFigures, taperDaysLeft } from '@medrem/domain';
import type { MedicineWithTotals } from './medicine.repository';

/** Pills and days left of the current supply: doses taken since the last refill count against it. */
export function supplyOf(
  row: Pick<
    MedicineWithTotals,
    | 'totalPills'
    | 'takenTotal'
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
  const figures = supplyFigures({
    totalPills: row.totalPills,
    dosesTakenSinceRefill: Math.max(row.takenTotal - row.takenAtLastRefill, 0),
    pillsPerDose: row.pillsPerDose,
    dosesPerDay: row.dosesPerDay,
    // Days left by the schedule's real rate: a weekly medicine's supply lasts seven times as long.
    pillsPerDay: row.schedule ? averagePillsPerDay(row) : undefined,
  });
  const schedule = row.schedule;
  if (schedule?.kind !== 'taper' || !today) return figures;
  return { ...figures, daysLeft: taperDaysLeft({ ...row, schedule }, today, figures.pillsLeft) };
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
    courseEndDate: courseEndDate(row.startDate, row.originalDurationDays),
    pillsLeft,
    daysLeft,
    lastRefillAt: row.lastRefillAt ? row.lastRefillAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
