import { MISSED_DOSE_ALERT_DELAY_MINUTES, dosesOn, slotNameForTime } from '@medrem/domain';
import { textsOf } from '../reminder-texts';
import type { Occurrence, ScheduleSpec } from '../schedule-rules';
import { CARE_STALE_MS, careMissedIntent, careOffsetOf, carePhases } from './care-alerts';
import { postponedTo, scheduleContext, settledFlag, withStepDose } from './dose-state';
import { cadenceOf, followUpPhase, nextFollowUp, phaseAt } from './follow-ups';
import type { DueRow, Intent, RowOutcome, UserState } from './row-types';

type Next = NonNullable<RowOutcome['next']>;
const MINUTE_MS = 60_000;

/** A postponed dose's row names its medicine and slot (decision 316). */
export const postponedRowRef = (medicineId: string, slot: number) => `${medicineId}|${slot}`;

/**
 * The row's `slot` (unique per user and kind): a 31-bit FNV-1a hash of the dose, so postponing the
 * same dose again rewrites its one row in place, with no lookup and no counter to race on. Two doses
 * of one user pending at once share a slot with odds of about 1 in 2^31 (decision 316).
 */
export function postponedRowSlot(medicineId: string, date: string, slot: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${medicineId}|${date}|${slot}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x7fffffff;
}

function parseRef(ref: string | null): { medicineId: string; slot: number } | null {
  const [medicineId, slot] = (ref ?? '').split('|');
  return medicineId && slot !== undefined && /^\d+$/.test(slot) ? { medicineId, slot: Number(slot) } : null;
}

/**
 * A dose postponed to a later time of its day (decision 316): its one-off 'postponed' row walks, by
 * offset after the new time, the phases the dose would have had at its planned time: at 0 the
 * reminder, the follow-ups of its medicine's cadence (quiet hours hold them, decision 228), at 60
 * the missed-dose alert, and each caregiver's alert at 60 + their delay (whatever the patient's own
 * switches, decision 140). Nothing once the dose is settled (taken or skipped), its postponement was
 * taken back or moved (a move rewrites the row), or the medicine is gone; then the row goes.
 */
export function postponedOutcome(
  row: DueRow,
  occurrence: Occurrence,
  state: UserState,
  now: Date,
): RowOutcome {
  const none: RowOutcome = { intents: [], next: null };
  const which = parseRef(row.ref);
  const medicine = which && state.medicines.find((m) => m.id === which.medicineId);
  if (!which || !medicine) return none;
  const date = occurrence.date;
  if (postponedTo(state, medicine.id, date, which.slot) !== row.localTime) return none;
  const { settings } = state;
  const texts = textsOf(settings);
  const dose = dosesOn(medicine, date, scheduleContext(settings)).find((d) => d.slot === which.slot);
  if (!dose || settledFlag(state, medicine.id, date, which.slot)) return none;

  const n = settings.notifications;
  const nowMs = now.getTime();
  const doseAt = occurrence.fireAt.getTime() - row.offsetMinutes * MINUTE_MS;
  const spec: ScheduleSpec = {
    kind: 'postponed',
    slot: row.slot,
    localTime: row.localTime,
    offsetMinutes: 0,
    timezone: row.timezone,
  };
  const missedOn = n.enabled && n.missedDoseAlerts;
  const cadences = n.enabled ? [cadenceOf(medicine, settings)] : [];
  const care = carePhases(state.care);
  const line = texts.medicineLine(withStepDose(medicine, date));
  const ref = { slot: which.slot, date, medicineId: medicine.id, snoozable: false };
  const key = `${medicine.id}:${date}:${which.slot}:${row.localTime}`;

  /** The next phase after `offset`: the earliest of the next follow-up, the missed-dose alert, a caregiver's. */
  const after = (offset: number): Next | null => {
    const candidates: Next[] = [];
    const followUp = nextFollowUp(spec, cadences, {
      date,
      doseAt,
      offset,
      now: nowMs,
      until: Number.POSITIVE_INFINITY,
      giveWayAt: missedOn ? MISSED_DOSE_ALERT_DELAY_MINUTES : undefined,
    });
    if (followUp) candidates.push(followUp);
    if (missedOn && offset < MISSED_DOSE_ALERT_DELAY_MINUTES) {
      candidates.push(phaseAt(spec, date, doseAt, MISSED_DOSE_ALERT_DELAY_MINUTES));
    }
    const careNext = care.find((p) => p > offset);
    if (careNext !== undefined) candidates.push(phaseAt(spec, date, doseAt, careNext));
    return candidates.reduce<Next | null>((a, b) => (!a || b.fireAt < a.fireAt ? b : a), null);
  };

  const offset = row.offsetMinutes;
  if (offset === 0) {
    const fresh = nowMs < doseAt + MISSED_DOSE_ALERT_DELAY_MINUTES * MINUTE_MS;
    if (!n.enabled || !fresh) return { intents: [], next: after(0) };
    const reminder: Intent = {
      key: `postponed:${key}`,
      type: 'reminder',
      title: texts.doseTitle(slotNameForTime(row.localTime)),
      message: texts.postponedBody(line, dose.time),
      medicineName: medicine.name,
      dose: ref,
    };
    return { intents: [reminder], next: after(0) };
  }

  const missedPhase = missedOn && offset === MISSED_DOSE_ALERT_DELAY_MINUTES;
  if (!missedPhase && !care.includes(offset)) {
    // A follow-up (decision 227), held by quiet hours, stale after downtime, as a slot's.
    return followUpPhase({
      spec,
      occurrence,
      settings,
      cadences,
      offset,
      now,
      doseAt,
      until: Number.POSITIVE_INFINITY,
      after: () => after(offset),
      settled: null,
      intent: () => ({
        key: `followup-postponed:${key}:${offset}`,
        type: 'reminder',
        title: texts.intervalFollowUpTitle(medicine.name),
        message: texts.postponedBody(line, dose.time),
        medicineName: medicine.name,
        dose: ref,
      }),
    });
  }

  const intents: Intent[] = [];
  const fresh = nowMs < occurrence.fireAt.getTime() + CARE_STALE_MS;
  if (missedPhase && fresh) {
    intents.push({
      key: `missed-postponed:${key}`,
      type: 'missed_dose',
      title: texts.missedTitle,
      message: texts.missedBody(medicine.name),
      medicineName: medicine.name,
      dose: ref,
    });
  }
  if (care.includes(offset) && fresh) {
    for (const a of state.care) {
      if (!a.missedDoseAlerts || careOffsetOf(a) > offset) continue;
      // Once per caregiver and dose, whatever time it was postponed to.
      const careKey = `care-missed-postponed:${row.userId}:${medicine.id}:${date}:${which.slot}`;
      intents.push(careMissedIntent(a, careKey, medicine.name, row.localTime));
    }
  }
  // A follow-up step that falls on this phase gives way to the alerts sent now.
  return { intents, next: after(offset) };
}
