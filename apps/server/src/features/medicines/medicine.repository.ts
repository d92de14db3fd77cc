import type { TakenOnDate } from '@medrem/domain';
import { and, asc, eq, getTableColumns, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { asNeededIntakes, doseRecords, medicines, refills } from '../../db/schema';
import { type MergedDay, type StoredDay, type VersionedDay, sameDay } from './dose-ticks';
import { inIds } from '../../db/sql-helpers';

export type MedicineRow = typeof medicines.$inferSelect;
export type MedicineValues = Omit<
  typeof medicines.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt' | 'takenAtLastRefill' | 'lastRefillAt'
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
const scheduleColumns = {
  frequency: medicines.frequency,
  schedule: medicines.schedule,
  startDate: medicines.startDate,
  originalDurationDays: medicines.originalDurationDays,
};
export type MedicineSchedule = {
  frequency: string;
  schedule: MedicineRow['schedule'];
  startDate: string;
  originalDurationDays: number;
};

export class MedicineRepository {
  /**
   * `inTransaction`: `db` is a transaction already (a write scope), so a day's change runs in it
   * directly instead of in a savepoint (two round trips less per dose).
   */
  constructor(
    private readonly db: Database,
    private readonly options: { inTransaction?: boolean } = {},
  ) {}

  /** Days whose number of doses taken this repository changed: whether a write moved the supply. */
  private countsChanged = 0;

  get takenCountsChanged(): number {
    return this.countsChanged;
  }

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

  async deleteOwned(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(medicines)
      .where(and(eq(medicines.id, id), eq(medicines.userId, userId)))
      .returning({ id: medicines.id });
    return rows.length === 1;
  }

  /** The schedule of a medicine of the user's, for the checks of a dose write (no supply totals). */
  async findOwnedSchedule(id: string, userId: string): Promise<MedicineSchedule | undefined> {
    const [row] = await this.hot.ownedSchedule.execute({ id, userId });
    return row;
  }

  /**
   * A medicine of the user's (its schedule) and its day, in one round trip: the ownership check and
   * the read of the day together, with the day's row version for a write made without a lock
   * (decision 136). Undefined: no such medicine of theirs; `day` undefined: nothing recorded that day.
   */
  async findOwnedDay(
    id: string,
    userId: string,
    date: string,
  ): Promise<{ medicine: MedicineSchedule; day: VersionedDay | undefined } | undefined> {
    const [row] = await this.hot.ownedDay.execute({ id, userId, date });
    if (!row) return undefined;
    const { taken, tickedAt, count, version, ...medicine } = row;
    // A version means a row: its flags and count are there too.
    const found =
      version !== null && taken !== null && count !== null ? { taken, tickedAt, count, version } : undefined;
    return { medicine, day: found };
  }

  /**
   * A medicine of the user's (its schedule) and its flags of one day, for the read of a day: the
   * ownership check and the read together, without what only a write needs (decision 136).
   */
  async findOwnedDayFlags(id: string, userId: string, date: string) {
    const [row] = await this.hot.ownedDayFlags.execute({ id, userId, date });
    if (!row) return undefined;
    const { date: day, taken, ...medicine } = row;
    return { medicine, day: day !== null && taken !== null ? { date: day, taken } : undefined };
  }

  /** The taken flags of these medicines on these days (rows that exist). */
  async takenOn(medicineIds: string[], dates: string[]) {
    if (medicineIds.length === 0 || dates.length === 0) return [];
    return this.db
      .select({ medicineId: doseRecords.medicineId, date: doseRecords.date, taken: doseRecords.taken })
      .from(doseRecords)
      .where(and(inIds(doseRecords.medicineId, medicineIds), inArray(doseRecords.date, dates)));
  }

  /**
   * The taken flags of every medicine of the user's from `from` to `to` inclusive, in one query
   * (the Reports aggregates read several months at once).
   */
  async takenBetweenForUser(userId: string, from: string, to: string) {
    return this.db
      .select({ medicineId: doseRecords.medicineId, date: doseRecords.date, taken: doseRecords.taken })
      .from(doseRecords)
      .innerJoin(medicines, eq(medicines.id, doseRecords.medicineId))
      .where(and(eq(medicines.userId, userId), gte(doseRecords.date, from), lte(doseRecords.date, to)));
  }

  /**
   * The one way a day's flags are written (decision 070): the day's row is read under a row lock,
   * the change is merged by `merge`, and the row is written back, so concurrent changes of one day
   * (a notification's button, the dashboard, an offline replay, a settings remap) serialise instead
   * of one losing the other. The row is created first (no flags), so two first writes of a day lock
   * the same row. `merge` returns null to leave the row as it is.
   */
  async changeDay<T>(
    medicineId: string,
    date: string,
    now: Date,
    merge: (current: StoredDay | undefined) => { day: MergedDay | null; result: T },
    options: { createMissing: boolean } = { createMissing: true },
  ): Promise<T> {
    const change = async (tx: Database) => {
      const lockDay = async () => {
        const [row] = await tx
          .select({
            taken: doseRecords.taken,
            tickedAt: doseRecords.slotTickedAt,
            count: doseRecords.takenCount,
          })
          .from(doseRecords)
          .where(and(eq(doseRecords.medicineId, medicineId), eq(doseRecords.date, date)))
          .for('update');
        return row;
      };
      // The day's row usually exists (every tick after the day's first): lock it in one round trip.
      let current = await lockDay();
      if (!current && options.createMissing) {
        await tx
          .insert(doseRecords)
          .values({ medicineId, date, taken: '', takenCount: 0, updatedAt: now })
          .onConflictDoNothing({ target: [doseRecords.medicineId, doseRecords.date] });
        current = await lockDay();
      }
      const { day, result } = merge(current);
      // A change that changes nothing (a replay, the same day sent again) writes nothing.
      if (day && !sameDay(current, day)) {
        await tx
          .update(doseRecords)
          .set({ taken: day.taken, takenCount: day.takenCount, slotTickedAt: day.tickedAt, updatedAt: now })
          .where(and(eq(doseRecords.medicineId, medicineId), eq(doseRecords.date, date)));
        if (day.takenCount !== (current?.count ?? 0)) this.countsChanged += 1;
      }
      return result;
    };
    return this.options.inTransaction ? change(this.db) : this.db.transaction(change);
  }

  /**
   * Applies a change of the default reminder times to the medicines (frequency, scheduled times,
   * doses per day) and to the day's taken flags with their per-slot stamps (each stamp moves with its
   * flag). Runs inside the settings save's transaction; days without a row stay without one.
   */
  async applySlotChanges(
    changes: { id: string; frequency: string; scheduledTimes: string[]; dosesPerDay: number }[],
    days: { medicineId: string; date: string; remap: (current: StoredDay) => MergedDay }[],
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
    for (const d of days) {
      await this.changeDay(
        d.medicineId,
        d.date,
        now,
        (current) => ({ day: current ? d.remap(current) : null, result: undefined }),
        { createMissing: false },
      );
    }
  }

  async doseHistory(medicineId: string, from: string, to: string) {
    return this.db
      .select({ date: doseRecords.date, taken: doseRecords.taken })
      .from(doseRecords)
      .where(
        and(eq(doseRecords.medicineId, medicineId), gte(doseRecords.date, from), lte(doseRecords.date, to)),
      )
      .orderBy(asc(doseRecords.date));
  }

  /** Every dose record of the given medicines (export). */
  async allDoses(medicineIds: string[]) {
    if (medicineIds.length === 0) return [];
    return this.db
      .select({ medicineId: doseRecords.medicineId, date: doseRecords.date, taken: doseRecords.taken })
      .from(doseRecords)
      .where(inArray(doseRecords.medicineId, medicineIds))
      .orderBy(asc(doseRecords.medicineId), asc(doseRecords.date));
  }

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

/**
 * The hot reads as prepared statements: their SQL is built once, and PostgreSQL plans them once per
 * connection (postgres.js names them). Same queries as their unprepared forms.
 */
function prepareHotReads(db: Database) {
  const id = sql.placeholder('id');
  const userId = sql.placeholder('userId');
  const owned = and(eq(medicines.id, id), eq(medicines.userId, userId));
  const dayOfMedicine = and(
    eq(doseRecords.medicineId, medicines.id),
    eq(doseRecords.date, sql.placeholder('date')),
  );
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
      .where(owned)
      .limit(1)
      .prepare('medicine_schedule_of_user'),
    // The ownership check and the read of one day together (placeholder `date`): the day's columns
    // are null without a row. The flags for a read; with the stamps and row version for a write.
    ownedDayFlags: db
      .select({ ...scheduleColumns, date: doseRecords.date, taken: doseRecords.taken })
      .from(medicines)
      .leftJoin(doseRecords, dayOfMedicine)
      .where(owned)
      .limit(1)
      .prepare('medicine_day_flags_of_user'),
    ownedDay: db
      .select({
        ...scheduleColumns,
        taken: doseRecords.taken,
        tickedAt: doseRecords.slotTickedAt,
        count: doseRecords.takenCount,
        // The row's version: the transaction that wrote it (decision 136). Null without a row.
        version: sql<string | null>`${doseRecords}.xmin::text`,
      })
      .from(medicines)
      .leftJoin(doseRecords, dayOfMedicine)
      .where(owned)
      .limit(1)
      .prepare('medicine_day_of_user'),
  };
}
