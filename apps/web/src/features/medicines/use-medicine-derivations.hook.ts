import {
  type DerivedMedicineFigures,
  type DoseSchedule,
  coursePills,
  deriveMedicineFigures,
  slotsWithoutTime,
} from '@medrem/domain';
import { useMemo } from 'react';

/** What else the course's pills depend on: the schedule (a taper's steps) and the pills a dose. */
export interface CourseFields {
  schedule: DoseSchedule | null;
  pillsPerDose: number | undefined;
  startDate: string;
}

/**
 * Spec section 4 (add form): scheduled times follow the frequency (digit i → default time i),
 * dosesPerDay is their count. The pills for the whole course are the domain's `coursePills`, the
 * rule the server stores (decision 186): each dose at its day's pills, a taper's by its steps.
 * Recomputed whenever one of them changes.
 */
export function useMedicineDerivations(
  frequency: string | undefined,
  originalDurationDays: number | undefined,
  defaultReminderTimes: readonly string[],
  course: CourseFields = { schedule: null, pillsPerDose: 1, startDate: '1970-01-01' },
): DerivedMedicineFigures & { slotsWithoutTime: number[] } {
  const { schedule, pillsPerDose, startDate } = course;
  return useMemo(() => {
    const pattern = (frequency ?? '').trim();
    const days = Number.isFinite(originalDurationDays) ? Number(originalDurationDays) : 0;
    const pills = Number.isFinite(pillsPerDose) ? Number(pillsPerDose) : 1;
    const figures = deriveMedicineFigures({
      frequency: pattern,
      originalDurationDays: days,
      defaultReminderTimes,
    });
    const medicine = {
      frequency: pattern,
      startDate,
      originalDurationDays: days,
      schedule,
      pillsPerDose: pills,
    };
    return {
      ...figures,
      originalTotalPills: coursePills(medicine),
      slotsWithoutTime: slotsWithoutTime(pattern, defaultReminderTimes),
    };
  }, [frequency, originalDurationDays, defaultReminderTimes, schedule, pillsPerDose, startDate]);
}
