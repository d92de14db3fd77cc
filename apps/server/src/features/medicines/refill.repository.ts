import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { medicines, refills } from '../../db/schema';
import { takenTotal } from './medicine.repository';

/** The refills of medicines: each one recorded, and the supply it starts. */
export class RefillRepository {
  constructor(private readonly db: Database) {}

  async allRefills(medicineIds: string[]) {
    if (medicineIds.length === 0) return [];
    return this.db
      .select({ medicineId: refills.medicineId, pills: refills.pills, refilledAt: refills.refilledAt })
      .from(refills)
      .where(inArray(refills.medicineId, medicineIds))
      .orderBy(asc(refills.refilledAt));
  }

  /**
   * Starts a new supply: records the refill and makes pills-left count from the doses taken so far.
   * Dose history is kept (the original app wiped it).
   */
  async refill(id: string, userId: string, pills: number, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(medicines)
        .set({ totalPills: pills, takenAtLastRefill: takenTotal, lastRefillAt: now, updatedAt: now })
        .where(and(eq(medicines.id, id), eq(medicines.userId, userId)))
        .returning({ id: medicines.id });
      if (updated.length !== 1) return false;
      await tx.insert(refills).values({ medicineId: id, pills, refilledAt: now });
      return true;
    });
  }
}
