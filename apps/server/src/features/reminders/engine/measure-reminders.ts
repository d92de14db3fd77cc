import {
  type MeasurementReminderSchedule,
  isMeasurementDay,
  measurementSettled,
  nextFollowUpOffset,
  nextMeasurementAfter,
} from '@medrem/domain';
import type { EffectiveSettings } from '../../settings/effective-settings';
import { textsOf } from '../reminder-texts';
import type { IntervalRow, Occurrence, ScheduleSpec } from '../schedule-rules';
import { zonedInstant } from '../zoned-time';
import { FOLLOW_UP_STALE_MS, quietHold } from './follow-ups';
import type { DueRow, Intent, RowOutcome, UserState } from './row-types';

const MINUTE_MS = 60_000;
/** The page a measurement reminder opens: the type's entry form for that time (decision 331). */
export const MEASURE_PAGE_PATH = '/journal';

/** A measurement reminder as the scheduler and the engine read it. */
export interface ReminderOfType extends MeasurementReminderSchedule {
  id: string;
}

/**
 * The 'measure' rows a user needs now (decision 331): the next time of each of their measurement
 * reminders; slot i is their i-th reminder. Nothing when notifications are off.
 */
export function desiredMeasureRows(
  settings: EffectiveSettings,
  reminders: readonly ReminderOfType[],
  now: Date,
): IntervalRow[] {
  if (!settings.notifications.enabled) return [];
  const timezone = settings.timezone;
  return reminders.flatMap((reminder, slot) => {
    const next = nextMeasurementAfter(reminder, now.getTime(), timezone);
    if (!next) return [];
    return [
      {
        kind: 'measure' as const,
        slot,
        localTime: next.time,
        offsetMinutes: 0,
        timezone,
        ref: reminder.id,
        occurrenceDate: next.date,
        fireAt: new Date(next.at),
      },
    ];
  });
}

/** Whether a pending row is still about one of the reminder's times (it keeps its firing, a follow-up too). */
export function stillAMeasureTime(
  row: { ref: string | null; timezone: string; localTime: string; occurrenceDate: string },
  reminder: ReminderOfType,
  timezone: string,
): boolean {
  return (
    row.ref === reminder.id &&
    row.timezone === timezone &&
    reminder.times.includes(row.localTime) &&
    isMeasurementDay(reminder, row.occurrenceDate)
  );
}

/**
 * What a due 'measure' row sends (decision 331): at its time, a reminder naming the type unless a
 * reading of it already answers this time (one from an hour before on); then the user's follow-up
 * cadence (decision 227) while none does, none in the quiet hours (decision 228: held follow-ups
 * would arrive after the moment to measure), none past the type's next time. The row then moves to
 * the next time. One notification per time and step: the keys are the exactly-once rule's.
 */
export function measureOutcome(row: DueRow, occurrence: Occurrence, state: UserState, now: Date): RowOutcome {
  const { settings } = state;
  const reminder = state.measure?.reminders.get(row.ref ?? '');
  if (!reminder || !settings.notifications.enabled || row.timezone !== settings.timezone) {
    const moved =
      reminder && settings.notifications.enabled
        ? nextOf(row, reminder, now.getTime(), settings.timezone)
        : null;
    return { intents: [], next: moved };
  }
  const date = occurrence.date;
  const dueAt = zonedInstant(date, row.localTime, row.timezone).getTime();
  const nowMs = now.getTime();
  const following = nextOf(row, reminder, Math.max(dueAt, nowMs), row.timezone);
  const settled = measurementSettled(dueAt, state.measure!.lastReadingAt.get(reminder.type));
  // Late past a follow-up's staleness (downtime), or answered: nothing now, on to the next time.
  if (settled || nowMs > occurrence.fireAt.getTime() + FOLLOW_UP_STALE_MS)
    return { intents: [], next: following };
  const offset = row.offsetMinutes;
  const texts = textsOf(state.settings);
  const intent: Intent = {
    key: `measure:${reminder.id}:${date}:${row.localTime}:${offset}`,
    tagKey: `measure:${reminder.id}:${date}:${row.localTime}`,
    type: 'reminder',
    title: offset === 0 ? texts.measureTitle(reminder.label) : texts.measureFollowUpTitle(reminder.label),
    message: texts.measureBody(row.localTime),
    medicineName: null,
    url: `${MEASURE_PAGE_PATH}?measure=${encodeURIComponent(reminder.type)}&due=${new Date(dueAt).toISOString()}`,
  };
  const sent = offset === 0 || !quietHold(settings, now) ? [intent] : [];
  const cadence = settings.notifications.followUps;
  const step = cadence.times > 0 ? nextFollowUpOffset(offset, cadence) : null;
  const stepAt = step === null ? null : dueAt + step * MINUTE_MS;
  const next =
    stepAt !== null && stepAt > nowMs && (!following || stepAt < following.fireAt.getTime())
      ? { date, fireAt: new Date(stepAt), spec: specOf(row, row.localTime, step!) }
      : following;
  return { intents: sent, next };
}

function specOf(row: ScheduleSpec, localTime: string, offsetMinutes: number): ScheduleSpec {
  return { kind: 'measure', slot: row.slot, localTime, offsetMinutes, timezone: row.timezone };
}

/** The reminder's first time after `afterMs`, as the row's move; null when it has none. */
function nextOf(
  row: DueRow,
  reminder: ReminderOfType,
  afterMs: number,
  timezone: string,
): RowOutcome['next'] {
  const next = nextMeasurementAfter(reminder, afterMs, timezone);
  if (!next) return null;
  return { date: next.date, fireAt: new Date(next.at), spec: { ...specOf(row, next.time, 0), timezone } };
}
