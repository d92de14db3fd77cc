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
import { scheduleContext, settledFlag, withStepDose } from './dose-state';
import { followUpPhase, nextFollowUp } from './follow-ups';

/**
 * A dose of a medicine reminded on its own: every-N-hours (decision 120) or at its own times of day
 * (decision 212). The row walks phases of each dose, by offset after it: at 0 the reminder, unless
 * it is settled (taken or skipped), gone, or past its missed-dose time; the follow-ups at N, 2N …
 * while it is open and before the next dose (decision 227; one held by quiet hours sits at the
 * window's end); at 60 (when missed-dose alerts are on) the missed-dose alert if still open and no
 * later dose has come. Then it moves to the medicine's next dose (every-N-hours: N real hours on whatever the
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
  // Open: neither taken nor skipped (decision 225).
  const open = dose !== undefined && !settledFlag(state, medicine.id, date, dose.slot);
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
  /** The phase after `offset` while the dose is open: the next follow-up or the missed-dose alert. */
  const after = (offset: number) => {
    if (!open || !dose) return nextDose;
    const followUp = nextFollowUp(spec, state.settings, {
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
              title: reminderTexts.intervalFollowUpTitle(medicine.name),
              message: reminderTexts.followUpBody(reminderTexts.medicineLine(withStepDose(medicine, date))),
              medicineName: medicine.name,
              dose: ref!,
              sameMinute: {
                localTime: dose.time,
                lines: [reminderTexts.medicineLine(withStepDose(medicine, date))],
                followUp: true,
              },
            }
          : null,
    });
  }

  if (row.offsetMinutes === 0) {
    const next = after(0);
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
      // One notification with the user's other doses due at this instant (decision 263).
      sameMinute: { localTime: dose.time, lines: [line] },
    };
    return { intents: [intent], next };
  }
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
  return { intents: [alert], next: after(row.offsetMinutes) };
}
