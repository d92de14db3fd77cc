import {
  type FollowUpSettings,
  addDays,
  inQuietHours,
  isFollowUpStep,
  nextSharedFollowUpOffset,
  slotNameForTime,
} from '@medrem/domain';
import type { EffectiveSettings } from '../../settings/effective-settings';
import type { ReminderTexts } from '../reminder-texts';
import type { Occurrence, ScheduleSpec } from '../schedule-rules';
import { localParts, zonedInstant } from '../zoned-time';
import type { DueRow, EngineMedicine, Intent, RowOutcome } from './row-types';

const MINUTE_MS = 60_000;
/**
 * A follow-up this late (downtime) is not sent: a repeat is about "now", and the next step, the
 * missed-dose alert or the next day speaks instead.
 */
export const FOLLOW_UP_STALE_MS = 30 * MINUTE_MS;

type Next = NonNullable<RowOutcome['next']>;

/**
 * Decision 228: the end of the quiet window `now` is in (the instant to hold a follow-up or the
 * daily summary to), or null when `now` is outside it or quiet hours are off. The window is read in
 * the saved zone at the send instant, so a change of the window applies to what is pending.
 */
export function quietHold(settings: EffectiveSettings, now: Date): Date | null {
  const quiet = settings.notifications.quietHours;
  if (!quiet.enabled) return null;
  const local = localParts(now.getTime(), settings.timezone);
  if (!inQuietHours(local.time, quiet)) return null;
  const end = zonedInstant(local.date, quiet.end, settings.timezone);
  return end.getTime() > now.getTime()
    ? end
    : zonedInstant(addDays(local.date, 1), quiet.end, settings.timezone);
}

/**
 * Decision 254: the cadence a medicine's follow-ups follow: its own override (also when the user's
 * default is off: the user chose it for this medicine), else the user's default.
 */
export function cadenceOf(
  medicine: Pick<EngineMedicine, 'followUps'>,
  settings: EffectiveSettings,
): FollowUpSettings {
  return medicine.followUps ?? settings.notifications.followUps;
}

/** Whether a phase at `fireAt` is a follow-up held to the end of the quiet window (decision 228). */
function heldToQuietEnd(settings: EffectiveSettings, fireAt: Date): boolean {
  const quiet = settings.notifications.quietHours;
  return quiet.enabled && localParts(fireAt.getTime(), settings.timezone).time === quiet.end;
}

/** The phase of a dose's row `offset` minutes after the dose at `doseAt`, as a move of the row. */
export function phaseAt(spec: ScheduleSpec, date: string, doseAt: number, offset: number): Next {
  return { date, fireAt: new Date(doseAt + offset * MINUTE_MS), spec: { ...spec, offsetMinutes: offset } };
}

/**
 * The follow-up after the phase at `offset` (0: the reminder), when one is left and comes before
 * `until` (the dose's next reminder, or the medicine's next dose); null otherwise. `cadences`: those
 * of the medicines the dose still asks about (decision 254: the earliest next step of any). A step
 * already past (a late firing, a follow-up held by quiet hours) counts on from now, so two never
 * fire back to back.
 */
export function nextFollowUp(
  spec: ScheduleSpec,
  cadences: readonly FollowUpSettings[],
  at: {
    date: string;
    doseAt: number;
    offset: number;
    now: number;
    until: number;
    /** A step at this offset gives way to the missed-dose alert sent then (no two at once). */
    giveWayAt?: number | undefined;
  },
): Next | null {
  const elapsed = Math.max(at.offset, Math.floor((at.now - at.doseAt) / MINUTE_MS));
  const offset = nextSharedFollowUpOffset(elapsed, cadences, at.giveWayAt);
  if (offset === null) return null;
  const next = phaseAt(spec, at.date, at.doseAt, offset);
  return next.fireAt.getTime() < at.until ? next : null;
}

/**
 * What a follow-up phase of a dose's row does at the send instant: nothing once the dose is settled
 * (taken, skipped: no intent) or the follow-up is stale; held to the quiet window's end while `now`
 * is in it (decision 228); else the follow-up. `after` is the row's next phase while the dose is
 * open (the next follow-up, an own-time medicine's missed-dose alert), `settled` where it goes
 * once nothing more is asked. Decision 254: `cadences` are those of the medicines still open now;
 * a phase that is no step of any of them (the medicine whose step it was was taken, or its cadence
 * edited) sends nothing and moves on to their next step, unless quiet hours held it here.
 */
export function followUpPhase(input: {
  spec: ScheduleSpec;
  occurrence: Occurrence;
  settings: EffectiveSettings;
  cadences: readonly FollowUpSettings[];
  /** The phase's minutes after the dose. */
  offset: number;
  now: Date;
  doseAt: number;
  /** The dose's next reminder (or the medicine's next dose): follow-ups stop before it. */
  until: number;
  after: () => Next | null;
  settled: Next | null;
  intent: () => Intent | null;
}): RowOutcome {
  const { spec, occurrence, settings, cadences, now, doseAt, until, settled } = input;
  const nowMs = now.getTime();
  const stale = nowMs > occurrence.fireAt.getTime() + FOLLOW_UP_STALE_MS || nowMs >= until;
  const enabled = settings.notifications.enabled && cadences.some((c) => c.times > 0);
  // Late (downtime): on to the next phase, which checks the dose again at its own instant.
  if (stale) return { intents: [], next: enabled ? (input.after() ?? settled) : settled };
  if (!enabled) return { intents: [], next: settled };
  const asked =
    cadences.some((c) => isFollowUpStep(input.offset, c)) || heldToQuietEnd(settings, occurrence.fireAt);
  if (!asked) return { intents: [], next: input.after() ?? settled };
  const intent = input.intent();
  if (!intent) return { intents: [], next: settled };
  const hold = quietHold(settings, now);
  if (hold) {
    if (hold.getTime() >= until) return { intents: [], next: settled };
    const offset = Math.round((hold.getTime() - doseAt) / MINUTE_MS);
    return { intents: [], next: phaseAt(spec, occurrence.date, doseAt, offset) };
  }
  return { intents: [intent], next: input.after() ?? settled };
}

/** A default-time slot's follow-up: "Still to take: …", with the reminder's buttons and tag. */
export function slotFollowUpIntent(
  row: DueRow,
  date: string,
  due: EngineMedicine[],
  texts: ReminderTexts,
): Intent | null {
  if (due.length === 0) return null;
  return {
    key: `followup:${row.slot}:${date}:${row.offsetMinutes}`,
    type: 'reminder',
    // The reminder's words as a repeat: one dose's, or the slot's count (decision 243).
    title:
      due.length > 1
        ? texts.followUpSlotTitle(due.length, row.localTime)
        : texts.followUpTitle(slotNameForTime(row.localTime)),
    message: texts.followUpBody(texts.lines(due.map(texts.medicineLine))),
    medicineName: due.length === 1 ? due[0]!.name : null,
    // The reminder's tag and buttons ('Take all' for several): the repeat replaces the notification
    // still shown, and rings again.
    dose: { slot: row.slot, date, snoozable: true, count: due.length },
    // One follow-up with the own doses' follow-ups of the same instant (decision 263).
    sameMinute: { localTime: row.localTime, lines: due.map(texts.medicineLine), followUp: true },
  };
}
