import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { measurementReminders, measurementTypes, measurements } from '../../db/schema';

export type MeasurementReminderRow = typeof measurementReminders.$inferSelect & {
  /** An own type's name (null for a built-in kind). */
  customName: string | null;
};

/** Measurement reminders (decision 331) and the latest reading per type: bounded by the owner's id. */
export class MeasurementReminderRepository {
  constructor(private readonly db: Database) {}

  /** A person's reminders in the order they were set (the engine's rows number them so). */
  async list(userId: string): Promise<MeasurementReminderRow[]> {
    return this.forUsers([userId]);
  }

  /** The reminders of many people at once (the engine's batch). */
  async forUsers(userIds: readonly string[]): Promise<MeasurementReminderRow[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ reminder: measurementReminders, customName: measurementTypes.name })
      .from(measurementReminders)
      .leftJoin(measurementTypes, eq(measurementTypes.id, measurementReminders.customTypeId))
      .where(inArray(measurementReminders.userId, [...userIds]))
      .orderBy(asc(measurementReminders.createdAt), asc(measurementReminders.id));
    return rows.map((r) => ({ ...r.reminder, customName: r.customName }));
  }

  /** Sets a type's times and days (one reminder per person and type). */
  async upsert(
    userId: string,
    values: Pick<typeof measurementReminders.$inferInsert, 'type' | 'customTypeId' | 'times' | 'days'>,
  ): Promise<void> {
    await this.db
      .insert(measurementReminders)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: [measurementReminders.userId, measurementReminders.type],
        set: { times: values.times, days: values.days },
      });
  }

  async delete(userId: string, type: string): Promise<boolean> {
    const gone = await this.db
      .delete(measurementReminders)
      .where(and(eq(measurementReminders.userId, userId), eq(measurementReminders.type, type)))
      .returning({ id: measurementReminders.id });
    return gone.length > 0;
  }

  /**
   * The instant of each person's latest reading of each type they are reminded of: one grouped read
   * over the (user, type, measured_at) index.
   */
  async latestReadings(userIds: readonly string[]): Promise<{ userId: string; type: string; at: Date }[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ userId: measurements.userId, type: measurements.type, at: max(measurements.measuredAt) })
      .from(measurements)
      .innerJoin(
        measurementReminders,
        and(
          eq(measurementReminders.userId, measurements.userId),
          eq(measurementReminders.type, measurements.type),
        ),
      )
      .where(inArray(measurements.userId, [...userIds]))
      .groupBy(measurements.userId, measurements.type);
    return rows.flatMap((r) => (r.at ? [{ userId: r.userId, type: r.type, at: new Date(r.at) }] : []));
  }
}
