import type { TakenOnDate } from '@medrem/domain';
import { and, asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { asNeededIntakes, doseRecords, medicines } from '../../db/schema';
import { inIds } from '../../db/sql-helpers';

export type MedicineRow = typeof medicines.$inferSelect;
export type MedicineValues = Omit<
  typeof medicines.$inferInsert,
  | 'id'
  | 'userId'
  | 'createdAt'
  | 'updatedAt'
  | 'takenAtLastRefill'
  | 'lastRefillAt'
  | 'stoppedOn'
  | 'stopReason'
>;
/**
 * A medicine with the number of doses taken over its whole history; a taper's also with its doses
 * by date, since each counts its date's step's pills (decision 120).
 */
export type MedicineWithTotals = MedicineRow & { takenTotal: number; takenByDate?: TakenOnDate[] };

const medicineColumns = getTableColumns(medicines);
// As-needed intakes are doses too: they count against the supply like ticked slots. The outer id is
// written out in full: drizzle renders columns unqualified here, and the intakes have an id too.
const takenTotal = sql<number>`(coalesce((select sum(${doseRecords.takenCount}) from ${doseRecords} where ${doseRecords.medicineId} = ${medicines.id}), 0) + (select count(*) from ${asNeededIntakes} where ${asNeededIntakes.medicineId} = "medicines"."id"))::int`;
/** What a dose write checks a day against (decision 120). */
export const scheduleColumns = {
  frequency: medicines.frequency,
  schedule: medicines.schedule,
  doseTimes: medicines.doseTimes,
  startDate: medicines.startDate,
  originalDurationDays: medicines.originalDurationDays,
  stoppedOn: medicines.stoppedOn,
};
export type MedicineSchedule = {
  frequency: string;
  schedule: MedicineRow['schedule'];
  doseTimes: MedicineRow['doseTimes'];
  startDate: string;
  originalDurationDays: number;
  stoppedOn: string | null;
};

/** The medicines themselves: their rows, read with their supply totals, and their edits. */
export class MedicineRepository {
  constructor(private readonly db: Database) {}

  /** Built once per repository: the API's most frequent reads skip rebuilding their SQL per call. */
  private statements: ReturnType<typeof prepareHotReads> | undefined;

  private get hot(): ReturnType<typeof prepareHotReads> {
    return (this.statements ??= prepareHotReads(this.db));
  }

  async listForUser(userId: string): Promise<MedicineWithTotals[]> {
    return this.withTaperDoses(await this.hot.listForUser.execute({ userId }));
  }

  /** The medicines of many users at once (the reminder engine reads a whole batch's users). */
  async listForUsers(userIds: string[]): Promise<MedicineWithTotals[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ ...medicineColumns, takenTotal })
      .from(medicines)
      .where(inIds(medicines.userId, userIds))
      .orderBy(asc(medicines.createdAt), asc(medicines.id));
    return this.withTaperDoses(rows);
  }

  /** The medicine only when `userId` owns it: someone else's id reads as absent. */
  async findOwned(id: string, userId: string): Promise<MedicineWithTotals | undefined> {
    const [row] = await this.db
      .select({ ...medicineColumns, takenTotal })
      .from(medicines)
      .where(and(eq(medicines.id, id), eq(medicines.userId, userId)))
      .limit(1);
    return row && (await this.withTaperDoses([row]))[0];
  }

  /** The schedule of a medicine of the user's, for the checks of a dose write (no supply totals). */
  async findOwnedSchedule(id: string, userId: string): Promise<MedicineSchedule | undefined> {
    const [row] = await this.hot.ownedSchedule.execute({ id, userId });
    return row;
  }

  /**
   * Adds their doses by date to the tapers among `rows`, in one more query only when there are
   * tapers (few, short courses): every other medicine's read stays one query (decisions 130, 131).
   */
  private async withTaperDoses(rows: MedicineWithTotals[]): Promise<MedicineWithTotals[]> {
    const ids = rows.filter((r) => r.schedule?.kind === 'taper').map((r) => r.id);
    if (ids.length === 0) return rows;
    const records = await this.db
      .select({ medicineId: doseRecords.medicineId, date: doseRecords.date, count: doseRecords.takenCount })
      .from(doseRecords)
      .where(and(inIds(doseRecords.medicineId, ids), gt(doseRecords.takenCount, 0)));
    const byMedicine = new Map<string, TakenOnDate[]>(ids.map((id) => [id, []]));
    for (const { medicineId, ...day } of records) byMedicine.get(medicineId)?.push(day);
    return rows.map((r) => {
      const takenByDate = byMedicine.get(r.id);
      return takenByDate ? { ...r, takenByDate } : r;
    });
  }

  /**
   * createdAt stays the database's own time: the list is ordered by it, and it must follow insertion
   * order even when a test holds the app's clock still.
   */
  async insert(userId: string, values: MedicineValues): Promise<MedicineRow> {
    const [row] = await this.db
      .insert(medicines)
      .values({ ...values, userId })
      .returning();
    if (!row) throw new Error('medicine insert returned nothing');
    return row;
  }

  async updateOwned(
    id: string,
    userId: string,
    values: Partial<MedicineValues>,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(medicines)
      .set({ ...values, updatedAt: now })
      .where(and(eq(medicines.id, id), eq(medicines.userId, userId)))
      .returning({ id: medicines.id });
    return rows.length === 1;
  }

  /** Decision 313: stopped from a day (with its reason), or taken again (both null). */
  async setStop(
    id: string,
    userId: string,
    stop: { stoppedOn: string | null; reason: string | null },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(medicines)
      .set({ stoppedOn: stop.stoppedOn, stopReason: stop.reason, updatedAt: now })
      .where(and(eq(medicines.id, id), eq(medicines.userId, userId)));
  }

  async deleteOwned(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(medicines)
      .where(and(eq(medicines.id, id), eq(medicines.userId, userId)))
      .returning({ id: medicines.id });
    return rows.length === 1;
  }

  /**
   * Applies a change of the default reminder times to the medicines: frequency, scheduled times,
   * doses per day (their days' flags move with DoseRecordRepository.remapDays, in the same
   * transaction).
   */
  async applySlotChanges(
    changes: { id: string; frequency: string; scheduledTimes: string[]; dosesPerDay: number }[],
    now: Date,
  ): Promise<void> {
    for (const m of changes) {
      await this.db
        .update(medicines)
        .set({
          frequency: m.frequency,
          scheduledTimes: m.scheduledTimes,
          dosesPerDay: m.dosesPerDay,
          updatedAt: now,
        })
        .where(eq(medicines.id, m.id));
    }
  }
}

/**
 * The hot reads as prepared statements: their SQL is built once, and PostgreSQL plans them once per
 * connection (postgres.js names them). Same queries as their unprepared forms.
 */
function prepareHotReads(db: Database) {
  const userId = sql.placeholder('userId');
  return {
    listForUser: db
      .select({ ...medicineColumns, takenTotal })
      .from(medicines)
      .where(eq(medicines.userId, userId))
      .orderBy(asc(medicines.createdAt), asc(medicines.id))
      .prepare('medicines_of_user'),
    ownedSchedule: db
      .select(scheduleColumns)
      .from(medicines)
      .where(and(eq(medicines.id, sql.placeholder('id')), eq(medicines.userId, userId)))
      .limit(1)
      .prepare('medicine_schedule_of_user'),
  };
}
