import {
  MISSED_DOSE_ALERT_DELAY_MINUTES,
  addDays,
  dueFlagsOn,
  intervalDosesOn,
  isCourseActiveOn,
  nextIntervalDose,
  isUrgentRefill,
  parseFrequency,
  slotFlagsOn,
  slotNameForTime,
  slotsBeforeAdded,
  taperStepOn,
} from '@medrem/domain';
import { supplyOf } from '../../medicines/medicine-view';
import {
  type Occurrence,
  RECURRING_KINDS,
  type ScheduleSpec,
  desiredSchedule,
  fireAtFor,
  latestDueOccurrence,
  nextOccurrence,
  specKey,
} from '../schedule-rules';
import { reminderTexts } from '../reminder-texts';
import type { DueRow, EngineMedicine, Intent, RowOutcome, UserState } from './row-types';
import { careOutcome, careRefillIntents } from './care-alerts';
import { localParts, zonedInstant } from '../zoned-time';

export type {
  CareAudience,
  DoseRef,
  DueRow,
  EngineMedicine,
  Intent,
  RowOutcome,
  UserState,
} from './row-types';

const SUMMARY_STALE_MS = 6 * 3_600_000;
const SNOOZE_STALE_MS = 12 * 3_600_000;

export function isRecurring(kind: string): boolean {
  return (RECURRING_KINDS as readonly string[]).includes(kind);
}

/**
 * Which occurrence a due row is about. Normally the stored one; after downtime longer than a day, the
 * latest occurrence that was due (older ones no longer matter to the user).
 */
export function effectiveOccurrence(row: DueRow, now: Date): Occurrence {
  if (!isRecurring(row.kind)) return { date: row.occurrenceDate, fireAt: row.fireAt };
  const following = fireAtFor(row, addDays(row.occurrenceDate, 1));
  if (following.getTime() <= now.getTime()) return latestDueOccurrence(row, now);
  return { date: row.occurrenceDate, fireAt: row.fireAt };
}

const takenFlag = (state: UserState, medicineId: string, date: string, slot: number) =>
  parseFrequency(state.taken.get(`${medicineId}|${date}`) ?? '')[slot] === 1;

/**
 * Medicines with a dose in default-time `slot` on `date` that is not yet taken: only slot kinds, and
 * only on their dose days (a Monday medicine is not reminded, nor missed, on a Tuesday).
 */
export function dueMedicines(state: UserState, slot: number, date: string): EngineMedicine[] {
  const context = scheduleContext(state.settings);
  // No reminder nor missed-dose alert for a dose that came before the medicine was added (187).
  const due = (m: EngineMedicine) =>
    slotFlagsOn(m, date)[slot] === 1 && !slotsBeforeAdded(m, date, context).has(slot);
  return state.medicines
    .filter((m) => due(m) && !takenFlag(state, m.id, date, slot))
    .map((m) => withStepDose(m, date));
}

const scheduleContext = (settings: UserState['settings']) => ({
  timeZone: settings.timezone,
  defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
});

/** A taper's reminder names the dose of the day's step (40 mg, then 30 mg …), not the medicine's. */
function withStepDose(medicine: EngineMedicine, date: string): EngineMedicine {
  if (medicine.schedule?.kind !== 'taper') return medicine;
  const step = taperStepOn(medicine.schedule.steps, medicine.startDate, date);
  return step ? { ...medicine, dosage: step.dose } : medicine;
}

function refillIntents(state: UserState, medicines: EngineMedicine[], today: string): Intent[] {
  const n = state.settings.notifications;
  if (!n.refillReminders) return [];
  return medicines
    .filter((m) => isUrgentRefill(supplyOf(m, today)))
    .map((m) => ({
      key: `refill:${m.id}:${today}`,
      type: 'refill' as const,
      title: reminderTexts.refillTitle,
      message: reminderTexts.refillBody(m.name),
      medicineName: m.name,
    }));
}

