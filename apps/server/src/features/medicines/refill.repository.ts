import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { medicines, refills } from '../../db/schema';

/** The refills of medicines: each one recorded, and the supply it leaves. */
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

  /** The pills each medicine's last refill added; a medicine never refilled is absent. */
  async lastRefillPills(medicineIds: string[]): Promise<Map<string, number>> {
    if (medicineIds.length === 0) return new Map();
    const rows = await this.db
      .select({ medicineId: refills.medicineId, pills: refills.pills })
      .from(refills)
      .where(inArray(refills.medicineId, medicineIds))
      .orderBy(desc(refills.refilledAt), desc(refills.id));
    const last = new Map<string, number>();
    for (const row of rows) if (!last.has(row.medicineId)) last.set(row.medicineId, row.pills);
    return last;
  }

  /**
   * Records a refill of `added` pills and the supply it leaves (decision 182), answering its id: `totalPills` from the
   * doses taken so far (`takenAtRefill`, the count the pills left were computed from, so a dose
   * recorded meanwhile counts against the new supply). Dose history is kept (the original app wiped
   * it). Run it in the write's transaction: the two statements commit together.
   */
  async refill(
    id: string,
    userId: string,
    supply: { totalPills: number; takenAtRefill: number; added: number },
    now: Date,
  ): Promise<string | null> {
    const updated = await this.db
      .update(medicines)
      .set({
        totalPills: supply.totalPills,
        takenAtLastRefill: supply.takenAtRefill,
        lastRefillAt: now,
        updatedAt: now,
      })
      .where(and(eq(medicines.id, id), eq(medicines.userId, userId)))
      .returning({ id: medicines.id });
    if (updated.length !== 1) return null;
    const [refill] = await this.db
      .insert(refills)
      .values({ medicineId: id, pills: supply.added, refilledAt: now })
      .returning({ id: refills.id });
    return refill!.id;
  }

  /**
   * Pills taken off the supply without a refill (a pack used up, or removed as a mistake; decision
   * 322): the supply restarts at `totalPills` from the doses taken so far, as a refill's does.
   */
  async withdraw(
    id: string,
    userId: string,
    supply: { totalPills: number; takenAtRefill: number },
    now: Date,
  ): Promise<boolean> {
    const updated = await this.db
      .update(medicines)
      .set({ totalPills: supply.totalPills, takenAtLastRefill: supply.takenAtRefill, updatedAt: now })
      .where(and(eq(medicines.id, id), eq(medicines.userId, userId)))
      .returning({ id: medicines.id });
    return updated.length === 1;
  }
}
