import type { APIRequestContext } from '@playwright/test';
import type { Medicine, Notification, Settings } from '@medrem/contract';
import type { Account } from './accounts';
import { expect } from './fixtures';
import { todayUtc, type MedicineInput } from './journey';

/**
 * A test's own data, made through the REST facade with a bearer token (the password proves the
 * identity to /jwt), so that every test can start from the state it needs and run alone.
 */
/** A day's record as the API answers it, with what the browser tests look at. */
type TakenDayRecord = {
  taken: string;
  skipped?: ({ reason: string | null; note?: string } | null)[];
  postponed?: ({ to: string; postponedAt: string } | null)[];
};

export class AccountApi {
  private constructor(
    private readonly request: APIRequestContext,
    readonly account: Account,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, account: Account): Promise<AccountApi> {
    const response = await request.post('/jwt', {
      data: { email: account.email, password: account.password },
    });
    expect(response.status(), 'POST /jwt').toBe(200);
    const { token } = (await response.json()) as { token: string };
    return new AccountApi(request, account, token);
  }

  private async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(path, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  /**
   * Adds a medicine starting today (or on `startDate`), with the same fields the add form takes, and
   * a schedule when given (decision 120).
   */
  addMedicine(m: MedicineInput, startDate = todayUtc(), schedule?: Medicine['schedule']): Promise<Medicine> {
    return this.call<Medicine>('POST', '/api/medicine', {
      userEmail: this.account.email,
      name: m.name,
      dosage: m.dosage,
      frequency: m.frequency,
      startDate,
      originalDurationDays: m.totalDays,
      durationDays: m.supplyDays,
      totalPills: m.totalPills,
      pillsPerDose: m.pillsPerDose,
      ...(schedule ? { schedule } : {}),
    });
  }

  /** Records today's taken flags of a medicine, one 0/1 per slot (e.g. '1-0-0': the morning dose). */
  async takeToday(medicine: Medicine, taken: string): Promise<void> {
    await this.takeOn(medicine, todayUtc(), taken);
  }

  /**
   * Ticks one slot of today as a device would, stamped `tickedAt`. The whole-day write above is
   * stamped with the server's real clock, which a browser on the suite's fake clock (10:00 UTC) can
   * never outdate once the real time is past 10:00: a test that seeds a slot and then changes it in
   * the page seeds it this way, stamped before the page's clock.
   */
  async tickToday(medicine: Medicine, slot: number, tickedAt: string): Promise<void> {
    await this.call('PUT', `/api/medicine/${medicine.id}/dose`, {
      date: todayUtc(),
      slot,
      taken: true,
      tickedAt,
    });
  }

  /** Records the taken flags of a medicine on an earlier day. */
  async takeOn(medicine: Medicine, date: string, taken: string): Promise<void> {
    await this.call('PUT', `/api/medicine/${medicine.id}/taken`, { date, taken });
  }

  /** The taken flags of a medicine on a day ('1-0-0'); null when nothing was recorded. */
  async takenOn(medicine: Medicine, date: string): Promise<string | null> {
    return (await this.takenDayOf(medicine, date))?.taken ?? null;
  }

  /** The day's record as the API reads it: the spec's flags and, on a day with one, the skips and postponements. */
  async takenDayOf(medicine: Medicine, date: string): Promise<TakenDayRecord | null> {
    const answer = await this.call<{ takenDay: TakenDayRecord | null }>(
      'GET',
      `/api/medicine/${medicine.id}/taken?date=${date}`,
    );
    return answer.takenDay;
  }

  /** The measurement reminders with their last time's state (decision 331). */
  async measurementReminders(): Promise<
    { type: string; latest: { time: string; settled: boolean } | null }[]
  > {
    return (await this.call<{ reminders: never[] }>('GET', '/api/journal/reminders')).reminders;
  }

  async medicines(): Promise<Medicine[]> {
    const answer = await this.call<{ findMedicine: Medicine[] }>(
      'GET',
      `/api/medicine/user/${encodeURIComponent(this.account.email)}`,
    );
    return answer.findMedicine;
  }

  /** The notifications the server has stored for this account, newest first. */
  async notifications(): Promise<Notification[]> {
    const answer = await this.call<{ notifications: Notification[] }>(
      'GET',
      `/api/notifications/${encodeURIComponent(this.account.email)}`,
    );
    return answer.notifications;
  }

  /** The saved settings, as the server answers them. */
  async settings(): Promise<Settings> {
    const path = `/api/user/${encodeURIComponent(this.account.email)}/settings`;
    return (await this.call<{ settings: Settings }>('GET', path)).settings;
  }

  /** Saves the settings with one change, the rest as they are. */
  private async saveSettings(change: (settings: Settings) => Record<string, unknown>): Promise<void> {
    const path = `/api/user/${encodeURIComponent(this.account.email)}/settings`;
    const { settings } = await this.call<{ settings: Settings }>('GET', path);
    await this.call('PUT', path, {
      userEmail: this.account.email,
      notifications: settings.notifications,
      medicineDefaults: settings.medicineDefaults,
      privacy: settings.privacy,
      ...change(settings),
    });
  }

  /** Saves the user's default follow-ups (decision 227), the rest of the settings as they are. */
  async saveFollowUps(followUps: { everyMinutes: number; times: number }): Promise<void> {
    await this.saveSettings((settings) => ({ notifications: { ...settings.notifications, followUps } }));
  }

  /** Saves new default reminder times; the server moves the medicines' doses with their slots. */
  async saveDefaultReminderTimes(times: string[]): Promise<void> {
    await this.saveSettings((settings) => ({
      medicineDefaults: { ...settings.medicineDefaults, defaultReminderTimes: times },
    }));
  }

  /** Saves the account's own choices (issue 54): its language, the simple screen. */
  async saveAccountChoices(choices: Partial<Pick<Settings, 'locale' | 'simpleMode'>>): Promise<void> {
    await this.saveSettings(() => choices);
  }
}
