import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  doseRecords,
  medicines,
  notifications,
  pushOutbox,
  pushSubscriptions,
  reminderDeliveries,
  reminderSchedule,
  userSettings,
} from '../db/schema';
import type { DueRow, EngineMedicine } from './evaluate';
import type { ReminderKind, ScheduleSpec } from './schedule-rules';

/** A transaction or the database: everything here runs inside the engine's transactions. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Rows of a raw query, whichever driver ran it (postgres.js gives an array, PGlite `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

const takenTotal = sql<number>`coalesce((select sum(${doseRecords.takenCount}) from ${doseRecords} where ${doseRecords.medicineId} = ${medicines.id}), 0)::int`;

export interface ScheduleWrite extends ScheduleSpec {
  id?: string;
  userId: string;
  occurrenceDate: string;
  fireAt: Date;
  ref?: string | null;
}

export interface NewOutboxRow {
  userId: string;
  subscriptionId: string;
  payload: unknown;
  topic: string;
}

export interface LeasedPush {
  id: string;
  userId: string;
  subscriptionId: string;
  payload: unknown;
  topic: string;
  attempts: number;
}

/** The engine's SQL. Bulk statements throughout: one round trip per batch, not per user. */
export const reminderStore = {
  /** Claims due rows; SKIP LOCKED lets other workers take the next ones instead of waiting. */
  async claimDue(tx: Executor, now: Date, limit: number): Promise<DueRow[]> {
    const rows = await tx
      .select()
      .from(reminderSchedule)
      .where(lte(reminderSchedule.fireAt, now))
      .orderBy(asc(reminderSchedule.fireAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      kind: r.kind as ReminderKind,
      slot: r.slot,
      localTime: r.localTime,
      offsetMinutes: r.offsetMinutes,
      timezone: r.timezone,
      occurrenceDate: r.occurrenceDate,
      fireAt: r.fireAt,
      ref: r.ref,
    }));
  },

  async countDue(tx: Executor, now: Date, cap: number): Promise<number> {
    const result = await tx.execute(
      sql`select count(*)::int as n from (select 1 from ${reminderSchedule} where ${reminderSchedule.fireAt} <= ${now.toISOString()}::timestamptz limit ${cap}) due`,
    );
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  },

  async settingsOf(tx: Executor, userIds: string[]) {
    if (userIds.length === 0) return [];
    return tx.select().from(userSettings).where(inArray(userSettings.userId, userIds));
  },

  async medicinesOf(tx: Executor, userIds: string[]): Promise<(EngineMedicine & { userId: string })[]> {
    if (userIds.length === 0) return [];
    return tx
      .select({
        id: medicines.id,
        userId: medicines.userId,
        name: medicines.name,
        dosage: medicines.dosage,
        frequency: medicines.frequency,
        startDate: medicines.startDate,
        originalDurationDays: medicines.originalDurationDays,
        totalPills: medicines.totalPills,
        takenTotal,
        takenAtLastRefill: medicines.takenAtLastRefill,
        pillsPerDose: medicines.pillsPerDose,
        dosesPerDay: medicines.dosesPerDay,
      })
      .from(medicines)
      .where(inArray(medicines.userId, userIds))
      .orderBy(asc(medicines.createdAt), asc(medicines.id));
  },

  async takenOn(tx: Executor, medicineIds: string[], dates: string[]) {
    if (medicineIds.length === 0 || dates.length === 0) return [];
    return tx
      .select({ medicineId: doseRecords.medicineId, date: doseRecords.date, taken: doseRecords.taken })
      .from(doseRecords)
      .where(and(inArray(doseRecords.medicineId, medicineIds), inArray(doseRecords.date, dates)));
  },

  /** Records dedupe keys; returns the `${userId}|${key}` pairs that were new. */
  async recordDeliveries(
    tx: Executor,
    rows: { userId: string; key: string }[],
    now: Date,
  ): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const inserted = await tx
      .insert(reminderDeliveries)
      .values(rows.map((r) => ({ ...r, createdAt: now })))
      .onConflictDoNothing()
      .returning({ userId: reminderDeliveries.userId, key: reminderDeliveries.key });
    return new Set(inserted.map((r) => `${r.userId}|${r.key}`));
  },

  async insertNotifications(tx: Executor, rows: (typeof notifications.$inferInsert)[]) {
    if (rows.length === 0) return [];
    return tx.insert(notifications).values(rows).returning();
  },

  async subscriptionsOf(tx: Executor, userIds: string[]) {
    if (userIds.length === 0) return [];
    return tx.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
  },

  async insertOutbox(tx: Executor, rows: NewOutboxRow[], leaseId: string, availableAt: Date): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      await tx
        .insert(pushOutbox)
        .values(rows.slice(i, i + 1000).map((r) => ({ ...r, leaseId, availableAt })));
    }
  },

  /** Moves rows to their next firing (and spec, when settings changed) in one statement. */
  async moveRows(tx: Executor, rows: (ScheduleWrite & { id: string })[]): Promise<void> {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${r.id}::uuid, ${r.fireAt.toISOString()}::timestamptz, ${r.occurrenceDate}::date, ${r.localTime}::text, ${r.offsetMinutes}::int, ${r.timezone}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`update ${reminderSchedule} as r
      set fire_at = v.fire_at, occurrence_date = v.occurrence_date, local_time = v.local_time,
          offset_minutes = v.offset_minutes, timezone = v.timezone
      from (values ${values}) as v(id, fire_at, occurrence_date, local_time, offset_minutes, timezone)
      where r.id = v.id`);
  },

  async deleteRows(tx: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(reminderSchedule).where(inArray(reminderSchedule.id, ids));
  },

  async scheduleOf(tx: Executor, userId: string) {
    return tx.select().from(reminderSchedule).where(eq(reminderSchedule.userId, userId));
  },

  /** Inserts or replaces one row per (user, kind, slot). */
  async upsertRows(tx: Executor, rows: ScheduleWrite[]): Promise<void> {
    if (rows.length === 0) return;
    for (let i = 0; i < rows.length; i += 1000) {
      await tx
        .insert(reminderSchedule)
        .values(
          rows.slice(i, i + 1000).map((r) => ({
            userId: r.userId,
            kind: r.kind,
            slot: r.slot,
            localTime: r.localTime,
            offsetMinutes: r.offsetMinutes,
            timezone: r.timezone,
            occurrenceDate: r.occurrenceDate,
            fireAt: r.fireAt,
            ref: r.ref ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: [reminderSchedule.userId, reminderSchedule.kind, reminderSchedule.slot],
          set: {
            localTime: sql`excluded.local_time`,
            offsetMinutes: sql`excluded.offset_minutes`,
            timezone: sql`excluded.timezone`,
            occurrenceDate: sql`excluded.occurrence_date`,
            fireAt: sql`excluded.fire_at`,
            ref: sql`excluded.ref`,
          },
        });
    }
  },

  /** Takes a lease's pending pushes (extending it while they are sent). */
  async takeLease(tx: Executor, leaseId: string, until: Date): Promise<LeasedPush[]> {
    return tx
      .update(pushOutbox)
      .set({ availableAt: until })
      .where(and(eq(pushOutbox.leaseId, leaseId), eq(pushOutbox.status, 'pending')))
      .returning({
        id: pushOutbox.id,
        userId: pushOutbox.userId,
        subscriptionId: pushOutbox.subscriptionId,
        payload: pushOutbox.payload,
        topic: pushOutbox.topic,
        attempts: pushOutbox.attempts,
      });
  },

  /** Gives pushes whose lease ran out (a crash, a lost job, a due retry) a new lease. */
  async releaseStale(tx: Executor, now: Date, leaseId: string, until: Date, limit: number): Promise<number> {
    const result =
      await tx.execute(sql`update ${pushOutbox} set lease_id = ${leaseId}::uuid, available_at = ${until.toISOString()}::timestamptz
      where id in (select id from ${pushOutbox} where status = 'pending' and available_at <= ${now.toISOString()}::timestamptz
                   order by available_at limit ${limit} for update skip locked)
      returning id`);
    return rowsOf(result).length;
  },

  async deletePushes(tx: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(pushOutbox).where(inArray(pushOutbox.id, ids));
  },

  async retryPush(
    tx: Executor,
    id: string,
    values: { attempts: number; availableAt: Date; failed: boolean; error: string },
  ) {
    await tx
      .update(pushOutbox)
      .set({
        attempts: values.attempts,
        availableAt: values.availableAt,
        leaseId: null,
        status: values.failed ? 'failed' : 'pending',
        lastError: values.error.slice(0, 500),
      })
      .where(eq(pushOutbox.id, id));
  },

  async deleteSubscriptions(tx: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
  },

  async pruneDeliveries(tx: Executor, before: Date): Promise<void> {
    await tx.delete(reminderDeliveries).where(lte(reminderDeliveries.createdAt, before));
  },
};

export async function subscriptionsByIds(tx: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return tx.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
