import {
  type DayDose,
  MISSED_DOSE_ALERT_DELAY_MINUTES,
  dosesOn,
  nextDoseAfter,
  slotNameForTime,
  timedOnItsOwn,
} from '@medrem/domain';
import type { Occurrence } from '../schedule-rules';
import { type ReminderTexts, textsOf } from '../reminder-texts';
import type { DueRow, EngineMedicine, Intent, RowOutcome, UserState } from './row-types';
import { quietAtPlannedTime, scheduleContext, withStepDose } from './dose-state';
import { cadenceOf, followUpPhase, nextFollowUp } from './follow-ups';

/** A snoozed reminder this late (downtime) is not sent (as a slot's snooze). */
export const SNOOZE_STALE_MS = 12 * 3_600_000;

type DoseInstant = { date: string; time: string; at: number };

/** The phase of an own row `offsetMinutes` after the dose `d`, as a move of the row. */
function ownPhase(slot: number, timezone: string, d: DoseInstant, offsetMinutes: number) {
  return {
    date: d.date,
    fireAt: new Date(d.at + offsetMinutes * 60_000),
    spec: { kind: 'interval' as const, slot, localTime: d.time, offsetMinutes, timezone },
  };
}

/**
 * A dose of a medicine reminded on its own: every-N-hours (decision 120) or at its own times of day
 * (decision 212). The row walks phases of each dose, by offset after it: at 0 the reminder, unless
 * it is settled (taken or skipped), gone, or past its missed-dose time; the follow-ups at N, 2N …
 * while it is open and before the next dose (decision 227; one held by quiet hours sits at the
 * window's end); at 60 (when missed-dose alerts are on) the missed-dose alert if still open and no
 * later dose has come. Then it moves to the medicine's next dose (every-N-hours: N real hours on whatever the
 * clocks did) and goes when the course has none. A snooze is a 'snooze-interval' row of its own
 * (decision 251, `ownSnoozeOutcome`).
 */
export function ownRowOutcome(row: DueRow, occurrence: Occurrence, state: UserState, now: Date): RowOutcome {
  const medicine = state.medicines.find((m) => m.id === row.ref);
  const n = state.settings.notifications;
  if (!medicine || !timedOnItsOwn(medicine) || !n.enabled) return { intents: [], next: null };
  const texts = textsOf(state.settings);
  const timezone = state.settings.timezone;
  const context = scheduleContext(state.settings);
  const missedAfter = MISSED_DOSE_ALERT_DELAY_MINUTES * 60_000;
  const dueAt = occurrence.fireAt.getTime() - row.offsetMinutes * 60_000;
  const date = occurrence.date;
  // The dose in the saved zone (the row's zone is the one it was written in; a zone change moves it).
  const dose = dosesOn(medicine, date, { ...context, timeZone: row.timezone }).find((d) => d.at === dueAt);
  // Open: neither taken nor skipped (decision 225).
  const open = dose !== undefined && !quietAtPlannedTime(state, medicine.id, date, dose.slot);
  const phase = (d: DoseInstant, offsetMinutes: number) => ownPhase(row.slot, timezone, d, offsetMinutes);
  // The next dose still worth a reminder: after downtime the current one (it fires on the next
  // tick), never one already past its missed-dose time.
  const following = nextDoseAfter(medicine, Math.max(dueAt, now.getTime() - missedAfter), context);
  const nextDose = following ? phase(following, 0) : null;
  // The reminder and its follow-ups offer Snooze (decision 251); the missed-dose alert does not.
  const ref = dose ? { slot: dose.slot, date, medicineId: medicine.id, snoozable: true } : undefined;
  // Follow-ups (decision 227) stop at the medicine's next dose; the missed-dose alert keeps its time.
  const later = nextDoseAfter(medicine, dueAt, context);
  const until = later ? later.at : Number.POSITIVE_INFINITY;
  const spec = {
    kind: 'interval' as const,
    slot: row.slot,
    localTime: dose?.time ?? row.localTime,
    offsetMinutes: 0,
    timezone,
  };
  // The medicine's own cadence or the user's default (decision 254); none once the dose is settled.
  const cadences = open ? [cadenceOf(medicine, state.settings)] : [];
  /** The phase after `offset` while the dose is open: the next follow-up or the missed-dose alert. */
  const after = (offset: number) => {
    if (!open || !dose) return nextDose;
    const followUp = nextFollowUp(spec, cadences, {
      date,
      doseAt: dueAt,
      offset,
      now: now.getTime(),
      until,
    });
    const missed =
      n.missedDoseAlerts && offset < MISSED_DOSE_ALERT_DELAY_MINUTES
        ? phase({ date, time: dose.time, at: dueAt }, MISSED_DOSE_ALERT_DELAY_MINUTES)
        : null;
    if (followUp && (!missed || followUp.fireAt < missed.fireAt)) return followUp;
    return missed ?? nextDose;
  };

  const isMissedPhase = row.offsetMinutes === MISSED_DOSE_ALERT_DELAY_MINUTES && n.missedDoseAlerts;
  if (row.offsetMinutes > 0 && !isMissedPhase) {
    return followUpPhase({
      spec,
      occurrence,
      settings: state.settings,
      cadences,
      offset: row.offsetMinutes,
      now,
      doseAt: dueAt,
      until,
      after: () => after(row.offsetMinutes),
      settled: nextDose,
      intent: () =>
        open && dose
          ? {
              key: `followup-interval:${medicine.id}:${date}:${dose.slot}:${row.offsetMinutes}`,
              type: 'reminder',
              title: texts.intervalFollowUpTitle(medicine.name),
              message: texts.followUpBody(texts.medicineLine(withStepDose(medicine, date))),
              medicineName: medicine.name,
              dose: ref!,
              sameMinute: {
                localTime: dose.time,
                lines: [texts.medicineLine(withStepDose(medicine, date))],
                followUp: true,
              },
            }
          : null,
    });
  }

  if (row.offsetMinutes === 0) {
    const next = after(0);
    if (!open || now.getTime() >= dueAt + missedAfter) return { intents: [], next };
    const intent = ownReminderIntent(
      texts,
      medicine,
      date,
      dose,
      `interval:${medicine.id}:${date}:${dose.slot}`,
    );
    // One notification with the user's other doses due at this instant (decision 263).
    const line = texts.medicineLine(withStepDose(medicine, date));
    intent.sameMinute = { localTime: dose.time, lines: [line] };
    return { intents: [intent], next };
  }
  const current = !later || later.at > now.getTime();
  if (!open || !n.missedDoseAlerts || !current) return { intents: [], next: nextDose };
  const alert: Intent = {
    key: `missed-interval:${medicine.id}:${date}:${dose.slot}`,
    type: 'missed_dose',
    title: texts.missedTitle,
    message: texts.missedBody(medicine.name),
    medicineName: medicine.name,
    dose: { ...ref!, snoozable: false },
  };
  return { intents: [alert], next: after(row.offsetMinutes) };
}