function doseIntent(kind: 'dose' | 'snooze', row: DueRow, date: string, medicines: EngineMedicine[]): Intent {
  const slotName = slotNameForTime(row.localTime);
  return {
    key:
      kind === 'dose'
        ? `dose:${row.slot}:${date}`
        : `snooze:${row.slot}:${date}:${row.ref ?? row.fireAt.toISOString()}`,
    type: 'reminder',
    title: reminderTexts.doseTitle(slotName),
    message: medicines.map(reminderTexts.medicineLine).join(', '),
    medicineName: medicines.length === 1 ? medicines[0]!.name : null,
    dose: { slot: row.slot, date, snoozable: true },
  };
}

/**
 * Decides, at fire time and from the state as it is now, what a due row sends and where it goes next.
 * Nothing is sent for a dose already taken, a deleted or finished medicine, a switched-off setting,
 * or a dose whose missed-dose time has passed (after downtime the missed-dose alert speaks instead).
 */
export function evaluateRow(row: DueRow, occurrence: Occurrence, state: UserState, now: Date): RowOutcome {
  const { settings } = state;
  const n = settings.notifications;
  const today = localParts(now.getTime(), settings.timezone).date;
  const recurring = isRecurring(row.kind);

  // The row must still be what the settings ask for; otherwise move it (zone or time changed) or drop it.
  if (recurring) {
    const wanted = desiredSchedule(settings, state.medicines, today).find((s) => specKey(s) === specKey(row));
    if (!wanted) return { intents: [], next: null };
    if (
      wanted.localTime !== row.localTime ||
      wanted.offsetMinutes !== row.offsetMinutes ||
      wanted.timezone !== row.timezone
    ) {
      return { intents: [], next: { ...nextOccurrence(wanted, now), spec: wanted } };
    }
  }
  const following = recurring
    ? { ...nextOccurrence(row, now, addDays(occurrence.date, 1)), spec: row as ScheduleSpec }
    : null;
  const outcome = (intents: Intent[]): RowOutcome => ({ intents: n.enabled ? intents : [], next: following });
  const date = occurrence.date;
  const doseAt = zonedInstant(date, row.localTime, row.timezone).getTime();
  const nowMs = now.getTime();

  switch (row.kind) {
    case 'dose': {
      if (nowMs >= doseAt + MISSED_DOSE_ALERT_DELAY_MINUTES * 60_000) return outcome([]);
      const due = dueMedicines(state, row.slot, date);
      if (due.length === 0) return outcome([]);
      return outcome([doseIntent('dose', row, date, due), ...refillIntents(state, due, today)]);
    }
    case 'snooze': {
      if (nowMs >= occurrence.fireAt.getTime() + SNOOZE_STALE_MS) return outcome([]);
      const due = dueMedicines(state, row.slot, date);
      if (due.length === 0) return outcome([]);
      return outcome([doseIntent('snooze', row, date, due)]);
    }
    case 'headsup': {
      if (!n.upcomingHeadsUp || nowMs >= doseAt) return outcome([]);
      const due = dueMedicines(state, row.slot, date);
      if (due.length === 0) return outcome([]);
      return outcome([
        {
          key: `headsup:${row.slot}:${date}`,
          type: 'reminder',
          title: reminderTexts.headsUpTitle(slotNameForTime(row.localTime)),
          message: reminderTexts.headsUpBody(
            -row.offsetMinutes,
            due.map(reminderTexts.medicineLine).join(', '),
          ),
          medicineName: due.length === 1 ? due[0]!.name : null,
        },
      ]);
    }
    case 'missed': {
      if (!n.missedDoseAlerts) return outcome([]);
      return outcome(
        dueMedicines(state, row.slot, date).map((m) => ({
          key: `missed:${row.slot}:${m.id}:${date}`,
          type: 'missed_dose' as const,
          title: reminderTexts.missedTitle,
          message: reminderTexts.missedBody(m.name),
          medicineName: m.name,
          dose: { slot: row.slot, date, medicineId: m.id, snoozable: false },
        })),
      );
    }
    case 'summary': {
      if (!n.dailySummary || nowMs > occurrence.fireAt.getTime() + SUMMARY_STALE_MS) return outcome([]);
      const slots = settings.medicineDefaults.defaultReminderTimes.length;
      let due = 0;
      let taken = 0;
      const context = scheduleContext(settings);
      for (const m of state.medicines) {
        const interval = m.schedule?.kind === 'interval';
        const before = slotsBeforeAdded(m, date, context);
        dueFlagsOn(m, date, settings.timezone).forEach((flag, slot) => {
          if (flag !== 1 || (!interval && slot >= slots)) return;
          const tick = takenFlag(state, m.id, date, slot);
          // A dose before the medicine was added counts only once taken (decision 187).
          if (before.has(slot) && !tick) return;
          due += 1;
          if (tick) taken += 1;
        });
      }
      if (due === 0) return outcome([]);
      return outcome([
        {
          key: `summary:${date}`,
          type: 'generic',
          title: reminderTexts.summaryTitle,
          message: reminderTexts.summaryBody(taken, due),
          medicineName: null,
        },
      ]);
    }
    case 'interval':
      return intervalOutcome(row, occurrence, state, now);
    case 'refill': {
      const active = state.medicines.filter((m) => isCourseActiveOn(m, today));
      // The caregivers' refill alerts do not depend on the patient's own switches.
      return {
        intents: [
          ...outcome(refillIntents(state, active, today)).intents,
          ...careRefillIntents(row.userId, state, active, today),
        ],
        next: null,
      };
    }
    case 'care':
      return careOutcome(row, occurrence, state, now, today, (slot, day) => dueMedicines(state, slot, day));
    default:
      return { intents: [], next: null };
  }
}

