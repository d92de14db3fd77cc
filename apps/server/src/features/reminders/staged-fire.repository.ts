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
   * Releases leases' staged fires in one statement: per lease, the users whose fires still stood (a
   * user whose stamp was raised meanwhile is not among them: their fire was cancelled with their
   * write).
   */
  async release(leaseIds: string[]): Promise<Map<string, Set<string>>> {
    const standing = new Map(leaseIds.map((id) => [id, new Set<string>()]));
    if (leaseIds.length === 0) return standing;
    const rows = rowsOf<{ lease_id: string; user_id: string }>(
      await this.db.execute(sql`delete from ${stagedFires}
        where lease_id = any(string_to_array(${leaseIds.join(',')}, ',')::uuid[])
        returning lease_id, user_id`),
    );
    for (const r of rows) standing.get(r.lease_id)?.add(r.user_id);
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
