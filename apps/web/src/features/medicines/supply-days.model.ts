import { type DoseSchedule, averagePillsPerDay, supplyFigures } from '@medrem/domain';

/**
 * How many days the supply entered lasts, by the same rule as the dashboard's "days left"
 * (supplyFigures over the schedule's average pills a day): the form fills "Supply Duration" with it
 * until the user types their own (issue 51). null while the figures are incomplete or the supply
 * lasts less than a day (the field then stays the user's to fill).
 */
export function supplyDaysOf(input: {
  totalPills: number;
  pillsPerDose: number;
  frequency: string;
  schedule: DoseSchedule | null;
  startDate: string;
  originalDurationDays: number;
}): number | null {
  const { totalPills, pillsPerDose } = input;
  if (!(totalPills > 0) || !(pillsPerDose > 0)) return null;
  const pillsPerDay = averagePillsPerDay(input);
  if (!(pillsPerDay > 0)) return null;
  const { daysLeft } = supplyFigures({
    totalPills,
    dosesTakenSinceRefill: 0,
    pillsPerDose,
    dosesPerDay: 0,
    pillsPerDay,
  });
  return daysLeft >= 1 ? daysLeft : null;
}
