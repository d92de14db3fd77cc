import { MISSED_DOSE_ALERT_DELAY_MINUTES, isUrgentRefill, slotNameForTime } from '@medrem/domain';
import { supplyOf } from '../../medicines/medicine-view';
import type { EffectiveSettings } from '../../settings/effective-settings';
import { textsOf } from '../reminder-texts';
import {
  type Occurrence,
  type ScheduleSpec,
  type ScheduledMedicine,
  desiredSchedule,
  nextOccurrence,
} from '../schedule-rules';
import type { CareAudience, DueRow, EngineMedicine, Intent, RowOutcome, UserState } from './row-types';

/** Past this lateness (downtime) a caregiver alert is no longer sent: it would only alarm. */
export const CARE_STALE_MS = 6 * 3_600_000;

/** When a caregiver is alerted: their delay after the patient's own missed-dose alert (decision 140). */
export const careOffsetOf = (audience: Pick<CareAudience, 'missedDelayMinutes'>) =>
  MISSED_DOSE_ALERT_DELAY_MINUTES + audience.missedDelayMinutes;

/** A caregiver's alert that a dose of `medicine` (its slot at `time`) is still not taken, under `key`. */
export function careMissedIntent(
  audience: CareAudience,
  key: string,
  medicine: string,
  time: string,
): Intent {
  // In the caregiver's language, not the patient's.
  const texts = textsOf(audience);
  return {
    key,
    recipientId: audience.caregiverId,
    url: '/care',
    type: 'missed_dose',
    title: texts.careMissedTitle(audience.patientName),
    message: texts.careMissedBody(audience.patientName, medicine, slotNameForTime(time), time),
    medicineName: medicine,
  };
}

/** The distinct offsets (minutes after the dose) at which some caregiver of the patient is alerted. */
export function carePhases(
  audience: readonly Pick<CareAudience, 'missedDoseAlerts' | 'missedDelayMinutes'>[],
): number[] {
  const offsets = audience.filter((a) => a.missedDoseAlerts).map(careOffsetOf);
  return [...new Set(offsets)].sort((a, b) => a - b);
}

/**
 * The patient's dose slots a caregiver alert watches: those with a dose reminder, whatever the
 * patient's own notification switches say (the caregiver asked to be alerted, not the patient).
 */
export function careSlots(
  settings: EffectiveSettings,
  medicines: readonly ScheduledMedicine[],
  today: string,
): ScheduleSpec[] {
  const on = { ...settings, notifications: { ...settings.notifications, enabled: true } };
  return desiredSchedule(on, medicines, today)
    .filter((s) => s.kind === 'dose')
    .map((s) => ({ ...s, kind: 'care' as const }));
}

/** The earliest caregiver alert of a slot strictly after `after`: one row walks every phase of every day. */
export function nextCarePhase(
  spec: ScheduleSpec,
  phases: readonly number[],
  after: Date,
): (Occurrence & { spec: ScheduleSpec }) | null {
  let best: (Occurrence & { spec: ScheduleSpec }) | null = null;
  for (const offsetMinutes of phases) {
    const phaseSpec = { ...spec, offsetMinutes };
    const next = nextOccurrence(phaseSpec, after);
    if (!best || next.fireAt.getTime() < best.fireAt.getTime()) best = { ...next, spec: phaseSpec };
  }
  return best;
}

/**
 * A 'care' row at fire time: the slot's medicines still not taken are reported to every caregiver
 * whose moment has come (offset ≤ this phase; the delivery key keeps each alert once per caregiver,
 * medicine and day), read from the circle as it is now, so a removed caregiver gets nothing. Then
 * the row moves to the next phase, of this day or the next.
 */
export function careOutcome(
  row: DueRow,
  occurrence: Occurrence,
  state: UserState,
  now: Date,
  today: string,
  due: (slot: number, date: string) => EngineMedicine[],
): RowOutcome {
  const phases = carePhases(state.care);
  const spec = careSlots(state.settings, state.medicines, today).find((s) => s.slot === row.slot);
  if (!spec || phases.length === 0) return { intents: [], next: null };
  if (spec.localTime !== row.localTime || spec.timezone !== row.timezone) {
    return { intents: [], next: nextCarePhase(spec, phases, now) };
  }
  const next = nextCarePhase(spec, phases, occurrence.fireAt);
  if (now.getTime() >= occurrence.fireAt.getTime() + CARE_STALE_MS) return { intents: [], next };
  const intents: Intent[] = [];
  for (const medicine of due(row.slot, occurrence.date)) {
    for (const a of state.care) {
      if (!a.missedDoseAlerts || careOffsetOf(a) > row.offsetMinutes) continue;
      const key = `care-missed:${row.userId}:${row.slot}:${medicine.id}:${occurrence.date}`;
      intents.push(careMissedIntent(a, key, medicine.name, row.localTime));
    }
  }
  return { intents, next };
}

/** A refill running out, told to the caregivers who asked for it (whatever the patient's own switch). */
export function careRefillIntents(
  patientId: string,
  state: UserState,
  medicines: readonly EngineMedicine[],
  today: string,
): Intent[] {
  const low = medicines.filter((m) => isUrgentRefill(supplyOf(m, today)));
  return state.care
    .filter((a) => a.refillAlerts)
    .flatMap((a) =>
      low.map((m) => ({
        key: `care-refill:${patientId}:${m.id}:${today}`,
        recipientId: a.caregiverId,
        url: '/care',
        type: 'refill' as const,
        title: textsOf(a).careRefillTitle(a.patientName),
        message: textsOf(a).careRefillBody(a.patientName, m.name),
        medicineName: m.name,
      })),
    );
}
