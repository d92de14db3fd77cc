import { DEFAULT_SETTINGS, type Settings, type SettingsInput, settingsSchema } from '@medrem/contract';
import { deriveScheduledTimes, parseFrequency } from '@medrem/domain';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ReminderHooks } from '../reminders/reminder-scheduler';
import type { MedicineRepository } from '../medicines/medicine.repository';
import type { SettingsRepository } from './settings.repository';
import type { UserRepository } from '../users/user.repository';
import type { Caller } from '../auth/caller';
import { assertSelf } from '../auth/caller';

export type StoredPreferences = Pick<Settings, 'notifications' | 'medicineDefaults' | 'privacy'>;

const preferencesSchema = settingsSchema.pick({ notifications: true, medicineDefaults: true, privacy: true });

/** Saved preferences merged over the spec's defaults, so a setting added later reads its default. */
export function readPreferences(stored: unknown): StoredPreferences {
  const saved = z.record(z.string(), z.unknown()).safeParse(stored);
  const record = saved.success ? saved.data : {};
  const merged = {
    notifications: { ...DEFAULT_SETTINGS.notifications, ...(record.notifications as object | undefined) },
    medicineDefaults: {
      ...DEFAULT_SETTINGS.medicineDefaults,
      ...(record.medicineDefaults as object | undefined),
    },
    privacy: { ...DEFAULT_SETTINGS.privacy, ...(record.privacy as object | undefined) },
  };
  const parsed = preferencesSchema.safeParse(merged);
  return parsed.success ? parsed.data : structuredClone(DEFAULT_SETTINGS);
}

export interface EffectiveSettings extends StoredPreferences {
  timezone: string;
}

export class SettingsService {
  constructor(
    private readonly deps: {
      settings: SettingsRepository;
      medicines: MedicineRepository;
      users: UserRepository;
      clock: Clock;
      /** Reschedules pending reminders when times, zone or switches change. */
      reminders?: ReminderHooks;
    },
  ) {}

  /** The settings rules run on: saved values, else the spec's defaults. */
  async effective(userId: string): Promise<EffectiveSettings> {
    const row = await this.deps.settings.find(userId);
    return { ...readPreferences(row?.preferences), timezone: row?.timezone ?? DEFAULT_SETTINGS.timezone };
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

  /** The first zone we learn (at registration or sign-in) becomes the saved one. */
  async adoptTimezoneIfUnset(userId: string, timezone: string): Promise<void> {
    await this.deps.settings.insertIfMissing(userId, structuredClone(DEFAULT_SETTINGS), timezone);
  }

  /**
   * Saves settings. Dose slot i of every medicine follows default time i, so a changed time moves
   * that slot's doses; removing a time that a medicine still takes a dose at is refused, naming the
   * medicines, rather than silently dropping or shifting their doses.
   */
  async update(caller: Caller, input: SettingsInput): Promise<Settings> {
    assertSelf(caller, input.userEmail);
    const times = input.medicineDefaults.defaultReminderTimes;
    const medicines = await this.deps.medicines.listForUser(caller.userId);
    const stranded = medicines.filter((m) =>
      parseFrequency(m.frequency).some((flag, slot) => flag === 1 && slot >= times.length),
    );
    if (stranded.length > 0) {
      const names = stranded.map((m) => m.name).join(', ');
      throw conflict(
        `These medicines still take a dose at a time you removed: ${names}. Change their frequency first.`,
      );
    }
    const current = await this.effective(caller.userId);
    const preferences: StoredPreferences = {
      notifications: input.notifications,
      medicineDefaults: input.medicineDefaults,
      privacy: input.privacy,
    };
    const medicineTimes = medicines.map((m) => {
      const scheduledTimes = deriveScheduledTimes(m.frequency, times);
      return { id: m.id, scheduledTimes, dosesPerDay: scheduledTimes.length };
    });
    await this.deps.settings.saveWithMedicineTimes(
      caller.userId,
      preferences,
      input.timezone ?? current.timezone,
      this.deps.clock.now(),
      medicineTimes,
    );
    await this.deps.reminders?.userChanged(caller.userId);
    return this.view(caller.userId);
  }
}
