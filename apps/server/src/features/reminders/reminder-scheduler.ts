import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EffectiveSettings } from '../settings/settings.service';
import { isRecurring } from './engine/row-evaluation';
import { reminderStore, type ScheduleWrite } from './reminder.repository';
import { desiredSchedule, nextOccurrence, specKey } from './schedule-rules';
import { localParts } from './zoned-time';

/**
 * What the services tell the reminder engine, so an edit takes effect on what is pending at once.
 * The engine also re-reads everything at fire time; these keep the schedule rows in step (times,
 * zone, switched-off kinds) and ask for a prompt refill check.
 */
export interface ReminderHooks {
  /** Medicines, settings or the zone of this user changed. */
  userChanged(userId: string): Promise<void>;
  /** Doses were ticked or the supply changed: check refill urgency now. */
  supplyChanged(userId: string): Promise<void>;
}

export const noReminderHooks: ReminderHooks = {
  userChanged: async () => undefined,
  supplyChanged: async () => undefined,
};

/** Keeps `reminder_schedule` equal to what a user's settings and medicines ask for. */
export class ReminderScheduler implements ReminderHooks {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      settingsOf(userId: string): Promise<EffectiveSettings>;
    },
  ) {}

  async userChanged(userId: string): Promise<void> {
    const now = this.deps.clock.now();
    const settings = await this.deps.settingsOf(userId);
    await this.deps.db.transaction(async (tx) => {
      const medicines = await reminderStore.medicinesOf(tx, [userId]);
      const today = localParts(now.getTime(), settings.timezone).date;
      const desired = desiredSchedule(settings, medicines, today);
      const existing = new Map(
        (await reminderStore.scheduleOf(tx, userId)).map((r) => [specKey(r as never), r]),
      );
      const writes: ScheduleWrite[] = [];
      for (const spec of desired) {
        const row = existing.get(specKey(spec));
        existing.delete(specKey(spec));
        // Unchanged rows keep their pending firing (it may be due right now).
        if (
          row &&
          row.localTime === spec.localTime &&
          row.offsetMinutes === spec.offsetMinutes &&
          row.timezone === spec.timezone
        ) {
          continue;
        }
        const next = nextOccurrence(spec, now);
        writes.push({ ...spec, userId, occurrenceDate: next.date, fireAt: next.fireAt });
      }
      await reminderStore.upsertRows(tx, writes);
      // Rows nobody asks for any more go; one-off rows (snooze, refill) stay unless all is off.
      const stale = [...existing.values()].filter(
        (r) => isRecurring(r.kind) || !settings.notifications.enabled,
      );
      await reminderStore.deleteRows(
        tx,
        stale.map((r) => r.id),
      );
    });
    await this.supplyChanged(userId);
  }

  async supplyChanged(userId: string): Promise<void> {
    const now = this.deps.clock.now();
    await reminderStore.upsertRows(this.deps.db, [
      {
        userId,
        kind: 'refill',
        slot: 0,
        localTime: '00:00',
        offsetMinutes: 0,
        timezone: 'UTC',
        occurrenceDate: now.toISOString().slice(0, 10),
        fireAt: now,
      },
    ]);
  }
}
