import type { DosePage } from '@medrem/contract';
import { type SkipReason, dosesOn, slotNameForTime, taperStepOn } from '@medrem/domain';
import { badRequest, notFound, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { DoseRecordService } from '../medicines/dose-record.service';
import type { DoseSkipService } from '../medicines/dose-skip.service';
import type { SettingsService } from '../settings/settings.service';
import type { UserRepository } from '../users/user.repository';
import type { ActionClaims, ActionTokenCodec, DoseAction } from './action-tokens';
import type { ReminderScheduler } from './reminder-scheduler';
import { reminderTexts } from './reminder-texts';

export const SNOOZE_MINUTES = 10;

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
      settings: SettingsService;
      scheduler: ReminderScheduler;
      clock: Clock;
    },
  ) {}

  private async callerOf(claims: ActionClaims): Promise<Caller> {
    const user = await this.deps.users.findById(claims.userId);
    if (!user) throw notFound(NO_LONGER_SCHEDULED);
    return { userId: user.id, email: user.email };
  }

  /**
   * The action a token runs: a button's own, or the one the dose page asks for with its token. Only
   * a slot's reminder snoozes (a missed-dose alert and a medicine timed on its own do not).
   */
  private actionOf(claims: ActionClaims, asked: DoseAction | undefined): DoseAction {
    if (claims.action !== 'open') {
      if (asked && asked !== claims.action) throw badRequest(`This notification button cannot ${asked}.`);
      return claims.action;
    }
    if (!asked) throw badRequest('Say which action to run: take, snooze or skip.');
    if (asked === 'snooze' && claims.medicineId) throw badRequest('This dose cannot be snoozed.');
    // A skip is for one slot; a notification naming doses of several (decision 263) is skipped in the app.
    if (asked === 'skip' && claims.also?.length) throw badRequest('Skip these doses one by one in the app.');
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
    at?: string | undefined;
    idempotencyKey?: string | undefined;
  }): Promise<{ action: DoseAction; message: string }> {
    const claims = this.deps.tokens.verify(input.token, this.deps.clock.now());
    if (!claims)
      throw unauthorized('This notification action has expired. Open the app to record your dose.');
    const action = this.actionOf(claims, input.action);
    const caller = await this.callerOf(claims);
    const dose = { date: claims.date, slot: claims.slot, medicineId: claims.medicineId };

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
      return { action: 'take', message: reminderTexts.takenMessage(names) };
    }

    if (action === 'skip') {
      // Settles the dose (decision 225): no follow-up, missed-dose alert or caregiver alert after it.
      const names = await this.deps.skips.skipSlot(caller, dose, {
        reason: input.reason ?? null,
        note: input.note,
        idempotencyKey: input.idempotencyKey,
      });
      return { action: 'skip', message: reminderTexts.skippedMessage(names) };
    }

    if ((await this.deps.doses.scheduledDoses(caller, dose)).length === 0) {
      throw notFound(NO_LONGER_SCHEDULED);
    }
    const settings = await this.deps.settings.effective(caller.userId);
    // A page token snoozes once too: its id is the snooze's key, distinct from any button's.
    await this.deps.scheduler.snoozeOnce(
      caller.userId,
      claims.id,
      {
        slot: claims.slot,
        date: claims.date,
        localTime: settings.medicineDefaults.defaultReminderTimes[claims.slot] ?? '00:00',
        timezone: settings.timezone,
      },
      SNOOZE_MINUTES,
    );
    return { action: 'snooze', message: reminderTexts.snoozedMessage(SNOOZE_MINUTES) };
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
    const context = {
      timeZone: settings.timezone,
      defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
    };
    // A medicine timed on its own (or every N hours) has its slot's time; the others the default's.
    const time =
      (medicineId
        ? dosesOn(named[0]!.row, date, context).find((d) => d.slot === slot)?.time
        : context.defaultReminderTimes[slot]) ?? '00:00';
    // Taken flags per slot: the doses also named (decision 263) sit in slots of their own.
    const takenBySlot = new Map<number, Set<string>>();
    for (const at of new Set(named.map((n) => n.slot))) {
      const ids = named.filter((n) => n.slot === at).map((n) => n.row.id);
      takenBySlot.set(at, await this.deps.doses.takenInSlot(ids, date, at));
    }
    const medicines = named.map(({ row: m, slot: at }) => {
      const step = m.schedule?.kind === 'taper' ? taperStepOn(m.schedule.steps, m.startDate, date) : null;
      return { name: m.name, dosage: step?.dose ?? m.dosage, taken: takenBySlot.get(at)!.has(m.id) };
    });
    const open = medicines.some((m) => !m.taken);
    const actions: DoseAction[] = !open
      ? []
      : ['take', ...(medicineId ? [] : (['snooze'] as const)), ...(also?.length ? [] : (['skip'] as const))];
    return {
      date,
      time,
      slotName: slotNameForTime(time),
      medicines,
      actions,
      expiresAt: claims.expiresAt.toISOString(),
    };
  }
}
