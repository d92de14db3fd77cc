import {
  DAILY_SUMMARY_TIME,
  MISSED_DOSE_ALERT_DELAY_MINUTES,
  type ScheduledMedicineFields,
  addDays,
  hasOwnTimes,
  lastCourseDay,
  nextDoseAfter,
  parseFrequency,
  timedOnItsOwn,
} from '@medrem/domain';
import type { EffectiveSettings } from '../settings/effective-settings';
import { localParts, zonedInstant } from './zoned-time';

/**
 * Kinds of schedule row. Recurring rows (dose, headsup, missed, summary) fire once per local day and
 * move to the next day; one-off rows (snooze, refill) are removed once they have fired. An
 * 'interval' row is one medicine's next dose, for a medicine reminded on its own: every-N-hours
 * (decision 120: N real hours at a time) or at its own times of day (decision 212). It moves from
 * dose to dose by the domain's rule and goes when the course has no later dose. A 'care'
 * row is one dose slot's caregiver alerts (decision 140): it walks the phases (one per distinct
 * caregiver delay) of every day; a 'care-interval' row (`ref` = the medicine) walks them for every
 * dose of one medicine reminded on its own (decision 250). A 'snooze-interval' row is a snoozed dose
 * of such a medicine (decision 251, `ref` = the medicine), one-off like a 'snooze'. A 'postponed' row
 * is one dose postponed to a later time of its day (decision 316, `ref` = medicine|slot): it walks
 * that dose's reminder, follow-ups, missed-dose and caregiver alerts from the new time, then goes.
 * An 'expiry' row is the user's next expiry reminder of a pack on hand (decision 323): it moves from stage to stage.
 * A 'measure' row
 * is one measurement reminder (decision 331, `ref` = the reminder): it moves from one of its times
 * to the next, through its follow-ups while no reading answers it.
 */
export type ReminderKind =
  | 'dose'
  | 'headsup'
  | 'missed'
  | 'summary'
  | 'snooze'
  | 'snooze-interval'
  | 'refill'
  | 'interval'
  | 'care'
  | 'care-interval'
  | 'postponed'
  | 'expiry'
  | 'measure';
export const RECURRING_KINDS: readonly ReminderKind[] = ['dose', 'headsup', 'missed', 'summary'];

/** What a schedule row means: wall-clock `localTime` (+ offset) in `timezone`, every day. */
export interface ScheduleSpec {
  kind: ReminderKind;
  slot: number;
  localTime: string;
  offsetMinutes: number;
  timezone: string;
}

export interface Occurrence {
  /** The local date of the dose (or summary) this firing belongs to. */
  date: string;
  fireAt: Date;
}

export function fireAtFor(
  spec: Pick<ScheduleSpec, 'localTime' | 'offsetMinutes' | 'timezone'>,
  date: string,
): Date {
  const base = zonedInstant(date, spec.localTime, spec.timezone);
  return new Date(base.getTime() + spec.offsetMinutes * 60_000);
}

/** The first occurrence that fires strictly after `after`. */
export function nextOccurrence(spec: ScheduleSpec, after: Date, notBefore?: string): Occurrence {
  let date = addDays(localParts(after.getTime(), spec.timezone).date, -2);
  if (notBefore && notBefore > date) date = notBefore;
  for (;;) {
    const fireAt = fireAtFor(spec, date);
    if (fireAt.getTime() > after.getTime()) return { date, fireAt };
    date = addDays(date, 1);
  }
}

/** The latest occurrence that was due at `now` (after downtime: the one that still matters). */
export function latestDueOccurrence(spec: ScheduleSpec, now: Date): Occurrence {
  let date = addDays(localParts(now.getTime(), spec.timezone).date, 2);
  for (;;) {
    const fireAt = fireAtFor(spec, date);
    if (fireAt.getTime() <= now.getTime()) return { date, fireAt };
    date = addDays(date, -1);
  }
}

export interface ScheduledMedicine extends ScheduledMedicineFields {
  id: string;
}

/**
 * A medicine's own next dose as a schedule row (every-N-hours or own times): slot i is the user's
 * i-th such medicine.
 */
export interface IntervalRow extends ScheduleSpec {
  ref: string;
  occurrenceDate: string;
  fireAt: Date;
}

/** The 'interval' rows a user needs now: the next dose after `now` of each medicine reminded on its own. */
export function desiredIntervalRows(
  settings: EffectiveSettings,
  medicines: readonly ScheduledMedicine[],
  now: Date,
): IntervalRow[] {
  if (!settings.notifications.enabled) return [];
  const timezone = settings.timezone;
  const context = {
    timeZone: timezone,
    defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
  };
  return medicines.filter(timedOnItsOwn).flatMap((m, slot) => {
    const dose = nextDoseAfter(m, now.getTime(), context);
    if (!dose) return [];
    return [
      {
        kind: 'interval' as const,
        slot,
        localTime: dose.time,
        offsetMinutes: 0,
        timezone,
        ref: m.id,
        occurrenceDate: dose.date,
        fireAt: new Date(dose.at),
      },
    ];
  });
}

export function specKey(spec: Pick<ScheduleSpec, 'kind' | 'slot'>): string {
  return `${spec.kind}:${spec.slot}`;
}

/**
 * The recurring rows a user needs now: for every dose slot that a medicine still to be taken uses,
 * the dose reminder, the missed-dose alert (when on) and the heads-up (when on); the daily summary
 * (when on). Nothing at all when notifications are off.
 */
export function desiredSchedule(
  settings: EffectiveSettings,
  medicines: readonly ScheduledMedicine[],
  today: string,
): ScheduleSpec[] {
  const n = settings.notifications;
  if (!n.enabled) return [];
  // A medicine with its own times has its own row (decision 212): its flags are not default slots.
  const live = medicines.filter((m) => !hasOwnTimes(m) && lastCourseDay(m) >= today);
  if (live.length === 0) return [];
  const timezone = settings.timezone;
  const specs: ScheduleSpec[] = [];
  settings.medicineDefaults.defaultReminderTimes.forEach((localTime, slot) => {
    if (!live.some((m) => parseFrequency(m.frequency)[slot] === 1)) return;
    specs.push({ kind: 'dose', slot, localTime, offsetMinutes: 0, timezone });
    if (n.missedDoseAlerts) {
      specs.push({
        kind: 'missed',
        slot,
        localTime,
        offsetMinutes: MISSED_DOSE_ALERT_DELAY_MINUTES,
        timezone,
      });
    }
    if (n.upcomingHeadsUp && n.reminderAdvance > 0) {
      specs.push({ kind: 'headsup', slot, localTime, offsetMinutes: -n.reminderAdvance, timezone });
    }
  });
  if (n.dailySummary)
    specs.push({ kind: 'summary', slot: 0, localTime: DAILY_SUMMARY_TIME, offsetMinutes: 0, timezone });
  return specs;
}
