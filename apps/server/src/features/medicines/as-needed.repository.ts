import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { asNeededIntakes, medicines } from '../../db/schema';

/** The intakes of as-needed medicines: one row per dose taken, at its instant. */
export class AsNeededRepository {
  constructor(private readonly db: Database) {}

  /**
   * The as-needed intakes of a medicine from `from` (inclusive) to `to` (exclusive), ascending. With
   * `lock` the medicine's row is locked first, so two intakes judged against the limits at once
   * serialise and cannot both pass (the check and the insert run in the caller's transaction).
   */
  async asNeededBetween(medicineId: string, from: Date, to: Date, options: { lock?: boolean } = {}) {
    if (options.lock) {
      await this.db
        .select({ id: medicines.id })
        .from(medicines)
        .where(eq(medicines.id, medicineId))
        .for('update');
    }
    return this.db
      .select({
        id: asNeededIntakes.id,
        takenAt: asNeededIntakes.takenAt,
        override: asNeededIntakes.override,
      })
      .from(asNeededIntakes)
      .where(
        and(
          eq(asNeededIntakes.medicineId, medicineId),
          gte(asNeededIntakes.takenAt, from),
          sql`${asNeededIntakes.takenAt} < ${to.toISOString()}`,
        ),
      )
      .orderBy(asc(asNeededIntakes.takenAt));
  }

  async insertAsNeeded(medicineId: string, takenAt: Date, override: boolean) {
    const [row] = await this.db.insert(asNeededIntakes).values({ medicineId, takenAt, override }).returning({
      id: asNeededIntakes.id,
      takenAt: asNeededIntakes.takenAt,
      override: asNeededIntakes.override,
    });
    if (!row) throw new Error('as-needed insert returned nothing');
    return row;
  }

  /** Every as-needed intake of the given medicines (export, report). */
  async allAsNeeded(medicineIds: string[]) {
    if (medicineIds.length === 0) return [];
    return this.db
      .select({
        medicineId: asNeededIntakes.medicineId,
        takenAt: asNeededIntakes.takenAt,
        override: asNeededIntakes.override,
      })
      .from(asNeededIntakes)
      .where(inArray(asNeededIntakes.medicineId, medicineIds))
      .orderBy(asc(asNeededIntakes.takenAt));
  }
}
