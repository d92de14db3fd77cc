import { DEFAULT_SETTINGS, type Settings, type SettingsInput } from '@medrem/contract';
import {
  deriveScheduledTimes,
  hasOwnTimes,
  identitySlotMap,
  losesDose,
  parseFrequency,
  remapFlags,
  slotMapFrom,
  zonedNow,
} from '@medrem/domain';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import { type Caller, assertSelf } from '../auth/caller';
import { type StoredDay, remapDay } from '../medicines/dose-ticks';
import type { MedicineRepository } from '../medicines/medicine.repository';
import type { UserRepository } from '../users/user.repository';
import { type EffectiveSettings, type StoredPreferences, effectiveSettingsOf } from './effective-settings';
import type { SettingsChangeListener } from './settings-change.port';
import type { SettingsRepository } from './settings.repository';
import type { PerUserCache } from '../../lib/per-user-cache';

/** What a settings save needs inside its transaction. */
export interface SettingsWriteScope {
  settings: SettingsRepository;
  changes: SettingsChangeListener;
}

export class SettingsService {
  constructor(
    private readonly deps: {
      settings: SettingsRepository;
      medicines: MedicineRepository;
      users: UserRepository;
      clock: Clock;
      /**
       * The save and the rescheduling of pending reminders (times, zone or switches changed)
       * commit together, so a failure while rescheduling leaves the old settings in place.
       */
      transaction: InTransaction<SettingsWriteScope>;
      /** Read on most calls (the user's today), written by a save: kept per process (decision 131). */
      cache: PerUserCache<EffectiveSettings>;
    },
  ) {}

  /** The settings rules run on: saved values, else the spec's defaults. */
  async effective(userId: string): Promise<EffectiveSettings> {
    return this.deps.cache.get(userId, () => this.saved(userId));
  }

  /** Straight from the database: what a save changes must be read fresh. */
  private async saved(userId: string): Promise<EffectiveSettings> {
    return effectiveSettingsOf(await this.deps.settings.find(userId));
  }

  /** After the user's settings changed or went (account deleted), in every process. */
  async forget(userId: string): Promise<void> {
    await this.deps.cache.forget(userId);
  }

  async get(caller: Caller, userEmail: string): Promise<Settings> {
    assertSelf(caller, userEmail);
    return this.view(caller.userId);
  }

  private async view(userId: string): Promise<Settings> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw notFound('User not found.');
    return { ...(await this.effective(userId)), name: user.name, email: user.email };
  }

  /**
   * A new account's first settings: the zone and language of the browser it registers or first
   * signs in with (issue 54); an account with settings keeps them.
   */
  async adoptBrowserDefaults(userId: string, browser: { timezone?: string; locale?: string }): Promise<void> {
    const timezone = browser.timezone ?? DEFAULT_SETTINGS.timezone;
    await this.deps.settings.insertIfMissing(
      userId,
      effectiveSettingsOf(undefined),
      timezone,
      browser.locale,
    );
    await this.forget(userId);
  }

  /**
   * Saves settings. Dose slot i of every medicine follows default time i (decision 023). When the
   * caller says where each time came from (`reminderTimeOrigins`), each slot's doses follow their
   * time to its new position: frequencies, scheduled times and today's ticks move in the same
   * transaction as the settings. Removing a time that a medicine still takes a dose at is refused,
   * naming the medicines, rather than silently dropping or shifting their doses.
   */
  async update(caller: Caller, input: SettingsInput): Promise<Settings> {
    assertSelf(caller, input.userEmail);
    const current = await this.saved(caller.userId);
    const times = input.medicineDefaults.defaultReminderTimes;
    const origins = input.reminderTimeOrigins;
    const slotMap = origins
      ? slotMapFrom(
          checkedOrigins(origins, times.length, current.medicineDefaults.defaultReminderTimes.length),
        )
      : identitySlotMap(times.length);
    // A medicine with its own times keeps them whatever the default times do (decision 212).
    const medicines = (await this.deps.medicines.listForUser(caller.userId)).filter((m) => !hasOwnTimes(m));
    const stranded = medicines.filter((m) => losesDose(m.frequency, slotMap));
    if (stranded.length > 0) {
      const names = stranded.map((m) => m.name).join(', ');
      throw conflict(
        `These medicines still take a dose at a time you removed: ${names}. Change their frequency first.`,
      );
    }
    const timezone = input.timezone ?? current.timezone;
    // Left out of a save (the spec's clients), the saved language, clock and simple screen stay.
    const locale = input.locale === undefined ? current.locale : input.locale;
    const clock = input.clock ?? current.clock;
    const simpleMode = input.simpleMode === undefined ? current.simpleMode : input.simpleMode;
    // Only the medicines whose slots or times change are written (a switch toggled touches none).
    const changed = medicines.flatMap((m) => {
      // Without origins a save keeps every frequency as it is (the spec's clients send none).
      const frequency = origins ? remapFlags(m.frequency, slotMap, times.length) : m.frequency;
      const scheduledTimes = deriveScheduledTimes(frequency, times);
      const same = frequency === m.frequency && scheduledTimes.join() === m.scheduledTimes.join();
      const remapped = frequency !== m.frequency;
      return same
        ? []
        : [{ id: m.id, frequency, scheduledTimes, dosesPerDay: scheduledTimes.length, remapped }];
    });
    const now = this.deps.clock.now();
    // Today's ticks move with their slots where the flags moved, with the time each was set
    // (decision 070), under the day's row lock inside the save's transaction.
    const today = zonedNow(now, timezone).date;
    const days = changed
      .filter((m) => m.remapped)
      .map((m) => {
        const slots = parseFrequency(m.frequency).length;
        return {
          medicineId: m.id,
          date: today,
          remap: (current: StoredDay) => remapDay(current, slotMap, slots),
        };
      });
    const preferences: StoredPreferences = {
      notifications: {
        ...input.notifications,
        // Saves that predate them (the spec's clients) keep the saved ones (decisions 227, 228).
        followUps: input.notifications.followUps ?? current.notifications.followUps,
        quietHours: input.notifications.quietHours ?? current.notifications.quietHours,
      },
      medicineDefaults: {
        ...input.medicineDefaults,
        // The spec's clients send no take-early window: the saved one stays (decision 190).
        takeEarlyMinutes:
          input.medicineDefaults.takeEarlyMinutes ?? current.medicineDefaults.takeEarlyMinutes,
      },
      privacy: input.privacy,
    };
    await this.deps.transaction(async ({ settings, changes }) => {
      await settings.saveWithMedicines(
        caller.userId,
        preferences,
        { timezone, locale, clock, simpleMode },
        now,
        changed,
        days,
      );
      await changes.userChanged(caller.userId);
    });
    await this.forget(caller.userId);
    return this.view(caller.userId);
  }
}

/** One origin per submitted time, each an existing saved slot, none used twice. */
function checkedOrigins(origins: (number | null)[], times: number, savedTimes: number): (number | null)[] {
  if (origins.length !== times) {
    throw badRequest('reminderTimeOrigins must give one origin (a saved slot, or null) per default time.');
  }
  const named = origins.filter((o): o is number => o !== null);
  if (named.some((slot) => slot >= savedTimes)) {
    throw badRequest(
      `reminderTimeOrigins can only name the ${savedTimes} saved default times (0–${savedTimes - 1}).`,
    );
  }
  if (new Set(named).size !== named.length) {
    throw badRequest('reminderTimeOrigins names the same saved time twice.');
  }
  return origins;
}
