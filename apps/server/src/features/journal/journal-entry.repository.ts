import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { medicines, moods, symptomEntries, symptomNames } from '../../db/schema';

export type SymptomEntryRow = typeof symptomEntries.$inferSelect & { medicineName: string | null };
export type SymptomValues = Pick<
  typeof symptomEntries.$inferInsert,
  'symptom' | 'severity' | 'note' | 'medicineId' | 'occurredAt'
>;
export type MoodRow = typeof moods.$inferSelect;

const entryColumns = {
  id: symptomEntries.id,
  userId: symptomEntries.userId,
  symptom: symptomEntries.symptom,
  severity: symptomEntries.severity,
  note: symptomEntries.note,
  medicineId: symptomEntries.medicineId,
  occurredAt: symptomEntries.occurredAt,
  createdAt: symptomEntries.createdAt,
  medicineName: medicines.name,
};

/** Symptom names and entries and the daily mood: every statement bounded by the owner's id. */
export class JournalEntryRepository {
  constructor(private readonly db: Database) {}

  async ownNames(userId: string) {
    return this.db
      .select({ id: symptomNames.id, name: symptomNames.name })
      .from(symptomNames)
      .where(eq(symptomNames.userId, userId))
      .orderBy(asc(symptomNames.createdAt), asc(symptomNames.id));
  }

  /** The new name, or undefined when the user has it already (any case). */
  async insertName(userId: string, name: string) {
    const [row] = await this.db
      .insert(symptomNames)
      .values({ userId, name })
      .onConflictDoNothing()
      .returning({ id: symptomNames.id, name: symptomNames.name });
    return row;
  }

  async deleteName(id: string, userId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(symptomNames)
      .where(and(eq(symptomNames.id, id), eq(symptomNames.userId, userId)))
      .returning({ id: symptomNames.id });
    return deleted.length > 0;
  }

  /** Every entry and mood of the user, oldest first (the account export). */
  async everything(userId: string): Promise<{ symptoms: SymptomEntryRow[]; moods: MoodRow[] }> {
    const [symptoms, all] = await Promise.all([
      this.db
        .select(entryColumns)
        .from(symptomEntries)
        .leftJoin(medicines, eq(medicines.id, symptomEntries.medicineId))
        .where(eq(symptomEntries.userId, userId))
        .orderBy(asc(symptomEntries.occurredAt), asc(symptomEntries.id)),
      this.db.select().from(moods).where(eq(moods.userId, userId)).orderBy(asc(moods.date)),
    ]);
    return { symptoms, moods: all };
  }

  /** Entries in [from, until), newest first, with the suspected medicine's name. */
  async symptomsBetween(userId: string, from: Date, until: Date): Promise<SymptomEntryRow[]> {
    return this.db
      .select(entryColumns)
      .from(symptomEntries)
      .leftJoin(medicines, eq(medicines.id, symptomEntries.medicineId))
      .where(
        and(
          eq(symptomEntries.userId, userId),
          gte(symptomEntries.occurredAt, from),
          lt(symptomEntries.occurredAt, until),
        ),
      )
      .orderBy(desc(symptomEntries.occurredAt), desc(symptomEntries.id));
  }

  async findSymptom(id: string, userId: string): Promise<SymptomEntryRow | undefined> {
    const [row] = await this.db
      .select(entryColumns)
      .from(symptomEntries)
      .leftJoin(medicines, eq(medicines.id, symptomEntries.medicineId))
      .where(and(eq(symptomEntries.id, id), eq(symptomEntries.userId, userId)));
    return row;
  }

  async insertSymptom(userId: string, values: SymptomValues): Promise<string> {
    const [row] = await this.db
      .insert(symptomEntries)
      .values({ userId, ...values })
      .returning({ id: symptomEntries.id });
    return row!.id;
  }

  async updateSymptom(id: string, userId: string, values: SymptomValues): Promise<boolean> {
    const updated = await this.db
      .update(symptomEntries)
      .set(values)
      .where(and(eq(symptomEntries.id, id), eq(symptomEntries.userId, userId)))
      .returning({ id: symptomEntries.id });
    return updated.length > 0;
  }

  async deleteSymptom(id: string, userId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(symptomEntries)
      .where(and(eq(symptomEntries.id, id), eq(symptomEntries.userId, userId)))
      .returning({ id: symptomEntries.id });
    return deleted.length > 0;
  }

  async moodsBetween(userId: string, from: string, to: string): Promise<MoodRow[]> {
    return this.db
      .select()
      .from(moods)
      .where(and(eq(moods.userId, userId), gte(moods.date, from), lte(moods.date, to)))
      .orderBy(asc(moods.date));
  }

  /** The day's mood, set or replaced: one row per person and day. */
  async saveMood(row: MoodRow): Promise<MoodRow> {
    const [saved] = await this.db
      .insert(moods)
      .values(row)
      .onConflictDoUpdate({
        target: [moods.userId, moods.date],
        set: { mood: row.mood, note: row.note, updatedAt: sql`excluded.updated_at` },
      })
      .returning();
    return saved!;
  }

  async deleteMood(userId: string, date: string): Promise<boolean> {
    const deleted = await this.db
      .delete(moods)
      .where(and(eq(moods.userId, userId), eq(moods.date, date)))
      .returning({ date: moods.date });
    return deleted.length > 0;
  }
}