/**
 * An every-N-hours dose (decision 120). The row has two phases per dose: at the dose (offset 0) the
 * reminder, unless it is taken, gone, or past its missed-dose time; 60 minutes later (offset 60,
 * when missed-dose alerts are on) the missed-dose alert if still not taken and no later dose has
 * come. Then it moves to the medicine's next dose, N real hours on whatever the clocks did, and goes
 * when the course has none. No snooze: a snooze row is a default-time slot's.
 */
function intervalOutcome(row: DueRow, occurrence: Occurrence, state: UserState, now: Date): RowOutcome {
  const medicine = state.medicines.find((m) => m.id === row.ref);
  const n = state.settings.notifications;
  if (!medicine || medicine.schedule?.kind !== 'interval' || !n.enabled) return { intents: [], next: null };
  const timezone = state.settings.timezone;
  const missedAfter = MISSED_DOSE_ALERT_DELAY_MINUTES * 60_000;
  const dueAt = occurrence.fireAt.getTime() - row.offsetMinutes * 60_000;
  const date = occurrence.date;
  const dose = intervalDosesOn(medicine, date, row.timezone).find((d) => d.at === dueAt);
  const open = dose !== undefined && !takenFlag(state, medicine.id, date, dose.slot);
  const phase = (d: { date: string; time: string; at: number }, offsetMinutes: number) => ({
    date: d.date,
    fireAt: new Date(d.at + offsetMinutes * 60_000),
    spec: { kind: 'interval' as const, slot: row.slot, localTime: d.time, offsetMinutes, timezone },
  });
  // The next dose still worth a reminder: after downtime the current one (it fires on the next
  // tick), never one already past its missed-dose time.
  const following = nextIntervalDose(medicine, Math.max(dueAt, now.getTime() - missedAfter), timezone);
  const nextDose = following ? phase(following, 0) : null;
  const ref = dose ? { slot: dose.slot, date, medicineId: medicine.id, snoozable: false } : undefined;

  if (row.offsetMinutes === 0) {
    const next =
      open && n.missedDoseAlerts
        ? phase({ date, time: dose.time, at: dueAt }, MISSED_DOSE_ALERT_DELAY_MINUTES)
        : nextDose;
    if (!open || now.getTime() >= dueAt + missedAfter) return { intents: [], next };
    const intent: Intent = {
      key: `interval:${medicine.id}:${date}:${dose.slot}`,
      type: 'reminder',
      title: reminderTexts.intervalTitle(medicine.name),
      message: reminderTexts.intervalBody(
        reminderTexts.medicineLine(medicine),
        medicine.schedule.everyHours,
        dose.clockChanged === true,
      ),
      medicineName: medicine.name,
      dose: ref!,
    };
    return { intents: [intent], next };
  }
  const later = nextIntervalDose(medicine, dueAt, timezone);
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
