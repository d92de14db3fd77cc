import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { doseRecords } from '../../db/schema';
import { type MergedDay, applySlotChange, applyWholeDay } from './dose-ticks';

/**
 * Writes of a medicine's day (dose_records). Each write reads the row locked, merges the change by
 * decision 070 and writes it back, so concurrent changes of one day serialise instead of losing one.
 */
export class DoseRecordRepository {
  constructor(private readonly db: Database) {}

  /** The same writes inside a caller's transaction (an idempotent write stores its key with them). */
  in(tx: Database): DoseRecordRepository {
    return new DoseRecordRepository(tx);
  }

  private async locked(tx: Database, medicineId: string, date: string) {
    // The row exists first (all flags 0), so two first writes of a day lock the same row.
    await tx
      .insert(doseRecords)
      .values({ medicineId, date, taken: '', takenCount: 0 })
      .onConflictDoNothing({ target: [doseRecords.medicineId, doseRecords.date] });
    const [row] = await tx
      .select({ taken: doseRecords.taken, tickedAt: doseRecords.slotTickedAt })
      .from(doseRecords)
      .where(and(eq(doseRecords.medicineId, medicineId), eq(doseRecords.date, date)))
      .for('update');
    return row;
  }

  private async save(tx: Database, medicineId: string, date: string, day: MergedDay, now: Date) {
    await tx
      .update(doseRecords)
      .set({ taken: day.taken, takenCount: day.takenCount, slotTickedAt: day.tickedAt, updatedAt: now })
      .where(and(eq(doseRecords.medicineId, medicineId), eq(doseRecords.date, date)));
  }

  /** One slot set to `value` as of `at` (ms); not applied when the slot changed later already. */
  async changeSlot(
    medicineId: string,
    date: string,
    change: { slots: number; slot: number; value: 0 | 1; at: number },
    now: Date,
  ): Promise<{ taken: string; applied: boolean }> {
    return this.db.transaction(async (tx) => {
      const { day, applied } = applySlotChange(await this.locked(tx, medicineId, date), change);
      if (applied) await this.save(tx, medicineId, date, day, now);
      return { taken: day.taken, applied };
    });
  }

  /** The whole day's flags (the spec's PUT …/taken); changed slots are stamped `now`. */
  async writeDay(medicineId: string, date: string, taken: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const day = applyWholeDay(await this.locked(tx, medicineId, date), taken, now.getTime());
      await this.save(tx, medicineId, date, day, now);
    });
  }
}
