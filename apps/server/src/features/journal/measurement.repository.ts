import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { measurementPreferences, measurementTypes, measurements } from '../../db/schema';

export type MeasurementRow = typeof measurements.$inferSelect;
export type ChartReading = Pick<MeasurementRow, 'measuredAt' | 'value' | 'value2' | 'value3'>;
export type CustomTypeRow = typeof measurementTypes.$inferSelect;
export type PreferenceRow = typeof measurementPreferences.$inferSelect;
export type MeasurementValues = Pick<
  MeasurementRow,
  'value' | 'value2' | 'value3' | 'enteredUnit' | 'measuredAt' | 'mealContext' | 'note'
>;
export type CustomTypeValues = Pick<CustomTypeRow, 'name' | 'unit' | 'min' | 'max' | 'decimals'>;

/** A user's readings in [from, until), of one type when it is given. */
function readingsIn(userId: string, range: { from: Date; until: Date; type?: string | undefined }) {
  return and(
    eq(measurements.userId, userId),
    range.type === undefined ? undefined : eq(measurements.type, range.type),
    gte(measurements.measuredAt, range.from),
    lt(measurements.measuredAt, range.until),
  );
}

/** Readings, own types and per-type preferences: every statement bounded by the owner's id. */
export class MeasurementRepository {
  constructor(private readonly db: Database) {}

  async customTypes(userId: string): Promise<CustomTypeRow[]> {
    return this.db
      .select()
      .from(measurementTypes)
      .where(eq(measurementTypes.userId, userId))
      .orderBy(asc(measurementTypes.createdAt), asc(measurementTypes.id));
  }

  async findCustomType(id: string, userId: string): Promise<CustomTypeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(measurementTypes)
      .where(and(eq(measurementTypes.id, id), eq(measurementTypes.userId, userId)));
    return row;
  }

  /** The new type, or undefined when one of the user's has the name already (any case). */
  async insertCustomType(userId: string, values: CustomTypeValues): Promise<CustomTypeRow | undefined> {
    const [row] = await this.db
      .insert(measurementTypes)
      .values({ userId, ...values })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async updateCustomType(id: string, userId: string, values: CustomTypeValues) {
    const [row] = await this.db
      .update(measurementTypes)
      .set(values)
      .where(and(eq(measurementTypes.id, id), eq(measurementTypes.userId, userId)))
      .returning();
    return row;
  }

  /** Deletes the type; its readings go with it (ON DELETE CASCADE), its preferences here. */
  async deleteCustomType(id: string, userId: string): Promise<boolean> {
    await this.db
      .delete(measurementPreferences)
      .where(and(eq(measurementPreferences.userId, userId), eq(measurementPreferences.type, id)));
    const deleted = await this.db
      .delete(measurementTypes)
      .where(and(eq(measurementTypes.id, id), eq(measurementTypes.userId, userId)))
      .returning({ id: measurementTypes.id });
    return deleted.length > 0;
  }

  /** The lowest and highest stored value of an own type (a narrower range must keep them). */
  async valueSpan(userId: string, type: string): Promise<{ low: number | null; high: number | null }> {
    const [row] = await this.db
      .select({
        low: sql<number | null>`min(${measurements.value})`,
        high: sql<number | null>`max(${measurements.value})`,
      })
      .from(measurements)
      .where(and(eq(measurements.userId, userId), eq(measurements.type, type)));
    return { low: row?.low ?? null, high: row?.high ?? null };
  }

  async preferences(userId: string): Promise<PreferenceRow[]> {
    return this.db.select().from(measurementPreferences).where(eq(measurementPreferences.userId, userId));
  }

  async savePreferences(row: PreferenceRow): Promise<void> {
    await this.db
      .insert(measurementPreferences)
      .values(row)
      .onConflictDoUpdate({
        target: [measurementPreferences.userId, measurementPreferences.type],
        set: { displayUnit: row.displayUnit, targets: row.targets },
      });
  }

  /** Readings in [from, until), optionally of one type: newest first for lists, oldest for charts. */
  async between(
    userId: string,
    range: { from: Date; until: Date; type?: string | undefined },
    order: 'asc' | 'desc',
  ): Promise<MeasurementRow[]> {
    return this.db
      .select()
      .from(measurements)
      .where(readingsIn(userId, range))
      .orderBy(
        order === 'asc' ? asc(measurements.measuredAt) : desc(measurements.measuredAt),
        order === 'asc' ? asc(measurements.id) : desc(measurements.id),
      );
  }

  /**
   * A type's readings in [from, until), oldest first, with only what a chart needs: a year's chart
   * reads 730 rows, and the other nine columns (three timestamps, two ids) doubled the time the
   * rows took to arrive and be mapped (decision 355).
   */
  async chartReadings(
    userId: string,
    range: { from: Date; until: Date; type: string },
  ): Promise<ChartReading[]> {
    return this.db
      .select({
        measuredAt: measurements.measuredAt,
        value: measurements.value,
        value2: measurements.value2,
        value3: measurements.value3,
      })
      .from(measurements)
      .where(readingsIn(userId, range))
      .orderBy(asc(measurements.measuredAt), asc(measurements.id));
  }

  /** Every reading of the user, oldest first (the account export). */
  async all(userId: string): Promise<MeasurementRow[]> {
    return this.db
      .select()
      .from(measurements)
      .where(eq(measurements.userId, userId))
      .orderBy(asc(measurements.measuredAt), asc(measurements.id));
  }

  async find(id: string, userId: string): Promise<MeasurementRow | undefined> {
    const [row] = await this.db
      .select()
      .from(measurements)
      .where(and(eq(measurements.id, id), eq(measurements.userId, userId)));
    return row;
  }

  async insert(
    values: MeasurementValues & Pick<MeasurementRow, 'userId' | 'type' | 'customTypeId'>,
  ): Promise<MeasurementRow> {
    const [row] = await this.db.insert(measurements).values(values).returning();
    return row!;
  }

  async update(id: string, userId: string, values: MeasurementValues, now: Date) {
    const [row] = await this.db
      .update(measurements)
      .set({ ...values, updatedAt: now })
      .where(and(eq(measurements.id, id), eq(measurements.userId, userId)))
      .returning();
    return row;
  }

  async delete(id: string, userId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(measurements)
      .where(and(eq(measurements.id, id), eq(measurements.userId, userId)))
      .returning({ id: measurements.id });
    return deleted.length > 0;
  }
}
