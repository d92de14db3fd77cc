import { lte, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import { stagedFires } from '../../db/schema';
import type { ScheduleWrite } from './reminder.repository';
import type { DueRow } from './engine/row-evaluation';

/** A schedule row staging moved on: as it was, and as staging left it (to be put back on cancel). */
export interface StagedMove {
  before: DueRow;
  after: ScheduleWrite & { id: string };
}

export interface NewStagedFire {
  leaseId: string;
  userId: string;
  dueAt: Date;
  notificationIds: string[];
  keys: string[];
  moves: StagedMove[];
}

/** A released lease's users whose fires stand: every one it staged, or only these. */
export type Standing = 'all' | Set<string>;

/**
 * Reminders stored ahead of their instant (decision 017). A row here means "staged, not yet released":
 * releasing deletes it (the reminder stands), cancelling (`reminder_staged_cancel`, run by the
 * database whenever the user's reminder stamp is raised) deletes it and undoes what it stored.
 */
export class StagedFireRepository {
  constructor(private readonly db: Database) {}

  async insertMany(fires: NewStagedFire[]): Promise<void> {
    if (fires.length === 0) return;
    const json = JSON.stringify(
      fires.map((f) => ({
        lease_id: f.leaseId,
        user_id: f.userId,
        due_at: f.dueAt.toISOString(),
        notification_ids: f.notificationIds,
        keys: f.keys,
        rows: f.moves.map(({ before, after }) => ({
          id: before.id,
          fire_at: before.fireAt.toISOString(),
          occurrence_date: before.occurrenceDate,
          local_time: before.localTime,
          offset_minutes: before.offsetMinutes,
          timezone: before.timezone,
          moved_fire_at: after.fireAt.toISOString(),
          moved_occurrence_date: after.occurrenceDate,
          moved_local_time: after.localTime,
          moved_offset_minutes: after.offsetMinutes,
          moved_timezone: after.timezone,
        })),
      })),
    );
    await this.db
      .execute(sql`insert into ${stagedFires} (lease_id, user_id, due_at, notification_ids, keys, rows)
      select x.lease_id, x.user_id, x.due_at,
        array(select json_array_elements_text(x.notification_ids))::uuid[],
        array(select json_array_elements_text(x.keys)),
        x.rows
      from json_to_recordset(${json}::json)
        as x(lease_id uuid, user_id uuid, due_at timestamptz, notification_ids json, keys json, rows json)`);
  }

  /**
   * Releases leases' staged fires in one statement, given how many users each lease staged: per
   * lease, the users whose fires still stand (a user whose stamp was raised meanwhile is not among
   * them: their fire was cancelled with their write), or `'all'` when none was cancelled. Only a
   * lease with a cancellation has its users sent back: at a due instant of 100k that is almost none,
   * where a row per user came back through PGlite's protocol on the engine's thread.
   */
  async release(leases: { leaseId: string; users: number }[]): Promise<Map<string, Standing>> {
    const standing = new Map<string, Standing>(leases.map((l) => [l.leaseId, new Set<string>()]));
    if (leases.length === 0) return standing;
    const rows = rowsOf<{ lease_id: string; users: string | null }>(
      await this.db.execute(sql`with released as (
          delete from ${stagedFires}
          where lease_id = any(string_to_array(${leases.map((l) => l.leaseId).join(',')}, ',')::uuid[])
          returning lease_id, user_id)
        select r.lease_id,
          case when count(*) < e.users then string_agg(r.user_id::text, ',') end as users
        from released r
        join json_to_recordset(${JSON.stringify(leases.map((l) => ({ lease_id: l.leaseId, users: l.users })))}::json)
          as e(lease_id uuid, users int) on e.lease_id = r.lease_id
        group by r.lease_id, e.users`),
    );
    // A lease with no row left was cancelled for every user: it keeps its empty set.
    for (const r of rows) standing.set(r.lease_id, r.users === null ? 'all' : new Set(r.users.split(',')));
    return standing;
  }

  /**
   * Staged fires whose process did not release them by `before` (their instant plus the push lease):
   * they stand, and the sweep sends their pushes like any other lease that ran out.
   */
  async releaseAbandoned(before: Date): Promise<void> {
    await this.db.delete(stagedFires).where(lte(stagedFires.dueAt, before));
  }

  /** Undoes a lease's staged fires (a process that stops hands back what it has not released). */
  async cancelLease(leaseId: string): Promise<void> {
    await this.db.execute(sql`select reminder_staged_cancel(s.user_id, s.lease_id)
      from ${stagedFires} s where s.lease_id = ${leaseId}::uuid`);
  }
}
