import {
  MISSED_DOSE_ALERT_DELAY_MINUTES,
  dosesOn,
  nextDoseAfter,
  slotNameForTime,
  timedOnItsOwn,
} from '@medrem/domain';
import type { Occurrence } from '../schedule-rules';
import { reminderTexts } from '../reminder-texts';
import type { DueRow, Intent, RowOutcome, UserState } from './row-types';
import { scheduleContext, takenFlag, withStepDose } from './dose-state';

/**
 * A dose of a medicine reminded on its own: every-N-hours (decision 120) or at its own times of day
 * (decision 212). The row has two phases per dose: at the dose (offset 0) the
 * reminder, unless it is taken, gone, or past its missed-dose time; 60 minutes later (offset 60,
 * when missed-dose alerts are on) the missed-dose alert if still not taken and no later dose has
 * come. Then it moves to the medicine's next dose (every-N-hours: N real hours on whatever the
 * clocks did) and goes when the course has none. No snooze: a snooze row is a default-time slot's.
 */
export function ownRowOutcome(row: DueRow, occurrence: Occurrence, state: UserState, now: Date): RowOutcome {
  const medicine = state.medicines.find((m) => m.id === row.ref);
  const n = state.settings.notifications;
  if (!medicine || !timedOnItsOwn(medicine) || !n.enabled) return { intents: [], next: null };
  const timezone = state.settings.timezone;
  const context = scheduleContext(state.settings);
  const missedAfter = MISSED_DOSE_ALERT_DELAY_MINUTES * 60_000;
  const dueAt = occurrence.fireAt.getTime() - row.offsetMinutes * 60_000;
  const date = occurrence.date;
  // The dose in the saved zone (the row's zone is the one it was written in; a zone change moves it).
  const dose = dosesOn(medicine, date, { ...context, timeZone: row.timezone }).find((d) => d.at === dueAt);
  const open = dose !== undefined && !takenFlag(state, medicine.id, date, dose.slot);
  const phase = (d: { date: string; time: string; at: number }, offsetMinutes: number) => ({
    date: d.date,
    fireAt: new Date(d.at + offsetMinutes * 60_000),
    spec: { kind: 'interval' as const, slot: row.slot, localTime: d.time, offsetMinutes, timezone },
  });
  // The next dose still worth a reminder: after downtime the current one (it fires on the next
  // tick), never one already past its missed-dose time.
  const following = nextDoseAfter(medicine, Math.max(dueAt, now.getTime() - missedAfter), context);
  const nextDose = following ? phase(following, 0) : null;
  const ref = dose ? { slot: dose.slot, date, medicineId: medicine.id, snoozable: false } : undefined;

  if (row.offsetMinutes === 0) {
    const next =
      open && n.missedDoseAlerts
        ? phase({ date, time: dose.time, at: dueAt }, MISSED_DOSE_ALERT_DELAY_MINUTES)
        : nextDose;
    if (!open || now.getTime() >= dueAt + missedAfter) return { intents: [], next };
    const schedule = medicine.schedule;
    const line = reminderTexts.medicineLine(withStepDose(medicine, date));
    const intent: Intent = {
      key: `interval:${medicine.id}:${date}:${dose.slot}`,
      type: 'reminder',
      // Own times: the words of a default time's reminder ("Time for your Morning dose").
      ...(schedule?.kind === 'interval'
        ? {
            title: reminderTexts.intervalTitle(medicine.name),
            message: reminderTexts.intervalBody(line, schedule.everyHours, dose.clockChanged === true),
          }
        : { title: reminderTexts.doseTitle(slotNameForTime(dose.time)), message: line }),
      medicineName: medicine.name,
      dose: ref!,
    };
    return { intents: [intent], next };
  }
  const later = nextDoseAfter(medicine, dueAt, context);
  const current = !later || later.at > now.getTime();
  if (!open || !n.missedDoseAlerts || !current) return { intents: [], next: nextDose };
  const alert: Intent = {
    key: `missed-interval:${medicine.id}:${date}:${dose.slot}`,
    type: 'missed_dose',
    title: reminderTexts.missedTitle,
    message: reminderTexts.missedBody(medicine.name),
    medicineName: medicine.name,
    dose: ref!,
  };
  return { intents: [alert], next: nextDose };
}
