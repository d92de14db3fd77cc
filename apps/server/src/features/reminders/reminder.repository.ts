import { type SQL, and, asc, eq, lte, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import { reminderDeliveries, reminderSchedule, reminderStamps } from '../../db/schema';
import type { DueRow } from './engine/row-evaluation';
import type { ReminderKind, ScheduleSpec } from './schedule-rules';
import { inIds } from '../../db/sql-helpers';

export interface ScheduleWrite extends ScheduleSpec {
  id?: string;
  userId: string;
  occurrenceDate: string;
  fireAt: Date;
  ref?: string | null;
}

/**
 * The reminder engine's own tables: the schedule (one row per pending reminder, found through the
 * fire_at index) and the delivery keys that make each reminder exactly-once. What a reminder reads of
 * medicines, settings, notifications and devices goes through those features' repositories.
 */
export class ReminderRepository {
  constructor(private readonly db: Database) {}

  /** Claims due rows; SKIP LOCKED lets other workers take the next ones instead of waiting. */
  async claimDue(now: Date, limit: number): Promise<DueRow[]> {
    const rows = await this.db
      .select()
      .from(reminderSchedule)
      .where(lte(reminderSchedule.fireAt, now))
      .orderBy(asc(reminderSchedule.fireAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return rows.map(toDueRow);
  }

  /**
   * Rows firing in (`after`, `until`], in (fire_at, id) order from the keyset `after`, without
   * locking: what preparation reads ahead (decision 048). Rows firing at one instant are paged by id.
   */
  async listUpcoming(after: { fireAt: Date; id: string }, until: Date, limit: number): Promise<DueRow[]> {
    const rows = await this.db
      .select()
      .from(reminderSchedule)
      .where(
        and(
          sql`(${reminderSchedule.fireAt}, ${reminderSchedule.id}) > (${after.fireAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
          lte(reminderSchedule.fireAt, until),
        ),
      )
      .orderBy(asc(reminderSchedule.fireAt), asc(reminderSchedule.id))
      .limit(limit);
    return rows.map(toDueRow);
  }

  /**
   * Rows among `ids` that still fire in (`after`, `until`], locked for staging (decision 017); rows
   * another transaction holds (a fire job, a medicine edit) are skipped and fire as they would.
   */
  async claimUpcoming(ids: string[], after: Date, until: Date): Promise<DueRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(reminderSchedule)
      .where(
        and(
          inIds(reminderSchedule.id, ids),
          sql`${reminderSchedule.fireAt} > ${after.toISOString()}::timestamptz`,
          lte(reminderSchedule.fireAt, until),
        ),
      )
      .for('update', { skipLocked: true });
    return rows.map(toDueRow);
  }

  /**
   * The users whose stamps this transaction now holds FOR SHARE, until it ends (decision 017): a
   * write of theirs then raises its stamp, and cancels what this transaction staged, only after it
   * commits. A user whose stamp a write holds right now is left out (and is not staged), as is one
   * without a stamp.
   */
  async holdStamps(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .select({ userId: reminderStamps.userId })
      .from(reminderStamps)
      .where(inIds(reminderStamps.userId, userIds))
      .for('share', { skipLocked: true });
    return new Set(rows.map((r) => r.userId));
  }

  /**
   * The users' reminder stamps (decision 015); a user nothing was written for yet is absent. Read
   * before what they guard: a write in between has raised the stamp by then.
   */
  async stampsOf(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: reminderStamps.userId, stamp: reminderStamps.stamp })
      .from(reminderStamps)
      .where(inIds(reminderStamps.userId, userIds));
    return new Map(rows.map((r) => [r.userId, Number(r.stamp)]));
  }

  async countDue(now: Date, cap: number): Promise<number> {
    const result = await this.db.execute(countDueStatement(now, cap));
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }

  /** Records dedupe keys; returns the `${userId}|${key}` pairs that were new. */
  async recordDeliveries(rows: { userId: string; key: string }[], now: Date): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const json = JSON.stringify(rows.map((r) => ({ user_id: r.userId, key: r.key })));
    const inserted = rowsOf<{ user_id: string; key: string }>(
      await this.db.execute(sql`insert into ${reminderDeliveries} (user_id, key, created_at)
        select x.user_id, x.key, ${now.toISOString()}::timestamptz
        from json_to_recordset(${json}::json) as x(user_id uuid, key text)
        on conflict do nothing
        returning user_id, key`),
    );
    return new Set(inserted.map((r) => `${r.user_id}|${r.key}`));
  }

  /** Moves rows to their next firing (and spec, when settings changed) in one statement. */
  async moveRows(rows: (ScheduleWrite & { id: string })[]): Promise<void> {
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
    await this.db.execute(sql`update ${reminderSchedule} as r
      set fire_at = v.fire_at, occurrence_date = v.occurrence_date, local_time = v.local_time,
          offset_minutes = v.offset_minutes, timezone = v.timezone
      from json_to_recordset(${json}::json)
        as v(id uuid, fire_at timestamptz, occurrence_date date, local_time text, offset_minutes int, timezone text)
      where r.id = v.id`);
  }

  async deleteRows(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(reminderSchedule).where(inIds(reminderSchedule.id, ids));
  }

  /** One row of the user's by its kind and slot (a postponement taken back, decision 316). */
  async deleteOne(userId: string, kind: ReminderKind, slot: number): Promise<void> {
    await this.db
      .delete(reminderSchedule)
      .where(
        and(
          eq(reminderSchedule.userId, userId),
          eq(reminderSchedule.kind, kind),
          eq(reminderSchedule.slot, slot),
        ),
      );
  }

  /** Every pending reminder of the user, caregiver alerts about them included (a disabled account). */
  async deleteAllOf(userId: string): Promise<void> {
    await this.db.delete(reminderSchedule).where(eq(reminderSchedule.userId, userId));
  }

  async scheduleOf(userId: string) {
    return this.db.select().from(reminderSchedule).where(eq(reminderSchedule.userId, userId));
  }

  /** Inserts or replaces one row per (user, kind, slot). */
  async upsertRows(rows: ScheduleWrite[]): Promise<void> {
    if (rows.length === 0) return;
    for (let i = 0; i < rows.length; i += 1000) {
      await this.db
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
  }

  /**
   * Queues the user's refill check (decision 047) due `now`, unless one of the same date is already
   * due and not yet taken by a worker: the row this would write, bar an earlier `fire_at`, and it
   * reads the supply when it fires, after this write commits (decision 134). The pending row is
   * held FOR SHARE, not upserted: dose writes of one user no longer queue behind each other on that
   * row until each commits, and a worker, which claims rows FOR UPDATE SKIP LOCKED before it reads
   * the supply, takes it only once the write is visible. A row a worker already holds makes this
   * wait for its commit; it is then gone or later, and a new one is due. The upsert is upsertRows'
   * (same conflict target and columns), written as SQL to sit behind the locking read.
   */
  async queueRefillCheck(userId: string, now: Date): Promise<void> {
    await this.db.execute(refillCheckWhen(userId, now, sql`true`));
  }

  /**
   * The dose row of `slot` waiting at a follow-up of `date` (decision 227), locked until the
   * transaction ends (a fire job holding it is waited for); undefined when none waits.
   */
  async pendingFollowUp(userId: string, slot: number, date: string): Promise<DueRow | undefined> {
    const [row] = await this.db
      .select()
      .from(reminderSchedule)
      .where(
        and(
          eq(reminderSchedule.userId, userId),
          eq(reminderSchedule.kind, 'dose'),
          eq(reminderSchedule.slot, slot),
          eq(reminderSchedule.occurrenceDate, date),
          sql`${reminderSchedule.offsetMinutes} > 0`,
        ),
      )
      .for('update');
    return row ? toDueRow(row) : undefined;
  }

  /**
   * Raises the user's reminder stamp (decision 015) as a stamped write would: what preparation read
   * is no longer used and what was staged for the user is cancelled (decision 017).
   */
  async raiseStamp(userId: string): Promise<void> {
    await this.db.execute(sql`select reminder_stamp_bump(${userId}::uuid)`);
  }
}

/**
 * How many rows are due, up to `cap`: every tick asks it. Ordered by fire_at so that its plan reads
 * the index even as a prepared statement's generic plan (decision 049): without the order,
 * PostgreSQL's generic plan for `fire_at <= $1 limit $2` is a sequential scan of the whole
 * schedule, paid every tick, due rows or not (seen: 4–12 ms a tick over 40,000 rows).
 */
export function countDueStatement(now: Date, cap: number): SQL {
  return sql`select count(*)::int as n from (
    select 1 from ${reminderSchedule} where ${reminderSchedule.fireAt} <= ${now.toISOString()}::timestamptz
    order by ${reminderSchedule.fireAt} limit ${cap}) due`;
}

/**
 * queueRefillCheck's statement, run only `when` holds: as its own statement (`true`), or as a
 * follow-up of a dose write made in one statement (decision 136), where the locks it takes last
 * until that statement commits, as they would in the write's transaction.
 */
export function refillCheckWhen(userId: string, now: Date, when: SQL): SQL {
  const at = now.toISOString();
  const today = at.slice(0, 10);
  return sql`
    with pending as (
      select 1 from ${reminderSchedule}
      where user_id = ${userId}::uuid and kind = 'refill' and slot = 0 and fire_at <= ${at}::timestamptz
        and occurrence_date = ${today}::date
      for share
    )
    insert into ${reminderSchedule}
      (user_id, kind, slot, local_time, offset_minutes, timezone, occurrence_date, fire_at, ref)
    select ${userId}::uuid, 'refill', 0, '00:00', 0, 'UTC', ${today}::date, ${at}::timestamptz, null
    where ${when} and not exists (select 1 from pending)
    on conflict (user_id, kind, slot) do update set
      local_time = excluded.local_time, offset_minutes = excluded.offset_minutes,
      timezone = excluded.timezone, occurrence_date = excluded.occurrence_date,
      fire_at = excluded.fire_at, ref = excluded.ref`;
}

function toDueRow(r: typeof reminderSchedule.$inferSelect): DueRow {
  return {
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
  };
}
