import { isCourseActiveOn, parseFrequency, zonedNow } from '@medrem/domain';
import { notFound, unauthorized } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { Database } from '../db/database';
import type { IdempotencyService } from '../features/idempotency/idempotency.service';
import type { DoseRecordRepository } from '../features/medicines/dose-record.repository';
import type { PushEndpointPolicy } from '../push/allowlist';
import { RealtimeHub } from '../realtime/hub';
import type { MedicineRepository } from '../repositories/medicine.repository';
import type { SettingsService } from '../services/settings.service';
import type { ActionTokenCodec } from './action-tokens';
import { reminderStore } from './reminder-store';
import type { ReminderHooks } from './scheduler';
import { reminderTexts } from './texts';

export const SNOOZE_MINUTES = 10;

export interface PushKeys {
  tokens: ActionTokenCodec;
  vapidPublicKey: string;
  endpoints: PushEndpointPolicy;
}

/**
 * The reminder engine's face towards the API: the VAPID key clients subscribe with, the actions of
 * a notification's buttons, and the live fan-out to open tabs. Its keys come from the process's
 * composition (services/compose-services.ts), loaded before any service exists.
 */
export class PushFeature {
  readonly realtime = new RealtimeHub();

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      medicines: MedicineRepository;
      doses: DoseRecordRepository;
      idempotency: IdempotencyService;
      settings: SettingsService;
      hooks: ReminderHooks;
      keys: PushKeys;
    },
  ) {}

  get tokens(): ActionTokenCodec {
    return this.deps.keys.tokens;
  }

  vapidPublicKey(): string {
    return this.deps.keys.vapidPublicKey;
  }

  /** Whether the server may send to this push endpoint (the default allowlist until configured). */
  /** The push services this server may send to. */
  get endpoints(): PushEndpointPolicy {
    return this.deps.keys.endpoints;
  }

  endpointAllowed(endpoint: string): boolean {
    return this.deps.keys.endpoints.allows(endpoint);
  }

  /**
   * Runs a notification button: 'take' marks the dose(s) taken, 'snooze' reminds again in 10 minutes.
   * The token is the only proof needed, and it proves nothing else.
   */
  async act(input: {
    token: string;
    /** When the button was pressed (a press queued offline syncs later; decision 070). */
    at?: string | undefined;
    idempotencyKey?: string | undefined;
  }): Promise<{ action: 'take' | 'snooze'; message: string }> {
    const { token } = input;
    const now = this.deps.clock.now();
    const claims = this.tokens.verify(token, now);
    if (!claims)
      throw unauthorized('This notification action has expired. Open the app to record your dose.');
    const settings = await this.deps.settings.effective(claims.userId);
    const medicines = (await this.deps.medicines.listForUser(claims.userId)).filter(
      (m) =>
        parseFrequency(m.frequency)[claims.slot] === 1 &&
        isCourseActiveOn(m, claims.date) &&
        (!claims.medicineId || m.id === claims.medicineId),
    );
    if (medicines.length === 0) throw notFound('This dose is no longer scheduled.');

    if (claims.action === 'take') {
      if (claims.date > zonedNow(now, settings.timezone).date) throw notFound('This dose is not due yet.');
      const at = Math.min(input.at ? Date.parse(input.at) : now.getTime(), now.getTime());
      await this.deps.idempotency.once(
        claims.userId,
        'push.action',
        { ...input },
        {
          check: async () => undefined,
          write: async (tx) => {
            for (const m of medicines) {
              const slots = parseFrequency(m.frequency).length;
              const change = { slots, slot: claims.slot, value: 1 as const, at };
              await this.deps.doses.in(tx).changeSlot(m.id, claims.date, change, now);
            }
          },
        },
      );
      await this.deps.hooks.supplyChanged(claims.userId);
      return { action: 'take', message: reminderTexts.takenMessage(medicines.map((m) => m.name)) };
    }

    // A snooze token is honoured once; pressing it again changes nothing.
    const fresh = await reminderStore.recordDeliveries(
      this.deps.db,
      [{ userId: claims.userId, key: `snooze-token:${claims.id}` }],
      now,
    );
    if (fresh.size === 1) {
      const localTime = settings.medicineDefaults.defaultReminderTimes[claims.slot] ?? '00:00';
      await reminderStore.upsertRows(this.deps.db, [
        {
          userId: claims.userId,
          kind: 'snooze',
          slot: claims.slot,
          localTime,
          offsetMinutes: 0,
          timezone: settings.timezone,
          occurrenceDate: claims.date,
          fireAt: new Date(now.getTime() + SNOOZE_MINUTES * 60_000),
          ref: claims.id,
        },
      ]);
    }
    return { action: 'snooze', message: reminderTexts.snoozedMessage(SNOOZE_MINUTES) };
  }
}