/** The words and buttons of an own-timed dose's reminder (its snoozed repeat's too), under `key`. */
function ownReminderIntent(
  texts: ReminderTexts,
  medicine: EngineMedicine,
  date: string,
  dose: DayDose,
  key: string,
): Intent {
  const schedule = medicine.schedule;
  const line = texts.medicineLine(withStepDose(medicine, date));
  return {
    key,
    type: 'reminder',
    // Own times: the words of a default time's reminder ("Time for your Morning dose").
    ...(schedule?.kind === 'interval'
      ? {
          title: texts.intervalTitle(medicine.name),
          message: texts.intervalBody(line, schedule.everyHours, dose.clockChanged === true),
        }
      : { title: texts.doseTitle(slotNameForTime(dose.time)), message: line }),
    medicineName: medicine.name,
    dose: { slot: dose.slot, date, medicineId: medicine.id, snoozable: true },
  };
}

/**
 * A snoozed own-timed dose (decision 251): a one-off 'snooze-interval' row, `ref` = the medicine,
 * `local_time` and `occurrence_date` the dose's. Its reminder once more, unless the dose is settled
 * by then (taken or skipped), the medicine is gone, notifications are off or it is over 12 h late.
 */
export function ownSnoozeOutcome(
  row: DueRow,
  occurrence: Occurrence,
  state: UserState,
  now: Date,
): RowOutcome {
  const medicine = state.medicines.find((m) => m.id === row.ref);
  const none = { intents: [], next: null };
  if (!medicine || !timedOnItsOwn(medicine) || !state.settings.notifications.enabled) return none;
  if (now.getTime() >= occurrence.fireAt.getTime() + SNOOZE_STALE_MS) return none;
  const date = occurrence.date;
  const context = scheduleContext(state.settings);
  const dose = dosesOn(medicine, date, context).find((d) => d.time === row.localTime && !d.beforeAdded);
  if (!dose || quietAtPlannedTime(state, medicine.id, date, dose.slot)) return none;
  const key = `snooze-interval:${medicine.id}:${date}:${dose.slot}:${occurrence.fireAt.toISOString()}`;
  return { intents: [ownReminderIntent(textsOf(state.settings), medicine, date, dose, key)], next: null };
}

/**
 * A snooze replaces the dose's pending follow-ups (decisions 227, 251): where the medicine's
 * 'interval' row goes when it waits at a follow-up of the snoozed dose. To the dose's missed-dose
 * alert when that is on and still to come, else to the medicine's next dose; null: the row goes
 * (no dose left). `undefined`: the row is not at a follow-up of this dose and stays.
 */
export function afterSnooze(
  row: { occurrenceDate: string; localTime: string; offsetMinutes: number; fireAt: Date; slot: number },
  dose: { date: string; localTime: string },
  medicine: EngineMedicine,
  settings: UserState['settings'],
): NonNullable<RowOutcome['next']> | null | undefined {
  const missedOn = settings.notifications.missedDoseAlerts;
  const followUp =
    row.offsetMinutes > 0 && !(missedOn && row.offsetMinutes === MISSED_DOSE_ALERT_DELAY_MINUTES);
  if (!followUp || row.occurrenceDate !== dose.date || row.localTime !== dose.localTime) return undefined;
  const doseAt = row.fireAt.getTime() - row.offsetMinutes * 60_000;
  if (missedOn && row.offsetMinutes < MISSED_DOSE_ALERT_DELAY_MINUTES) {
    const current = { date: dose.date, time: dose.localTime, at: doseAt };
    return ownPhase(row.slot, settings.timezone, current, MISSED_DOSE_ALERT_DELAY_MINUTES);
  }
  const next = nextDoseAfter(medicine, doseAt, scheduleContext(settings));
  return next ? ownPhase(row.slot, settings.timezone, next, 0) : null;
}
