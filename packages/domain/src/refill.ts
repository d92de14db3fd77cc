import {
  DURATION_RED_MAX_DAYS,
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

/**
 * THE running-low rule (decision 182): 7 days or fewer left. The dashboard's badge (anything but
 * green), the refill reminders, the reports' count and the bell's refill notification all follow it,
 * so no screen calls "running low" what another calls "enough".
 */
export function needsRefillSoon(figures: Pick<SupplyFigures, 'daysLeft'>): boolean {
  return figures.daysLeft <= UPCOMING_REFILL_WINDOW_DAYS;
}

/**
 * Urgent (the bell's refill notification, the reminder's "Urgent"): running low, and 5 pills or
 * fewer or 2 days or fewer (the spec's urgency). The spec's pill count alone made five pills of a
 * weekly medicine, five weeks' supply, "running low" beside a dashboard saying "enough".
 */
export function isUrgentRefill(figures: SupplyFigures): boolean {
  return (
    needsRefillSoon(figures) &&
    (figures.pillsLeft <= URGENT_REFILL_MAX_PILLS || figures.daysLeft <= URGENT_REFILL_MAX_DAYS)
  );
}

/**
 * A refill adds the pills bought to what is left (decision 182); the spec's refill replaced the
 * supply, so pills still in the box were lost from the count.
 */
export function supplyAfterRefill(pillsLeft: number, pillsAdded: number): number {
  return pillsLeft + pillsAdded;
}

/**
 * The pills a refill adds when the user gives no number: a pack, which is what the last refill
 * added, or before any refill the supply the user entered (decision 182).
 */
export function defaultRefillPills(lastRefillPills: number | undefined, enteredSupply: number): number {
  return lastRefillPills ?? enteredSupply;
}

export function upcomingRefillCount(reminders: readonly Pick<SupplyFigures, 'daysLeft'>[]): number {
  return reminders.filter(needsRefillSoon).length;
}

export type DurationBand = 'red' | 'yellow' | 'green';

/** Spec: 3 days or fewer red, 4 to 7 yellow, more than 7 green: green is exactly "not running low". */
export function durationBand(daysLeft: number): DurationBand {
  if (!needsRefillSoon({ daysLeft })) return 'green';
  return daysLeft <= DURATION_RED_MAX_DAYS ? 'red' : 'yellow';
}
