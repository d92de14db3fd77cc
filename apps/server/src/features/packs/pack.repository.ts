import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { gtinMappings, medicinePacks, medicines, refills } from '../../db/schema';

export type PackRow = typeof medicinePacks.$inferSelect;
export type NewPack = Omit<typeof medicinePacks.$inferInsert, 'id' | 'usedUpAt'>;
export interface MappingRow {
  gtin: string;
  medicineId: string;
  medicineName: string;
  pillsPerPack: number;
  updatedAt: Date;
}

const mappingColumns = {
  gtin: gtinMappings.gtin,
  medicineId: gtinMappings.medicineId,
  medicineName: medicines.name,
  pillsPerPack: gtinMappings.pillsPerPack,
  updatedAt: gtinMappings.updatedAt,
};

/** Packs and GTIN mappings (decision 321). Every read for an id from a request filters by owner. */
export class PackRepository {
  constructor(private readonly db: Database) {}

  /** A medicine's packs, on hand and used up, in the order added. */
  async ofMedicine(medicineId: string, userId: string): Promise<PackRow[]> {
    return this.db
      .select()
      .from(medicinePacks)
      .where(and(eq(medicinePacks.medicineId, medicineId), eq(medicinePacks.userId, userId)))
      .orderBy(asc(medicinePacks.addedAt), asc(medicinePacks.addedOrder));
  }

  /** Every pack on hand (not used up) of these users: the cabinet and the expiry reminders. */
  async onHandOf(userIds: readonly string[]): Promise<PackRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(medicinePacks)
      .where(and(inArray(medicinePacks.userId, [...userIds]), isNull(medicinePacks.usedUpAt)))
      .orderBy(asc(medicinePacks.addedAt), asc(medicinePacks.addedOrder));
  }

  /** Packs on hand with an expiry, of these users: what the expiry reminders read (decision 323). */
  async expiringOf(userIds: readonly string[]) {
    if (userIds.length === 0) return [];
    return this.db
      .select({
        id: medicinePacks.id,
        userId: medicinePacks.userId,
        medicineId: medicinePacks.medicineId,
        expiresOn: medicinePacks.expiresOn,
        batch: medicinePacks.batch,
      })
      .from(medicinePacks)
      .where(
        and(
          inArray(medicinePacks.userId, [...userIds]),
          isNull(medicinePacks.usedUpAt),
          isNotNull(medicinePacks.expiresOn),
        ),
      )
      .orderBy(asc(medicinePacks.expiresOn), asc(medicinePacks.addedAt), asc(medicinePacks.addedOrder));
  }

  /** Every pack of a user, for the export. */
  async allOf(userId: string): Promise<PackRow[]> {
    return this.db
      .select()
      .from(medicinePacks)
      .where(eq(medicinePacks.userId, userId))
      .orderBy(asc(medicinePacks.addedAt), asc(medicinePacks.addedOrder));
  }

  async findOwned(packId: string, medicineId: string, userId: string): Promise<PackRow | undefined> {
    const [row] = await this.db
      .select()
      .from(medicinePacks)
      .where(
        and(
          eq(medicinePacks.id, packId),
          eq(medicinePacks.medicineId, medicineId),
          eq(medicinePacks.userId, userId),
        ),
      );
    return row;
  }

  /** The pack of this product with this serial, if the user added it before (used up or not). */
  async withSerial(userId: string, gtin: string, serial: string) {
    const [row] = await this.db
      .select({
        packId: medicinePacks.id,
        medicineId: medicinePacks.medicineId,
        medicineName: medicines.name,
        addedAt: medicinePacks.addedAt,
      })
      .from(medicinePacks)
      .innerJoin(medicines, eq(medicines.id, medicinePacks.medicineId))
      .where(
        and(eq(medicinePacks.userId, userId), eq(medicinePacks.gtin, gtin), eq(medicinePacks.serial, serial)),
      );
    return row;
  }

  /**
   * Stores a pack; undefined when its serial of its product is the user's already (the unique index
   * decides, so two scans at once cannot both add it).
   */
  async insert(pack: NewPack): Promise<PackRow | undefined> {
    const [row] = await this.db.insert(medicinePacks).values(pack).onConflictDoNothing().returning();
    return row;
  }

  async markUsedUp(packId: string, userId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(medicinePacks)
      .set({ usedUpAt: now })
      .where(
        and(eq(medicinePacks.id, packId), eq(medicinePacks.userId, userId), isNull(medicinePacks.usedUpAt)),
      )
      .returning({ id: medicinePacks.id });
    return rows.length === 1;
  }

  /** Removes a pack added by mistake, and the refill it was added as. */
  async remove(pack: Pick<PackRow, 'id' | 'userId' | 'refillId'>): Promise<void> {
    await this.db
      .delete(medicinePacks)
      .where(and(eq(medicinePacks.id, pack.id), eq(medicinePacks.userId, pack.userId)));
    if (pack.refillId) await this.db.delete(refills).where(eq(refills.id, pack.refillId));
  }

  async mappings(userId: string): Promise<MappingRow[]> {
    return this.db
      .select(mappingColumns)
      .from(gtinMappings)
      .innerJoin(medicines, eq(medicines.id, gtinMappings.medicineId))
      .where(eq(gtinMappings.userId, userId))
      .orderBy(asc(medicines.name), asc(gtinMappings.gtin));
  }

  async mapping(userId: string, gtin: string): Promise<MappingRow | undefined> {
    const [row] = await this.db
      .select(mappingColumns)
      .from(gtinMappings)
      .innerJoin(medicines, eq(medicines.id, gtinMappings.medicineId))
      .where(and(eq(gtinMappings.userId, userId), eq(gtinMappings.gtin, gtin)));
    return row;
  }

  /** Remembers (or renames) what a GTIN is; the medicine must be the user's (checked by the caller). */
  async setMapping(userId: string, gtin: string, medicineId: string, pillsPerPack: number, now: Date) {
    await this.db
      .insert(gtinMappings)
      .values({ userId, gtin, medicineId, pillsPerPack, updatedAt: now })
      .onConflictDoUpdate({
        target: [gtinMappings.userId, gtinMappings.gtin],
        set: { medicineId, pillsPerPack, updatedAt: sql`excluded.updated_at` },
      });
  }

  async deleteMapping(userId: string, gtin: string): Promise<boolean> {
    const rows = await this.db
      .delete(gtinMappings)
      .where(and(eq(gtinMappings.userId, userId), eq(gtinMappings.gtin, gtin)))
      .returning({ gtin: gtinMappings.gtin });
    return rows.length === 1;
  }

  /** Every mapping of a user, for the export. */
  async mappingRowsOf(userId: string) {
    return this.db
      .select()
      .from(gtinMappings)
      .where(eq(gtinMappings.userId, userId))
      .orderBy(asc(gtinMappings.gtin));
  }
}
