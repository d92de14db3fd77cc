import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { medicines, userSettings } from '../../db/schema';

export type SettingsRow = typeof userSettings.$inferSelect;

export class SettingsRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<SettingsRow | undefined> {
    const [row] = await this.db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    return row;
  }

  /** Only when none is saved yet (first sign-in with a zone). */
  async insertIfMissing(userId: string, preferences: unknown, timezone: string): Promise<void> {
    await this.db.insert(userSettings).values({ userId, preferences, timezone }).onConflictDoNothing();
  }

  /**
   * Saves the settings and, in the same transaction, the scheduled times the new default times give
   * each medicine, so a dose slot never points at a time that no longer exists.
   */
  async saveWithMedicineTimes(
    userId: string,
    preferences: unknown,
    timezone: string,
    now: Date,
    medicineTimes: { id: string; scheduledTimes: string[]; dosesPerDay: number }[],
  ): Promise<SettingsRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(userSettings)
        .values({ userId, preferences, timezone, updatedAt: now })
        .onConflictDoUpdate({ target: userSettings.userId, set: { preferences, timezone, updatedAt: now } })
        .returning();
      for (const m of medicineTimes) {
        await tx
          .update(medicines)
          .set({ scheduledTimes: m.scheduledTimes, dosesPerDay: m.dosesPerDay, updatedAt: now })
          .where(eq(medicines.id, m.id));
      }
      if (!row) throw new Error('settings upsert returned nothing');
      return row;
    });
  }
}
