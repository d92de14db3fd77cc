import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { userSettings } from '../../db/schema';
import { DoseRecordRepository } from '../medicines/dose-record.repository';
import { MedicineRepository } from '../medicines/medicine.repository';
import { inIds } from '../../db/sql-helpers';

export type SettingsRow = typeof userSettings.$inferSelect;

export class SettingsRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<SettingsRow | undefined> {
    const [row] = await this.db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    return row;
  }

  /** Only when none is saved yet (first sign-in with a zone; registration with a language). */
  async insertIfMissing(
    userId: string,
    preferences: unknown,
    timezone: string,
    locale: string | null = null,
  ): Promise<void> {
    await this.db
      .insert(userSettings)
      .values({ userId, preferences, timezone, locale })
      .onConflictDoNothing();
  }

  /**
   * Saves the settings and, in the same transaction, what the new default times do to each medicine
   * (slots moved, scheduled times, today's ticks), so a dose slot never points at a time that no
   * longer exists and a failure leaves everything as it was.
   */
  async saveWithMedicines(
    userId: string,
    preferences: unknown,
    display: { timezone: string; locale: string | null; clock: string; simpleMode: boolean | null },
    now: Date,
    medicines: Parameters<MedicineRepository['applySlotChanges']>[0],
    days: Parameters<DoseRecordRepository['remapDays']>[0],
  ): Promise<SettingsRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(userSettings)
        .values({ userId, preferences, ...display, updatedAt: now })
        .onConflictDoUpdate({ target: userSettings.userId, set: { preferences, ...display, updatedAt: now } })
        .returning();
      await new MedicineRepository(tx).applySlotChanges(medicines, now);
      await new DoseRecordRepository(tx).remapDays(days, now);
      if (!row) throw new Error('settings upsert returned nothing');
      return row;
    });
  }

  /** The saved settings of many users at once (the reminder engine reads a whole batch's users). */
  async findMany(userIds: string[]): Promise<SettingsRow[]> {
    if (userIds.length === 0) return [];
    return this.db.select().from(userSettings).where(inIds(userSettings.userId, userIds));
  }
}
