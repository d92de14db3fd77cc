import type { DosePage } from '@medrem/contract';
import {
  type ScheduledMedicineFields,
  type SkipReason,
  dosesOn,
  slotNameForTime,
  taperStepOn,
  timedOnItsOwn,
  zonedNow,
} from '@medrem/domain';
import { badRequest, notFound, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { accountDisabled } from '../auth/auth.service';
import type { Caller } from '../auth/caller';
import type { DosePostponeService } from '../medicines/dose-postpone.service';
import type { DoseRecordService } from '../medicines/dose-record.service';
import { statesOfNamed } from '../medicines/named-doses';
import type { DoseSkipService } from '../medicines/dose-skip.service';
import type { EffectiveSettings } from '../settings/effective-settings';
import type { SettingsService } from '../settings/settings.service';
import type { UserRepository } from '../users/user.repository';
import type { ActionClaims, ActionTokenCodec, DoseAction } from './action-tokens';
import type { ReminderScheduler } from './reminder-scheduler';
import { textsOf } from './reminder-texts';

export const SNOOZE_MINUTES = 10;

/**
 * Whether a dose snoozes: a slot's (no medicine named), or one of a medicine timed on its own
 * (decision 251); a default slot medicine's missed-dose alert names its medicine and does not.
 */
const snoozable = (rows: readonly ScheduledMedicineFields[], medicineId: string | undefined) =>
  !medicineId || (rows.length === 1 && timedOnItsOwn(rows[0]!));

/** The dose's time: a medicine timed on its own has its dose's, the others the slot's default time. */
function doseTime(
  rows: readonly ScheduledMedicineFields[],
  dose: { date: string; slot: number; medicineId?: string | undefined },
  settings: EffectiveSettings,
): string {
  const context = {
    timeZone: settings.timezone,
    defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
  };
  const time = dose.medicineId
    ? dosesOn(rows[0]!, dose.date, context).find((d) => d.slot === dose.slot)?.time
    : context.defaultReminderTimes[dose.slot];
  return time ?? '00:00';
}

const NO_LONGER_SCHEDULED = 'This dose is no longer scheduled.';
/** What an expired or forged dose page link says (decision 241). */
export const DOSE_LINK_EXPIRED = 'This reminder link has expired — open the app to record your dose.';

/**
 * The buttons of a reminder: 'Mark as taken' (or 'Take all') and 'Snooze 10 min', and the dose page
 * a tap on it opens (decision 241). The signed action token is the only proof needed, and it
 * proves one dose: a button's token one action, the page's token the actions the page offers. A
 * 'Mark as taken' runs the same service call, with the same checks, as a tick on the dashboard.
 */
export class NotificationActionsService {
  constructor(
    private readonly deps: {
      tokens: ActionTokenCodec;
      users: UserRepository;
      doses: DoseRecordService;
      skips: DoseSkipService;
      postpones: DosePostponeService;
      settings: SettingsService;
      scheduler: ReminderScheduler;
      clock: Clock;
    },
  ) {}

  private async callerOf(claims: ActionClaims): Promise<Caller> {
    const user = await this.deps.users.findById(claims.userId);
    if (!user) throw notFound(NO_LONGER_SCHEDULED);
    // A link mailed or pushed before the account was disabled proves the dose, not the account:
    // disabling ends every way in at once (decision 281), these links among them.
    if (user.disabledAt) throw accountDisabled();
    return { userId: user.id, email: user.email };
  }

  /**
   * The action a token runs: a button's own, or the one the dose page asks for with its token.
   */
  private actionOf(claims: ActionClaims, asked: DoseAction | undefined): DoseAction {
    if (claims.action !== 'open') {
      if (asked && asked !== claims.action) throw badRequest(`This notification button cannot ${asked}.`);
      return claims.action;
    }
    if (!asked) throw badRequest('Say which action to run: take, snooze, skip or postpone.');
    // A notification naming doses of several slots (decision 263) is skipped in the app, dose by dose;
    // one led by a dose timed on its own snoozes none (its snooze would be that one dose's).
    if (asked === 'skip' && claims.also?.length) throw badRequest('Skip these doses one by one in the app.');
    if (asked === 'postpone' && claims.also?.length) {
      throw badRequest('Postpone these doses one by one in the app.');
    }
    if (asked === 'snooze' && claims.medicineId && claims.also?.length) {
      throw badRequest('This dose cannot be snoozed.');
    }
    return asked;
  }

  /**
   * `at` and `idempotencyKey`: a press the service worker queued offline and sends later (decision
   * 070, 071); a 'Mark as taken' then counts as made when pressed, and applies once.
   */
  async act(input: {
    token: string;
    action?: DoseAction | undefined;
    reason?: SkipReason | undefined;
    note?: string | undefined;
    newTime?: string | undefined;
    at?: string | undefined;
    idempotencyKey?: string | undefined;
  }): Promise<{ action: DoseAction; message: string }> {
    const claims = this.deps.tokens.verify(input.token, this.deps.clock.now());
    if (!claims)
      throw unauthorized('This notification action has expired. Open the app to record your dose.');
    const action = this.actionOf(claims, input.action);
    if ((action === 'postpone') !== (input.newTime !== undefined)) {
      throw badRequest(
        action === 'postpone'
          ? 'Say the new time to postpone to (newTime, HH:MM today).'
          : 'newTime goes with the postpone action only.',
      );
    }
    const caller = await this.callerOf(claims);
    const dose = { date: claims.date, slot: claims.slot, medicineId: claims.medicineId };
    // The answer is in the account's language (decision 364); the snooze needs its zone too.
    const settings = await this.deps.settings.effective(caller.userId);
    const texts = textsOf(settings);

    if (action === 'take') {
      // Every dose the notification names ('Take all': the slot's medicines and the others due at
      // its minute, decision 263) in one transaction, through 'Mark as taken'.
      const names = await this.deps.doses.takeDose(
        caller,
        { ...dose, also: claims.also },
        {
          at: input.at,
          idempotencyKey: input.idempotencyKey,
        },
      );
      return { action: 'take', message: texts.takenMessage(names) };
    }

    if (action === 'skip') {
      // Settles the dose (decision 225): no follow-up, missed-dose alert or caregiver alert after it.
      const names = await this.deps.skips.skipSlot(caller, dose, {
        reason: input.reason ?? null,
        note: input.note,
        idempotencyKey: input.idempotencyKey,
      });
      return { action: 'skip', message: texts.skippedMessage(names) };
    }

    if (action === 'postpone') {
      // Decision 343: the open doses the link names, together, to the new time of their day.
      const named = await this.deps.doses.namedDoses(caller, { ...dose, also: undefined });
      if (named.length === 0) throw notFound(NO_LONGER_SCHEDULED);
      const newTime = input.newTime!;
      const names = await this.deps.postpones.postponeNamed(caller, {
        date: dose.date,
        doses: named.map((n) => ({ medicineId: n.row.id, slot: n.slot, name: n.row.name })),
        newTime,
        idempotencyKey: input.idempotencyKey,
      });
      return { action: 'postpone', message: texts.postponedMessage(names, newTime) };
    }

    const rows = await this.deps.doses.scheduledDoses(caller, dose);
    if (rows.length === 0) throw notFound(NO_LONGER_SCHEDULED);
    // A slot's dose, or a medicine timed on its own (decision 251); not a slot medicine's missed-dose alert.
    if (!snoozable(rows, claims.medicineId)) throw badRequest('This dose cannot be snoozed.');
    // A page token snoozes once too: its id is the snooze's key, distinct from any button's.
    await this.deps.scheduler.snoozeOnce(
      caller.userId,
      claims.id,
      {
        slot: claims.slot,
        date: claims.date,
        localTime: doseTime(rows, claims, settings),
        timezone: settings.timezone,
        medicineId: claims.medicineId,
      },
      SNOOZE_MINUTES,
    );
    return { action: 'snooze', message: texts.snoozedMessage(SNOOZE_MINUTES) };
  }

  /**
   * The dose page (decision 241): the slot a reminder's link names — its time, its medicines and
   * whether each is taken — and the actions the link allows now. Nothing else of the account.
   */
  async dosePage(token: string): Promise<DosePage> {
    const claims = this.deps.tokens.verify(token, this.deps.clock.now());
    if (!claims || claims.action !== 'open') throw unauthorized(DOSE_LINK_EXPIRED);
    const caller = await this.callerOf(claims);
    const { date, slot, medicineId, also } = claims;
    const named = await this.deps.doses.namedDoses(caller, { date, slot, medicineId, also });
    if (named.length === 0) throw notFound(NO_LONGER_SCHEDULED);
    const settings = await this.deps.settings.effective(caller.userId);
    // The dose the link is for, without the others a merged notification also names (decision 263).
    const lead = named
      .filter((n) => n.slot === slot && (!medicineId || n.row.id === medicineId))
      .map((n) => n.row);
    const time = doseTime(lead.length > 0 ? lead : named.map((n) => n.row), claims, settings);
    const stateOf = await statesOfNamed(named, date, (ids, d, at) => this.deps.doses.slotStates(ids, d, at));
    const medicines = named.map((dose) => {
      const m = dose.row;
      const step = m.schedule?.kind === 'taper' ? taperStepOn(m.schedule.steps, m.startDate, date) : null;
      const state = stateOf(dose);
      return {
        name: m.name,
        dosage: step?.dose ?? m.dosage,
        taken: state?.taken ?? false,
        ...(state?.takenAt ? { takenAt: state.takenAt } : {}),
        ...(state?.skipped ? { skipped: state.skipped } : {}),
        ...(state?.postponedTo && !state.taken && !state.skipped ? { postponedTo: state.postponedTo } : {}),
      };
    });
    const merged = Boolean(also?.length);
    // Postpone (decision 343): today's dose, while a time later than it and than now is left today.
    const now = zonedNow(this.deps.clock.now(), settings.timezone);
    const postpones = !merged && date === now.date && (time > now.time ? time : now.time) < LAST_MINUTE;
    return {
      date,
      time,
      slotName: slotNameForTime(time),
      medicines,
      actions: pageActions(medicines, {
        snoozes: snoozable(lead, medicineId) && !(medicineId && merged),
        skips: !merged,
        postpones,
      }),
      timeZone: settings.timezone,
      expiresAt: claims.expiresAt.toISOString(),
    };
  }
}

/** The last minute of a day: a dose at or after it has no later time left that day to move to. */
const LAST_MINUTE = '23:59';

/**
 * What the page offers (decision 259): while a dose is open, take, snooze (when the dose snoozes,
 * decision 251), skip (not for a notification naming doses of several slots, decision 263) and
 * postpone (today's dose with a later time left today, decision 343); once all are settled and one
 * is skipped, only take ('Take it anyway': a take ends a skip); all taken, nothing.
 */
function pageActions(
  medicines: DosePage['medicines'],
  allowed: { snoozes: boolean; skips: boolean; postpones: boolean },
): DoseAction[] {
  if (medicines.some((m) => !m.taken && !m.skipped)) {
    return [
      'take',
      ...(allowed.snoozes ? ['snooze' as const] : []),
      ...(allowed.skips ? ['skip' as const] : []),
      ...(allowed.postpones ? ['postpone' as const] : []),
    ];
  }
  return medicines.some((m) => m.skipped) ? ['take'] : [];
}
