import type { MedicinePlan, PlanChangeKind, PlanEntry } from '@medrem/domain';
import { planDiff } from '@medrem/domain';
import { and, asc, desc, eq, gt, gte, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { asNeededIntakes, doseRecords, medicinePlanChanges, medicines } from '../../db/schema';
import { inIds } from '../../db/sql-helpers';

export type PlanChangeRow = typeof medicinePlanChanges.$inferSelect;
/** An entry as a report reads it: the domain's PlanEntry with what changed and why. */
export type PlanHistoryEntry = PlanEntry & Pick<PlanChangeRow, 'kind' | 'changes' | 'reason'>;

/**
 * The history of each medicine's plan (decision 314). Written only inside the transaction of the
 * medicine write it records, so the history and the medicine never disagree.
 */
export class PlanChangeRepository {
  constructor(private readonly db: Database) {}

  /**
   * Records a plan from `effectiveOn` on: a start, a stop or a resume always; an edit only when a
   * plan field changed (a new name or supply is not a change of plan).
   */
  async record(entry: {
    medicineId: string;
    effectiveOn: string;
    kind: PlanChangeKind;
    before: MedicinePlan | null;
    plan: MedicinePlan;
    reason?: string | null | undefined;
  }): Promise<void> {
    const changes = entry.before ? planDiff(entry.before, entry.plan) : [];
    if (entry.kind === 'change' && changes.length === 0) return;
    await this.db.insert(medicinePlanChanges).values({
      medicineId: entry.medicineId,
      effectiveOn: entry.effectiveOn,
      kind: entry.kind,
      changes,
      plan: entry.plan,
      reason: entry.reason ?? null,
    });
  }

  /**
   * The history of a medicine not started yet: its plan from its start date, replacing the start
   * and the edits before it (nothing was taken under them; a planned stop stays).
   */
  async restart(medicineId: string, startDate: string, plan: MedicinePlan): Promise<void> {
    await this.db
      .delete(medicinePlanChanges)
      .where(
        and(
          eq(medicinePlanChanges.medicineId, medicineId),
          inArray(medicinePlanChanges.kind, ['start', 'change']),
        ),
      );
    await this.record({ medicineId, effectiveOn: startDate, kind: 'start', before: null, plan });
  }

  /** The medicines' histories, each oldest first; the caller has checked they are the user's. */
  async listFor(medicineIds: readonly string[]): Promise<PlanChangeRow[]> {
    if (medicineIds.length === 0) return [];
    return this.db
      .select()
      .from(medicinePlanChanges)
      .where(inIds(medicinePlanChanges.medicineId, [...medicineIds]))
      .orderBy(
        asc(medicinePlanChanges.medicineId),
        asc(medicinePlanChanges.effectiveOn),
        asc(medicinePlanChanges.createdAt),
      );
  }

  /** The histories of many medicines (a report's), each oldest first, as the domain reads them. */
  async entriesOf(medicineIds: readonly string[]): Promise<Map<string, PlanHistoryEntry[]>> {
    const byMedicine = new Map<string, PlanHistoryEntry[]>();
    if (medicineIds.length === 0) return byMedicine;
    const rows = await this.db
      .select({
        medicineId: medicinePlanChanges.medicineId,
        effectiveOn: medicinePlanChanges.effectiveOn,
        kind: medicinePlanChanges.kind,
        changes: medicinePlanChanges.changes,
        plan: medicinePlanChanges.plan,
        reason: medicinePlanChanges.reason,
      })
      .from(medicinePlanChanges)
      .where(inIds(medicinePlanChanges.medicineId, [...medicineIds]))
      .orderBy(asc(medicinePlanChanges.effectiveOn), asc(medicinePlanChanges.createdAt));
    for (const { medicineId, ...entry } of rows) {
      byMedicine.set(medicineId, [...(byMedicine.get(medicineId) ?? []), entry]);
    }
    return byMedicine;
  }

  /** The day of the medicine's latest plan change (not its start): a stop may not come before it. */
  async lastChangeDay(medicineId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ day: medicinePlanChanges.effectiveOn })
      .from(medicinePlanChanges)
      .where(and(eq(medicinePlanChanges.medicineId, medicineId), sql`${medicinePlanChanges.kind} <> 'start'`))
      .orderBy(desc(medicinePlanChanges.effectiveOn))
      .limit(1);
    return row?.day ?? null;
  }

  /**
   * The latest dose taken from `day` on (a slot's local day, or an as-needed intake's instant from
   * `fromInstant`, that day's start in the saved zone): a stop may not come before a dose taken.
   */
  async lastTakenFrom(
    medicineId: string,
    day: string,
    fromInstant: Date,
  ): Promise<{ day: string | null; intakeAt: Date | null }> {
    const [record] = await this.db
      .select({ day: max(doseRecords.date) })
      .from(doseRecords)
      .where(
        and(
          eq(doseRecords.medicineId, medicineId),
          gte(doseRecords.date, day),
          gt(doseRecords.takenCount, 0),
        ),
      );
    const [intake] = await this.db
      .select({ at: max(asNeededIntakes.takenAt) })
      .from(asNeededIntakes)
      .where(and(eq(asNeededIntakes.medicineId, medicineId), gte(asNeededIntakes.takenAt, fromInstant)));
    return { day: record?.day ?? null, intakeAt: intake?.at ?? null };
  }

  /** A stop planned for a later day, cancelled by a resume before it: it never took effect. */
  async dropPlannedStop(medicineId: string, after: string): Promise<void> {
    await this.db
      .delete(medicinePlanChanges)
      .where(
        and(
          eq(medicinePlanChanges.medicineId, medicineId),
          eq(medicinePlanChanges.kind, 'stop'),
          gt(medicinePlanChanges.effectiveOn, after),
        ),
      );
  }

  /** Locks the medicine's row for a stop or resume, so two at once cannot both pass their checks. */
  async lockMedicine(medicineId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: medicines.id })
      .from(medicines)
      .where(and(eq(medicines.id, medicineId), eq(medicines.userId, userId)))
      .for('update');
    return rows.length === 1;
  }
}
