import { notFound, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { DoseRecordService } from '../medicines/dose-record.service';
import type { SettingsService } from '../settings/settings.service';
import type { UserRepository } from '../users/user.repository';
import type { ActionTokenCodec } from './action-tokens';
import type { ReminderScheduler } from './reminder-scheduler';
import { reminderTexts } from './reminder-texts';

export const SNOOZE_MINUTES = 10;

const NO_LONGER_SCHEDULED = 'This dose is no longer scheduled.';

/**
 * The buttons of a reminder: 'Mark as taken' and 'Snooze 10 min'. The signed action token is the
 * only proof needed, and it proves one action on one dose. A 'Mark as taken' runs the same service
 * call, with the same checks, as a tick on the dashboard.
 */
export class NotificationActionsService {
  constructor(
    private readonly deps: {
      tokens: ActionTokenCodec;
      users: UserRepository;
      doses: DoseRecordService;
      settings: SettingsService;
      scheduler: ReminderScheduler;
      clock: Clock;
    },
  ) {}

  /**
   * `at` and `idempotencyKey`: a press the service worker queued offline and sends later (decision
   * 070, 071); a 'Mark as taken' then counts as made when pressed, and applies once.
   */
  async act(input: {
    token: string;
    at?: string | undefined;
    idempotencyKey?: string | undefined;
  }): Promise<{ action: 'take' | 'snooze'; message: string }> {
    const { token } = input;
    const claims = this.deps.tokens.verify(token, this.deps.clock.now());
    if (!claims)
      throw unauthorized('This notification action has expired. Open the app to record your dose.');
    const user = await this.deps.users.findById(claims.userId);
    if (!user) throw notFound(NO_LONGER_SCHEDULED);
    const caller: Caller = { userId: user.id, email: user.email };
    const dose = { date: claims.date, slot: claims.slot, medicineId: claims.medicineId };

    if (claims.action === 'take') {
      const names = await this.deps.doses.takeDose(caller, dose, {
        at: input.at,
        idempotencyKey: input.idempotencyKey,
      });
      return { action: 'take', message: reminderTexts.takenMessage(names) };
    }

    if ((await this.deps.doses.scheduledDoses(caller, dose)).length === 0) {
      throw notFound(NO_LONGER_SCHEDULED);
    }
    const settings = await this.deps.settings.effective(caller.userId);
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
}
