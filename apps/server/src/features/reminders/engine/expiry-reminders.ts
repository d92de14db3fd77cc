import { addDays, daysToExpiry, expiryReminderStage, nextExpiryReminderDay } from '@medrem/domain';
import type { Occurrence, ScheduleSpec } from '../schedule-rules';
import { textsOf } from '../reminder-texts';
import { localParts, zonedInstant } from '../zoned-time';
import { quietHold } from './follow-ups';
import type { EnginePack, Intent, RowOutcome, UserState } from './row-types';

/**
 * Expiry reminders (issue 58, decision 323): one 'expiry' row per user with packs on hand, at this
 * local time of the first day some pack's reminder is due; each reminder is an intent keyed by pack
 * and stage, so the delivery keys send it once.
 */
export const EXPIRY_REMINDER_TIME = '09:00';

/** The reminders due on `today`: a pack's stage (30, 7 or 0 days before its expiry) once each. */
export function expiryIntents(state: UserState, today: string): Intent[] {
  const names = new Map(state.medicines.map((m) => [m.id, m.name]));
  const texts = textsOf(state.settings);
  const intents: Intent[] = [];
  for (const pack of state.packs ?? []) {
    const stage = expiryReminderStage(pack.expiresOn, today);
    const name = names.get(pack.medicineId);
    if (stage === null || name === undefined) continue;
    const days = daysToExpiry(pack.expiresOn, today)!;
    intents.push({
      key: `expiry:${pack.id}:${stage}`,
      type: 'refill',
      title: texts.expiryTitle(days),
      message: texts.expiryBody(name, pack.expiresOn!, pack.batch),
      medicineName: name,
      url: '/cabinet',
    });
  }
  return intents;
}

function at(day: string, timezone: string): Occurrence {
  return { date: day, fireAt: zonedInstant(day, EXPIRY_REMINDER_TIME, timezone) };
}

function earliest(days: (string | null)[]): string | null {
  return days.reduce<string | null>(
    (min, day) => (day !== null && (min === null || day < min) ? day : min),
    null,
  );
}

/**
 * When the row fires first after the packs changed: today (or, past the time, tomorrow) when a
 * stage is due then, caught up; else the day the first stage begins. A reminder already sent today
 * is not sent again (its delivery key), so firing again costs nothing. Null: nothing to remind.
 */
export function firstExpiryFire(
  packs: readonly EnginePack[],
  now: Date,
  timezone: string,
): Occurrence | null {
  let from = localParts(now.getTime(), timezone).date;
  for (let guard = 0; guard < 3; guard++) {
    const day = earliest(
      packs.map((p) =>
        expiryReminderStage(p.expiresOn, from) !== null ? from : nextExpiryReminderDay(p.expiresOn, from),
      ),
    );
    if (day === null) return null;
    const occurrence = at(day, timezone);
    if (occurrence.fireAt.getTime() > now.getTime()) return occurrence;
    from = addDays(day, 1);
  }
  return null;
}

/** After the reminders of `date` went out: the day the next stage of any pack begins. */
export function nextExpiryFire(
  packs: readonly EnginePack[],
  date: string,
  timezone: string,
): Occurrence | null {
  const day = earliest(packs.map((p) => nextExpiryReminderDay(p.expiresOn, addDays(date, 1))));
  return day === null ? null : at(day, timezone);
}

/**
 * What the user's expiry row does when it fires. Quiet hours hold it to their end, as the daily
 * summary (decision 344): an expiry can wait an hour or two, a night's sleep cannot; its keys are per
 * pack and stage, not per instant, so a held reminder still goes once. Then the stages as of today
 * (a late firing catches up, decision 323), and the row moves to the next stage's day.
 */
export function expiryOutcome(
  occurrence: Occurrence,
  state: UserState,
  now: Date,
  spec: ScheduleSpec,
): RowOutcome {
  const { settings } = state;
  const enabled = settings.notifications.enabled;
  const hold = enabled ? quietHold(settings, now) : null;
  if (hold) return { intents: [], next: { date: occurrence.date, fireAt: hold, spec } };
  const today = localParts(now.getTime(), settings.timezone).date;
  const next = nextExpiryFire(state.packs ?? [], today, settings.timezone);
  return {
    intents: enabled ? expiryIntents(state, today) : [],
    next: next && { ...next, spec: { ...spec, timezone: settings.timezone } },
  };
}
