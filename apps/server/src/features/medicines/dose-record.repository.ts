import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { doseRecords, medicines } from '../../db/schema';
import { inIds } from '../../db/sql-helpers';
import { type MergedDay, type StoredDay, type VersionedDay, sameDay } from './dose-ticks';
import { type SlotState, slotStateOf } from './dose-timing-rules';
import { type MedicineSchedule, scheduleColumns } from './medicine.repository';

/** The dose records: one row per medicine and day, with its taken flags and their stamps. */
export class DoseRecordRepository {
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
    const { taken, tickedAt, takenAt, count, version, ...medicine } = row;
    // A version means a row: its flags and count are there too.
    const found =
      version !== null && taken !== null && count !== null
        ? { taken, tickedAt, takenAt, count, version }
        : undefined;
    return { medicine, day: found };
  }

  /**
   * A medicine of the user's (its schedule) and its flags of one day, for the read of a day: the
   * ownership check and the read together, without what only a write needs (decision 136).
   */
  async findOwnedDayFlags(id: string, userId: string, date: string) {
    const [row] = await this.hot.ownedDayFlags.execute({ id, userId, date });
    if (!row) return undefined;
    const { date: day, taken, tickedAt, takenAt, skipped, postponed, ...medicine } = row;
    return {
      medicine,
      day:
        day !== null && taken !== null
          ? { date: day, taken, tickedAt, takenAt, skipped, postponed }
          : undefined,
    };
  }

  /** The taken flags of these medicines on these days (rows that exist). */
  async takenOn(medicineIds: string[], dates: string[]) {
    if (medicineIds.length === 0 || dates.length === 0) return [];
    return this.db
      .select({
        medicineId: doseRecords.medicineId,
        date: doseRecords.date,
        taken: doseRecords.taken,
        // A skip (decision 225) with the stamps it is judged against; the stamps only where a skip
        // is, so the reminder engine's bulk read stays as lean as before for every other day.
        ...skipsWithStamps,
        // The day's postponed doses (decision 316): null on almost every row.
        postponed: doseRecords.slotPostponed,
      })
      .from(doseRecords)
      .where(and(inIds(doseRecords.medicineId, medicineIds), inArray(doseRecords.date, dates)));
  }

  /**
   * Each of these medicines' dose in `slot` on `date` (the dose page): taken (and when, if known), or
   * skipped with the skip that holds (decision 225); absent: no row that day.
   */
  async slotStates(medicineIds: string[], date: string, slot: number): Promise<Map<string, SlotState>> {
    if (medicineIds.length === 0) return new Map();
    const rows = await this.db
      .select({ medicineId: doseRecords.medicineId, ...dayInstants })
      .from(doseRecords)
      .where(and(inIds(doseRecords.medicineId, medicineIds), eq(doseRecords.date, date)));
    return new Map(rows.map((row) => [row.medicineId, slotStateOf(row, slot)]));
  }

  /**
   * The taken flags of every medicine of the user's from `from` to `to` inclusive, in one query
   * (the Reports aggregates read several months at once).
   */
  async takenBetweenForUser(userId: string, from: string, to: string) {
    return this.db
      .select({ medicineId: doseRecords.medicineId, date: doseRecords.date, ...dayInstants })
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
            takenAt: doseRecords.slotTakenAt,
            skipped: doseRecords.slotSkipped,
            postponed: doseRecords.slotPostponed,
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
          .set({
            taken: day.taken,
            takenCount: day.takenCount,
            slotTickedAt: day.tickedAt,
            slotTakenAt: day.takenAt,
            // Only a skip or a remap writes the skips; every other change leaves them (decision 225).
            ...(day.skipped !== undefined ? { slotSkipped: day.skipped } : {}),
            ...(day.postponed !== undefined ? { slotPostponed: day.postponed } : {}),
            updatedAt: now,
          })
          .where(and(eq(doseRecords.medicineId, medicineId), eq(doseRecords.date, date)));
        if (day.takenCount !== (current?.count ?? 0)) this.countsChanged += 1;
      }
      return result;
    };
    return this.options.inTransaction ? change(this.db) : this.db.transaction(change);
  }

  /**
   * Moves the days' taken flags with their per-slot stamps (each stamp moves with its flag) when the
   * default reminder times change. Runs inside the settings save's transaction; days without a row
   * stay without one.
   */
  async remapDays(
    days: { medicineId: string; date: string; remap: (current: StoredDay) => MergedDay }[],
    now: Date,
  ): Promise<void> {
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

  /** A medicine's days with when each dose was taken (decision 191; the stamps for older rows). */
  async doseHistory(medicineId: string, from: string, to: string) {
    return this.db
      .select({ date: doseRecords.date, ...dayInstants })
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
      .select({
        medicineId: doseRecords.medicineId,
        date: doseRecords.date,
        taken: doseRecords.taken,
        ...skipsWithStamps,
        postponed: doseRecords.slotPostponed,
      })
      .from(doseRecords)
      .where(inArray(doseRecords.medicineId, medicineIds))
      .orderBy(asc(doseRecords.medicineId), asc(doseRecords.date));
  }
}

/** A day's skips (decision 225) with the slot stamps they are judged against, only where a skip is. */
const skipsWithStamps = {
  skipped: doseRecords.slotSkipped,
  tickedAt: sql<
    number[] | null
  >`case when ${doseRecords.slotSkipped} is not null then ${doseRecords.slotTickedAt} end`,
};

/** A day's flags with when each dose was taken, and the stamps older rows answer it from. */
const dayInstants = {
  taken: doseRecords.taken,
  tickedAt: doseRecords.slotTickedAt,
  takenAt: doseRecords.slotTakenAt,
  skipped: doseRecords.slotSkipped,
  postponed: doseRecords.slotPostponed,
};

/** The hot reads of a day as prepared statements (see MedicineRepository's). */
function prepareHotReads(db: Database) {
  const owned = and(eq(medicines.id, sql.placeholder('id')), eq(medicines.userId, sql.placeholder('userId')));
  const dayOfMedicine = and(
    eq(doseRecords.medicineId, medicines.id),
    eq(doseRecords.date, sql.placeholder('date')),
  );
  return {
    // The ownership check and the read of one day together (placeholder `date`): the day's columns
    // are null without a row. The flags for a read; with the stamps and row version for a write.
    ownedDayFlags: db
      .select({ ...scheduleColumns, date: doseRecords.date, ...dayInstants })
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
        takenAt: doseRecords.slotTakenAt,
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
