import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  doseRecords,
  medicines,
  notifications,
  pushOutbox,
  pushSubscriptions,
  reminderDeliveries,
  reminderSchedule,
  userSettings,
} from '../../db/schema';
import type { DueRow, EngineMedicine } from './engine/row-evaluation';
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

export interface NewNotificationRow {
  id: string;
  userId: string;
  type: string;
  title: string;
  message: string;
  medicineName: string | null;
  createdAt: Date;
}

export interface LeasedPush {
  id: string;
  userId: string;
  subscriptionId: string;
  payload: unknown;
  topic: string;
  attempts: number;
}

const leasedColumns = {
  id: pushOutbox.id,
  userId: pushOutbox.userId,
  subscriptionId: pushOutbox.subscriptionId,
  payload: pushOutbox.payload,
  topic: pushOutbox.topic,
  attempts: pushOutbox.attempts,
};

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
    const json = JSON.stringify(rows.map((r) => ({ user_id: r.userId, key: r.key })));
    const inserted = rowsOf<{ user_id: string; key: string }>(
      await tx.execute(sql`insert into ${reminderDeliveries} (user_id, key, created_at)
        select x.user_id, x.key, ${now.toISOString()}::timestamptz
        from json_to_recordset(${json}::json) as x(user_id uuid, key text)
        on conflict do nothing
        returning user_id, key`),
    );
    return new Set(inserted.map((r) => `${r.user_id}|${r.key}`));
  },

  /** Stores notifications in one statement (the rows carry their own ids). */
  async insertNotifications(tx: Executor, rows: NewNotificationRow[]): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        user_id: r.userId,
        type: r.type,
        title: r.title,
        message: r.message,
        medicine_name: r.medicineName,
        created_at: r.createdAt.toISOString(),
      })),
    );
    await tx.execute(sql`insert into ${notifications} (id, user_id, type, title, message, medicine_name, created_at)
      select * from json_to_recordset(${json}::json)
        as x(id uuid, user_id uuid, type text, title text, message text, medicine_name text, created_at timestamptz)`);
  },

  async subscriptionsOf(tx: Executor, userIds: string[]) {
    if (userIds.length === 0) return [];
    return tx.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
  },

  async insertOutbox(tx: Executor, rows: NewOutboxRow[], leaseId: string, availableAt: Date): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(
      rows.map((r) => ({
        user_id: r.userId,
        subscription_id: r.subscriptionId,
        payload: r.payload,
        topic: r.topic,
      })),
    );
    await tx.execute(sql`insert into ${pushOutbox} (user_id, subscription_id, payload, topic, lease_id, available_at)
      select x.user_id, x.subscription_id, x.payload, x.topic, ${leaseId}::uuid, ${availableAt.toISOString()}::timestamptz
      from json_to_recordset(${json}::json) as x(user_id uuid, subscription_id uuid, payload jsonb, topic text)`);
  },

  /** Moves rows to their next firing (and spec, when settings changed) in one statement. */
  async moveRows(tx: Executor, rows: (ScheduleWrite & { id: string })[]): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        fire_at: r.fireAt.toISOString(),
        occurrence_date: r.occurrenceDate,
        local_time: r.localTime,
        offset_minutes: r.offsetMinutes,
        timezone: r.timezone,
      })),
    );
    await tx.execute(sql`update ${reminderSchedule} as r
      set fire_at = v.fire_at, occurrence_date = v.occurrence_date, local_time = v.local_time,
          offset_minutes = v.offset_minutes, timezone = v.timezone
      from json_to_recordset(${json}::json)
        as v(id uuid, fire_at timestamptz, occurrence_date date, local_time text, offset_minutes int, timezone text)
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

  /** A lease's pending pushes as they are, with when the lease runs out. */
  async readLease(tx: Executor, leaseId: string): Promise<(LeasedPush & { availableAt: Date })[]> {
    return tx
      .select({ ...leasedColumns, availableAt: pushOutbox.availableAt })
      .from(pushOutbox)
      .where(and(eq(pushOutbox.leaseId, leaseId), eq(pushOutbox.status, 'pending')));
  },

  /** Takes a lease's pending pushes (extending it while they are sent). */
  async takeLease(tx: Executor, leaseId: string, until: Date): Promise<LeasedPush[]> {
    return tx
      .update(pushOutbox)
      .set({ availableAt: until })
      .where(and(eq(pushOutbox.leaseId, leaseId), eq(pushOutbox.status, 'pending')))
      .returning(leasedColumns);
  },

  /** Keeps a lease while its batch is still being sent. */
  async extendLease(tx: Executor, leaseId: string, until: Date): Promise<void> {
    await tx
      .update(pushOutbox)
      .set({ availableAt: until })
      .where(and(eq(pushOutbox.leaseId, leaseId), eq(pushOutbox.status, 'pending')));
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
