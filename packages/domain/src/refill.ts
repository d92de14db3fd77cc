import {
  DURATION_RED_MAX_DAYS,
  DURATION_YELLOW_MAX_DAYS,
  UPCOMING_REFILL_WINDOW_DAYS,
  URGENT_REFILL_MAX_DAYS,
  URGENT_REFILL_MAX_PILLS,
} from './constants';

export interface SupplyFigures {
  pillsLeft: number;
  daysLeft: number;
}

/**
 * pillsLeft = pills in the current supply − doses taken since the last refill × pillsPerDose (or
 * the pills those doses took, when given); daysLeft = floor(pillsLeft / (pillsPerDose × dosesPerDay)).
 */
export function supplyFigures(input: {
  totalPills: number;
  dosesTakenSinceRefill: number;
  pillsPerDose: number;
  dosesPerDay: number;
  /** Pills a day by a schedule's real rate (decision 120); pillsPerDose × dosesPerDay when absent. */
  pillsPerDay?: number | undefined;
  /** Pills taken since the refill when doses differ in pills (a taper's steps, decision 120). */
  pillsTakenSinceRefill?: number | undefined;
}): SupplyFigures {
  const taken = input.pillsTakenSinceRefill ?? input.dosesTakenSinceRefill * input.pillsPerDose;
  const pillsLeft = Math.max(input.totalPills - taken, 0);
  const perDay = input.pillsPerDay ?? input.pillsPerDose * input.dosesPerDay;
  const daysLeft = perDay > 0 ? Math.floor(pillsLeft / perDay) : 0;
  return { pillsLeft, daysLeft };
}

/** Spec: urgent when 5 pills or fewer, or 2 days or fewer. */
export function isUrgentRefill(figures: SupplyFigures): boolean {
  return figures.pillsLeft <= URGENT_REFILL_MAX_PILLS || figures.daysLeft <= URGENT_REFILL_MAX_DAYS;
}

/** Spec: a refill is upcoming when daysLeft is 7 or fewer. */
export function needsRefillSoon(figures: Pick<SupplyFigures, 'daysLeft'>): boolean {
  return figures.daysLeft <= UPCOMING_REFILL_WINDOW_DAYS;
}

export function upcomingRefillCount(reminders: readonly Pick<SupplyFigures, 'daysLeft'>[]): number {
  return reminders.filter(needsRefillSoon).length;
}

export type DurationBand = 'red' | 'yellow' | 'green';

/** Spec: 3 days or fewer red, 4 to 7 yellow, more than 7 green. */
export function durationBand(daysLeft: number): DurationBand {
  if (daysLeft <= DURATION_RED_MAX_DAYS) return 'red';
  if (daysLeft <= DURATION_YELLOW_MAX_DAYS) return 'yellow';
  return 'green';
}
