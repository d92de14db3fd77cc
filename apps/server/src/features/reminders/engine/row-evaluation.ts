import {
  MISSED_DOSE_ALERT_DELAY_MINUTES,
  addDays,
  dueFlagsOn,
  hasOwnTimes,
  isCourseActiveOn,
  isUrgentRefill,
  slotFlagsOn,
  slotNameForTime,
  timedOnItsOwn,
  slotsBeforeAdded,
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
import { type ReminderTexts, textsOf } from '../reminder-texts';
import type { DueRow, EngineMedicine, Intent, RowOutcome, UserState } from './row-types';
import { careOutcome, careRefillIntents } from './care-alerts';
import { expiryOutcome } from './expiry-reminders';
import { ownCareOutcome } from './own-care-alerts';
import { measureOutcome } from './measure-reminders';
import { SNOOZE_STALE_MS, ownRowOutcome, ownSnoozeOutcome } from './own-row-outcome';
import { postponedOutcome } from './postponed-row-outcome';
import { cadenceOf, followUpPhase, nextFollowUp, quietHold, slotFollowUpIntent } from './follow-ups';
import { quietAtPlannedTime, scheduleContext, takenFlag, withStepDose } from './dose-state';
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

/**
 * Medicines with a dose in default-time `slot` on `date` that is not yet settled (taken or skipped,
 * decision 225): only slot kinds on
 * the default times (one with its own times has its own row, decision 212), and only on their dose
 * days (a Monday medicine is not reminded, nor missed, on a Tuesday).
 */
export function dueMedicines(state: UserState, slot: number, date: string): EngineMedicine[] {
  const context = scheduleContext(state.settings);
  // No reminder nor missed-dose alert for a dose that came before the medicine was added (187).
  const due = (m: EngineMedicine) =>
    !hasOwnTimes(m) && slotFlagsOn(m, date)[slot] === 1 && !slotsBeforeAdded(m, date, context).has(slot);
  return state.medicines
    .filter((m) => due(m) && !quietAtPlannedTime(state, m.id, date, slot))
    .map((m) => withStepDose(m, date));
}

function refillIntents(state: UserState, medicines: EngineMedicine[], today: string): Intent[] {
  const n = state.settings.notifications;
  if (!n.refillReminders) return [];
  const texts = textsOf(state.settings);
  return medicines
    .filter((m) => isUrgentRefill(supplyOf(m, today)))
    .map((m) => ({
      key: `refill:${m.id}:${today}`,
      type: 'refill' as const,
      title: texts.refillTitle,
      message: texts.refillBody(m.name),
      medicineName: m.name,
    }));
}

function doseIntent(
  texts: ReminderTexts,
  kind: 'dose' | 'snooze',
  row: DueRow,
  date: string,
  medicines: EngineMedicine[],
): Intent {
  const slotName = slotNameForTime(row.localTime);
  return {
    key:
      kind === 'dose'
        ? `dose:${row.slot}:${date}`
        : `snooze:${row.slot}:${date}:${row.ref ?? row.fireAt.toISOString()}`,
    type: 'reminder',
    // One dose keeps its words; several are one notification naming how many, with 'Take all'.
    title:
      medicines.length > 1 ? texts.slotTitle(medicines.length, row.localTime) : texts.doseTitle(slotName),
    message: texts.lines(medicines.map(texts.medicineLine)),
    medicineName: medicines.length === 1 ? medicines[0]!.name : null,
    dose: { slot: row.slot, date, snoozable: true, count: medicines.length },
    // The dose's first reminder joins the other doses due at its instant (decision 263); a snooze's
    // repeat is the slot's own.
    ...(kind === 'dose'
      ? { sameMinute: { localTime: row.localTime, lines: medicines.map(texts.medicineLine) } }
      : {}),
  };
}

/**
 * Decides, at fire time and from the state as it is now, what a due row sends and where it goes next.
 * Nothing is sent for a dose already taken, a deleted or finished medicine, a switched-off setting,
 * or a dose whose missed-dose time has passed (after downtime the missed-dose alert speaks instead).
 */
export function evaluateRow(row: DueRow, occurrence: Occurrence, state: UserState, now: Date): RowOutcome {
  const outcome = outcomeOf(row, occurrence, state, now);
  // Each notification carries the language it was written in (decision 364): its buttons and a
  // merge with others of the same minute (same-minute.ts) are written in it too.
  for (const intent of outcome.intents) {
    const audience = intent.recipientId
      ? state.care.find((a) => a.caregiverId === intent.recipientId)
      : undefined;
    intent.language ??= textsOf(audience ?? state.settings).language;
  }
  return outcome;
}

function outcomeOf(row: DueRow, occurrence: Occurrence, state: UserState, now: Date): RowOutcome {
  const { settings } = state;
  const texts = textsOf(settings);
  const n = settings.notifications;
  const today = localParts(now.getTime(), settings.timezone).date;
  const recurring = isRecurring(row.kind);

  // A dose row walks its follow-ups (decision 227) at offsets after the dose: its spec is offset 0.
  const spec: ScheduleSpec = row.kind === 'dose' ? { ...row, offsetMinutes: 0 } : row;
  // The row must still be what the settings ask for; otherwise move it (zone or time changed) or drop it.
  if (recurring) {
    const wanted = desiredSchedule(settings, state.medicines, today).find((s) => specKey(s) === specKey(row));
    if (!wanted) return { intents: [], next: null };
    if (
      wanted.localTime !== spec.localTime ||
      wanted.offsetMinutes !== spec.offsetMinutes ||
      wanted.timezone !== spec.timezone
    ) {
      return { intents: [], next: { ...nextOccurrence(wanted, now), spec: wanted } };
    }
  }
  const following = recurring
    ? { ...nextOccurrence(spec, now, addDays(occurrence.date, 1)), spec: { ...spec } }
    : null;
  const outcome = (intents: Intent[]): RowOutcome => ({ intents: n.enabled ? intents : [], next: following });
  const date = occurrence.date;
  const doseAt = zonedInstant(date, row.localTime, row.timezone).getTime();
  const nowMs = now.getTime();

  switch (row.kind) {
    case 'dose': {
      const until = following!.fireAt.getTime();
      // The slot's missed-dose alert (its own row) speaks at +60: no follow-up beside it.
      const giveWayAt = n.missedDoseAlerts ? MISSED_DOSE_ALERT_DELAY_MINUTES : undefined;
      // Decision 254: a slot's follow-ups step by the cadences of its medicines still open, and
      // name them all (so 'Take all' marks exactly what the notification names, decision 243).
      const cadencesOf = (open: EngineMedicine[]) => open.map((m) => cadenceOf(m, settings));
      if (row.offsetMinutes > 0) {
        // A follow-up (decision 227): only for a dose still open, checked now.
        const open = dueMedicines(state, row.slot, date);
        const cadences = cadencesOf(open);
        const after = () =>
          nextFollowUp(spec, cadences, {
            date,
            doseAt,
            offset: row.offsetMinutes,
            now: nowMs,
            until,
            giveWayAt,
          });
        return followUpPhase({
          spec,
          occurrence,
          settings,
          cadences,
          offset: row.offsetMinutes,
          now,
          doseAt,
          until,
          after: () => after() ?? following,
          settled: following,
          intent: () => slotFollowUpIntent(row, date, open, texts),
        });
      }
      if (nowMs >= doseAt + MISSED_DOSE_ALERT_DELAY_MINUTES * 60_000) return outcome([]);
      const due = dueMedicines(state, row.slot, date);
      if (due.length === 0 || !n.enabled) return outcome([]);
      const followUp = nextFollowUp(spec, cadencesOf(due), {
        date,
        doseAt,
        offset: 0,
        now: nowMs,
        until,
        giveWayAt,
      });
      return {
        intents: [doseIntent(texts, 'dose', row, date, due), ...refillIntents(state, due, today)],
        next: followUp ?? following,
      };
    }
    case 'snooze': {
      if (nowMs >= occurrence.fireAt.getTime() + SNOOZE_STALE_MS) return outcome([]);
      const due = dueMedicines(state, row.slot, date);
      if (due.length === 0) return outcome([]);
      return outcome([doseIntent(texts, 'snooze', row, date, due)]);
    }
    case 'headsup': {
      if (!n.upcomingHeadsUp || nowMs >= doseAt) return outcome([]);
      const due = dueMedicines(state, row.slot, date);
      if (due.length === 0) return outcome([]);
      return outcome([
        {
          key: `headsup:${row.slot}:${date}`,
          type: 'reminder',
          title: texts.headsUpTitle(slotNameForTime(row.localTime)),
          message: texts.headsUpBody(-row.offsetMinutes, texts.lines(due.map(texts.medicineLine))),
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
          title: texts.missedTitle,
          message: texts.missedBody(m.name),
          medicineName: m.name,
          dose: { slot: row.slot, date, medicineId: m.id, snoozable: false },
        })),
      );
    }
    case 'summary': {
      if (!n.dailySummary || nowMs > occurrence.fireAt.getTime() + SUMMARY_STALE_MS) return outcome([]);
      // Quiet hours hold the summary to their end (decision 228); it then says whose day it was.
      const hold = n.enabled ? quietHold(settings, now) : null;
      if (hold) return { intents: [], next: { date, fireAt: hold, spec } };
      const slots = settings.medicineDefaults.defaultReminderTimes.length;
      let due = 0;
      let taken = 0;
      const context = scheduleContext(settings);
      for (const m of state.medicines) {
        // A default slot beyond the list has no time; a medicine's own doses always have one.
        const own = timedOnItsOwn(m);
        const before = slotsBeforeAdded(m, date, context);
        dueFlagsOn(m, date, settings.timezone).forEach((flag, slot) => {
          if (flag !== 1 || (!own && slot >= slots)) return;
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
          title: texts.summaryTitle,
          message: texts.summaryBody(taken, due, today === date ? 'Today' : 'Yesterday'),
          medicineName: null,
        },
      ]);
    }
    case 'interval':
      return ownRowOutcome(row, occurrence, state, now);
    case 'snooze-interval':
      return ownSnoozeOutcome(row, occurrence, state, now);
    case 'postponed':
      return postponedOutcome(row, occurrence, state, now);
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
    case 'expiry':
      return expiryOutcome(occurrence, state, now, spec);
    case 'care':
      return careOutcome(row, occurrence, state, now, today, (slot, day) => dueMedicines(state, slot, day));
    case 'care-interval':
      return ownCareOutcome(row, occurrence, state, now);
    case 'measure':
      return measureOutcome(row, occurrence, state, now);
    default:
      return { intents: [], next: null };
  }
}
