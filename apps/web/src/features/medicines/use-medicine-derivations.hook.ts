import { deriveMedicineFigures, slotsWithoutTime, type DerivedMedicineFigures } from '@medrem/domain';
import { useMemo } from 'react';

/**
 * Spec section 4 (add form): scheduled times follow the frequency (digit i → default time i),
 * dosesPerDay is their count and originalTotalPills = sum of digits × originalDurationDays.
 * Recomputed whenever frequency or originalDurationDays change.
 */
export function useMedicineDerivations(
  frequency: string | undefined,
  originalDurationDays: number | undefined,
  defaultReminderTimes: readonly string[],
): DerivedMedicineFigures & { slotsWithoutTime: number[] } {
  return useMemo(() => {
    const pattern = (frequency ?? '').trim();
    const days = Number.isFinite(originalDurationDays) ? Number(originalDurationDays) : 0;
    return {
      ...deriveMedicineFigures({ frequency: pattern, originalDurationDays: days, defaultReminderTimes }),
      slotsWithoutTime: slotsWithoutTime(pattern, defaultReminderTimes),
    };
  }, [frequency, originalDurationDays, defaultReminderTimes]);
}
