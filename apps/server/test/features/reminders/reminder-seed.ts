import { DEFAULT_SETTINGS } from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../src/db/database';
import { medicines, pushSubscriptions, reminderSchedule, userSettings, users } from '../../../src/db/schema';
import { desiredSchedule, nextOccurrence } from '../../../src/features/reminders/schedule-rules';

const CHUNK = 1000;

/**
 * The defaults, but no follow-ups (decision 227): the rule tests count each reminder they expect,
 * and follow-ups have tests of their own (follow-ups.test.ts), which turn them on.
 */
export const DEFAULT_NOTIFICATIONS = {
  ...DEFAULT_SETTINGS.notifications,
  followUps: { ...DEFAULT_SETTINGS.notifications.followUps, times: 0 },
};

/**
 * Loads `count` users straight into the database (for the multi-process tests and the benchmark):
 * each with saved settings in `timezone` (default times, so the 08:00 morning slot), one medicine
 * taken in the morning, one push subscription, and the schedule rows the scheduler would write.
 */
export async function seedMorningUsers(
  db: Database,
  options: {
    count: number;
    timezone: string;
    /** Rows get their next firing after this instant. */
    now: Date;
    label: string;
    subscription: (index: number) => string;
    endpoint: (index: number) => string;
    /** false: no follow-ups (decision 227), for tests that count each push of one burst. */
    followUps?: boolean;
  },
): Promise<string[]> {
  const ids: string[] = [];
  const { medicineDefaults, privacy } = DEFAULT_SETTINGS;
  const notifications = options.followUps === false ? DEFAULT_NOTIFICATIONS : DEFAULT_SETTINGS.notifications;
  const preferences = { notifications, medicineDefaults, privacy };
  const settings = { ...DEFAULT_SETTINGS, timezone: options.timezone };
  for (let start = 0; start < options.count; start += CHUNK) {
    const size = Math.min(CHUNK, options.count - start);
    const batch = Array.from({ length: size }, (_, k) => ({ index: start + k, id: randomUUID() }));
    ids.push(...batch.map((b) => b.id));
    await db.insert(users).values(
      batch.map((b) => ({
        id: b.id,
        name: `Bench ${b.index}`,
        email: `${options.label}-${b.index}@bench.test`,
        passwordHash: null,
      })),
    );
    await db
      .insert(userSettings)
      .values(batch.map((b) => ({ userId: b.id, preferences, timezone: options.timezone })));
    const medicine = {
      name: 'Aspirin',
      dosage: '100mg',
      frequency: '1-0-0',
      startDate: '2020-01-01',
      scheduledTimes: ['08:00'],
      durationDays: 36500,
      originalDurationDays: 36500,
      instructions: '',
      totalPills: 36500,
      originalTotalPills: 36500,
      pillsPerDose: 1,
      dosesPerDay: 1,
    };
    await db.insert(medicines).values(batch.map((b) => ({ ...medicine, userId: b.id })));
    await db.insert(pushSubscriptions).values(
      batch.map((b) => ({
        userId: b.id,
        kind: 'webpush',
        endpoint: options.endpoint(b.index),
        token: options.subscription(b.index),
      })),
    );
    const specs = desiredSchedule(
      settings,
      [{ id: 'x', ...medicine }],
      options.now.toISOString().slice(0, 10),
    );
    const occurrences = specs.map((spec) => ({ spec, next: nextOccurrence(spec, options.now) }));
    await db.insert(reminderSchedule).values(
      batch.flatMap((b) =>
        occurrences.map(({ spec, next }) => ({
          userId: b.id,
          kind: spec.kind,
          slot: spec.slot,
          localTime: spec.localTime,
          offsetMinutes: spec.offsetMinutes,
          timezone: spec.timezone,
          occurrenceDate: next.date,
          fireAt: next.fireAt,
        })),
      ),
    );
  }
  return ids;
}
