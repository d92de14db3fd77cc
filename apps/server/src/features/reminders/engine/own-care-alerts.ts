import { dosesOn, nextDoseAfter, timedOnItsOwn } from '@medrem/domain';
import type { IntervalRow, Occurrence, ScheduleSpec, ScheduledMedicine } from '../schedule-rules';
import { CARE_STALE_MS, careMissedIntent, careOffsetOf, carePhases } from './care-alerts';
import { quietAtPlannedTime, scheduleContext } from './dose-state';
import type { DueRow, Intent, RowOutcome, UserState } from './row-types';

type Next = NonNullable<RowOutcome['next']>;
type Context = ReturnType<typeof scheduleContext>;

/**
 * The earliest caregiver alert of a medicine reminded on its own (every-N-hours or own times,
 * decision 250) strictly after `after`: for each phase p, the first dose later than `after` − p;
 * the earliest of those. One 'care-interval' row walks every phase of every dose this way, also
 * when an every-N-hours medicine's next dose comes before a caregiver's phase of the last one.
 */
export function nextOwnCarePhase(
  medicine: ScheduledMedicine,
  slot: number,
  phases: readonly number[],
  after: Date,
  context: Context,
): (Next & { ref: string }) | null {
  let best: (Next & { ref: string }) | null = null;
  for (const offsetMinutes of phases) {
    const dose = nextDoseAfter(medicine, after.getTime() - offsetMinutes * 60_000, context);
    if (!dose) continue;
    const fireAt = new Date(dose.at + offsetMinutes * 60_000);
    if (best && best.fireAt.getTime() <= fireAt.getTime()) continue;
    const spec: ScheduleSpec = {
      kind: 'care-interval',
      slot,
      localTime: dose.time,
      offsetMinutes,
      timezone: context.timeZone,
    };
    best = { date: dose.date, fireAt, spec, ref: medicine.id };
  }
  return best;
}

/** Whether a caregiver row's instant is still a phase of one of its medicine's doses. */
export function isOwnCarePhase(
  medicine: ScheduledMedicine,
  row: { occurrenceDate: string; fireAt: Date; offsetMinutes: number; timezone: string },
  phases: readonly number[],
  context: Context,
): boolean {
  const doseAt = row.fireAt.getTime() - row.offsetMinutes * 60_000;
  return (
    row.timezone === context.timeZone &&
    phases.includes(row.offsetMinutes) &&
    dosesOn(medicine, row.occurrenceDate, context).some((d) => d.at === doseAt && !d.beforeAdded)
  );
}

/**
 * A 'care-interval' row at fire time (decision 250): the same rule as a default slot's 'care' row.
 * If the dose is still neither taken nor skipped, every caregiver whose moment has come (offset ≤
 * this phase) is alerted, read from the circle as it is now, once per caregiver and dose (the key
 * names the medicine, date and dose of the day), whatever the patient's own switches; nothing when
 * stale. Then the row moves to the next phase of any dose of the medicine, and goes when the
 * course has none or no caregiver wants missed-dose alerts.
 */
export function ownCareOutcome(row: DueRow, occurrence: Occurrence, state: UserState, now: Date): RowOutcome {
  const medicine = state.medicines.find((m) => m.id === row.ref);
  const phases = carePhases(state.care);
  if (!medicine || !timedOnItsOwn(medicine) || phases.length === 0) return { intents: [], next: null };
  const context = scheduleContext(state.settings);
  const current = { ...row, occurrenceDate: occurrence.date, fireAt: occurrence.fireAt };
  // Moved zone, times or delays since the row was written: on to the next phase as it is now.
  if (!isOwnCarePhase(medicine, current, phases, context)) {
    return { intents: [], next: nextOwnCarePhase(medicine, row.slot, phases, now, context) };
  }
  // After downtime, on from what is not stale yet (never a walk through every stale phase).
  const from = Math.max(occurrence.fireAt.getTime(), now.getTime() - CARE_STALE_MS);
  const next = nextOwnCarePhase(medicine, row.slot, phases, new Date(from), context);
  if (now.getTime() >= occurrence.fireAt.getTime() + CARE_STALE_MS) return { intents: [], next };
  const doseAt = occurrence.fireAt.getTime() - row.offsetMinutes * 60_000;
  const dose = dosesOn(medicine, occurrence.date, context).find((d) => d.at === doseAt)!;
  if (quietAtPlannedTime(state, medicine.id, occurrence.date, dose.slot)) return { intents: [], next };
  const intents: Intent[] = state.care
    .filter((a) => a.missedDoseAlerts && careOffsetOf(a) <= row.offsetMinutes)
    .map((a) =>
      careMissedIntent(
        a,
        `care-missed-own:${row.userId}:${medicine.id}:${occurrence.date}:${dose.slot}`,
        medicine.name,
        dose.time,
      ),
    );
  return { intents, next };
}

/** What `ReminderScheduler.careChanged` reads of a patient's schedule row. */
interface StoredRow {
  id: string;
  kind: string;
  slot: number;
  ref: string | null;
  occurrenceDate: string;
  fireAt: Date;
  offsetMinutes: number;
  timezone: string;
}

/**
 * The patient's 'care-interval' rows as the circle, zone and medicines now ask (decision 250): one
 * per medicine reminded on its own (slot i: the i-th such medicine, as its 'interval' row) while some
 * caregiver wants missed-dose alerts, none otherwise, so a patient without caregivers has no such
 * row. A row still at a phase of one of its medicine's doses, and not later than the next phase to
 * come (a shorter delay just chosen comes first), keeps its firing: it may be due right now.
 */
export function ownCareWrites(
  userId: string,
  rows: readonly StoredRow[],
  settings: UserState['settings'],
  medicines: readonly ScheduledMedicine[],
  phases: readonly number[],
  now: Date,
): { writes: (IntervalRow & { userId: string })[]; gone: string[] } {
  const existing = new Map(rows.filter((r) => r.kind === 'care-interval').map((r) => [r.slot, r]));
  const context = scheduleContext(settings);
  const writes: (IntervalRow & { userId: string })[] = [];
  if (phases.length > 0) {
    medicines.filter(timedOnItsOwn).forEach((medicine, slot) => {
      const row = existing.get(slot);
      existing.delete(slot);
      const next = nextOwnCarePhase(medicine, slot, phases, now, context);
      // A valid row is a phase of a dose, so without a next phase it can only be due now.
      const keeps =
        row?.ref === medicine.id &&
        isOwnCarePhase(medicine, row, phases, context) &&
        (!next || row.fireAt.getTime() <= next.fireAt.getTime());
      if (keeps) return;
      // The upsert replaces the slot's row in place; without a dose to come, the row goes.
      if (next)
        writes.push({
          ...next.spec,
          userId,
          ref: medicine.id,
          occurrenceDate: next.date,
          fireAt: next.fireAt,
        });
      else if (row) existing.set(slot, row);
    });
  }
  return { writes, gone: [...existing.values()].map((r) => r.id) };
}
